import type { Browser } from '@playwright/test';
import { expect, test, waitForAppAfterLoads } from '../fixtures/test';
import { registerCustomer, registerSeller, signIn, type E2EUser } from '../fixtures/accounts';
import { startMailbox } from '../fixtures/mailbox';

/** The development demo's operator (apps/server/src/db/seed/demo-accounts.ts). */
const OPERATOR = { email: 'operator@pricehub.test', password: 'Operator@123' };

/** A page of its own (cookies apart), signed in as `user`. */
async function pageFor(browser: Browser, user: E2EUser, role: 'customer' | 'seller') {
  const context = await browser.newContext();
  waitForAppAfterLoads(context);
  const page = await context.newPage();
  await signIn(page, user, role);
  return page;
}

test('a shopper reports a review, an operator hides it, and it is gone from the product page', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const mailbox = await startMailbox();
  try {
    const stamp = Date.now().toString(36);
    const name = `Moderphone ${stamp} 8GB 128GB`;
    const abusive = `Total scam ${stamp}, the seller is a crook`;
    const fair = `Solid phone ${stamp}, good battery`;

    // A seller lists a phone; two customers buy it, the seller completes the orders, and each writes a review.
    const seller = await registerSeller(page.request);
    const sellerPage = await pageFor(browser, seller, 'seller');
    const listed = await sellerPage.request.post('/api/seller/products', {
      data: {
        name,
        brand: 'Nokia',
        category: 'mobile',
        description: 'Listed for the moderation test',
        ram: 8,
        storage: 128,
        price: 30_000_00,
        quantity: 5,
        image: '/favicon.svg',
      },
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const { listing, product } = (await listed.json()) as { listing: { id: number }; product: { id: number } };
    const author = await registerCustomer(page.request, 'Angry Author');
    const reviewer = await registerCustomer(page.request, 'Calm Reviewer');
    for (const [customer, text, rating] of [
      [author, abusive, 1],
      [reviewer, fair, 5],
    ] as const) {
      const buyer = await pageFor(browser, customer, 'customer');
      expect((await buyer.request.post('/api/cart/items', { data: { listingId: listing.id } })).status()).toBeLessThan(
        300,
      );
      const checkout = await buyer.request.post('/api/checkout', {
        data: { paymentMethod: 'cashOnDel', shippingAddress: '1 Test Road, Lahore' },
      });
      expect(checkout.status(), await checkout.text()).toBe(201);
      const orderId = ((await checkout.json()) as { orders: { orderId: string }[] }).orders[0]!.orderId;
      const done = await sellerPage.request.put(`/api/seller/orders/${orderId}/status`, {
        data: { status: 'Completed' },
      });
      expect(done.status(), await done.text()).toBe(200);
      const review = await buyer.request.post(`/api/orders/${orderId}/reviews`, {
        data: { productId: listing.id, text, rating },
      });
      expect(review.status(), await review.text()).toBe(201);
      await buyer.context().close();
    }

    // A shopper reads the product page and reports the abusive review.
    await signIn(page, await registerCustomer(page.request, 'Careful Shopper'), 'customer');
    await page.goto(`/result/productHub/${product.id}`);
    const reviews = page.getByRole('region', { name: 'Reviews' });
    await expect(reviews.getByText(abusive)).toBeVisible();
    await reviews.getByRole('button', { name: 'Report the review by Angry Author' }).click();
    const report = page.getByRole('dialog', { name: 'Report the review by Angry Author' });
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report.getByText('Please say what is wrong with this review')).toBeVisible();
    await report.getByRole('textbox', { name: /What is wrong/ }).fill('Calls the seller a crook');
    await report.getByRole('button', { name: 'Send report' }).click();
    await expect(report).toBeHidden();
    await expect(reviews.getByText('Reported')).toBeVisible();

    // The operator signs in, lands on the dashboard, and finds the report in the moderation queue.
    const context = await browser.newContext();
    waitForAppAfterLoads(context);
    const ops = await context.newPage();
    await ops.goto('/operator/login');
    await ops.getByRole('textbox', { name: 'Email' }).fill(OPERATOR.email);
    await ops.getByLabel('Password').fill(OPERATOR.password);
    await ops.getByRole('button', { name: 'Sign in' }).click();
    await expect(ops).toHaveURL(/\/operator\/dashboard$/);
    await expect(ops.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await ops.getByRole('link', { name: 'Moderation' }).click();
    const card = ops.getByRole('listitem', { name: new RegExp(`Review by Angry Author of ${name}`) });
    await expect(card).toContainText(abusive);
    await expect(card).toContainText('Calls the seller a crook');
    await card.getByRole('button', { name: 'Hide' }).click();
    const hide = ops.getByRole('dialog', { name: 'Hide this review?' });
    await hide.getByRole('textbox', { name: /Reason/ }).fill('Personal attacks are not allowed');
    await hide.getByRole('button', { name: 'Hide review' }).click();
    await expect(hide).toBeHidden();
    await expect(card).toBeHidden();

    // Gone from the product page; the fair review stays.
    await page.reload();
    await expect(reviews.getByText(fair)).toBeVisible();
    await expect(reviews.getByText(abusive)).toHaveCount(0);

    // The author is told why, and the audit log has it.
    // (Their order mails came first; the mail job sends every 5 s.)
    await expect
      .poll(() => mailbox.received.find((m) => m.to.includes(author.email) && m.subject.includes('is hidden'))?.text, {
        timeout: 30_000,
      })
      .toContain('Personal attacks are not allowed');
    await ops.getByRole('link', { name: 'Audit log' }).click();
    const entry = ops.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
    await expect(entry).toContainText('Hid a review');
    await expect(entry).toContainText(name);
    await context.close();
    await sellerPage.context().close();
  } finally {
    await mailbox.close();
  }
});
