import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { registerSeller, signIn } from '../fixtures/accounts';
import { startMailbox } from '../fixtures/mailbox';

/** The development demo's operator (apps/server/src/db/seed/demo-accounts.ts); the e2e server runs NODE_ENV=test. */
const OPERATOR = { email: 'operator@pricehub.test', password: 'Operator@123' };

async function resultsFor(page: Page, word: string) {
  await page.goto(`/result?q=${encodeURIComponent(word)}`);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
}

test('an operator suspends a store, whose listings leave search, then reopens it', async ({ page }) => {
  const mailbox = await startMailbox();
  try {
    const stamp = Date.now().toString(36);
    const word = `Suspendaphone${stamp}`;
    const name = `${word} 8GB 128GB`;
    const seller = await registerSeller(page.request, `Ops Test Store ${stamp}`);
    await signIn(page, seller, 'seller');
    const created = await page.request.post('/api/seller/products', {
      data: {
        name,
        brand: 'Samsung',
        category: 'mobile',
        description: 'Listed for the operator console test',
        ram: 8,
        storage: 128,
        price: 64_000_00,
        quantity: 4,
        image: '/favicon.svg',
      },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();

    await resultsFor(page, word);
    await expect(page.getByRole('link', { name: `View Details: ${name}` })).toBeVisible();

    // The operator signs in on a phone-sized screen, finds the store and suspends it with a reason.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/operator/stores');
    await expect(page).toHaveURL(/\/operator\/login$/);
    await page.getByRole('textbox', { name: 'Email' }).fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/operator\/stores$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sellers' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Store or seller' }).fill(seller.storeName);
    await page.getByRole('button', { name: 'Search' }).click();
    const card = page.getByRole('listitem', { name: seller.storeName });
    await expect(card).toBeVisible();
    await expect(card).toContainText('Open');
    await card.getByRole('button', { name: `Suspend ${seller.storeName}` }).click();
    const dialog = page.getByRole('dialog', { name: `Suspend ${seller.storeName}?` });
    await dialog.getByRole('button', { name: 'Suspend store' }).click();
    await expect(dialog.getByText('Please give a reason')).toBeVisible();
    await dialog.getByRole('textbox', { name: /Reason/ }).fill('Listings copied from another store');
    await dialog.getByRole('button', { name: 'Suspend store' }).click();
    await expect(dialog).toBeHidden();
    await expect(card).toContainText('Suspended');
    await expect(card).toContainText('Listings copied from another store');

    // Gone from search, and the store page says it is unavailable.
    await resultsFor(page, word);
    await expect(page.getByText('No products match your search')).toBeVisible();
    await expect(page.getByRole('link', { name: `View Details: ${name}` })).toHaveCount(0);
    const slug = (
      await (await page.request.get(`/api/operator/stores?q=${encodeURIComponent(seller.storeName)}`)).json()
    ).items[0].slug as string;
    await page.goto(`/viewstore/${slug}`);
    await expect(page.getByText('This store is unavailable at the moment.')).toBeVisible();

    // The seller is mailed the reason.
    const mail = await mailbox.waitForMail(seller.email);
    expect(mail.subject).toContain('is suspended');
    expect(mail.text).toContain('Listings copied from another store');

    // The audit log has it, at a tablet's width.
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/operator/audit');
    const entry = page.getByRole('list', { name: 'Audit entries' }).getByRole('listitem').first();
    await expect(entry).toContainText('Suspended a store');
    await expect(entry).toContainText(seller.storeName);
    await expect(entry).toContainText(`By ${OPERATOR.email}`);

    // Reopened: the listing is found again.
    await page.getByRole('link', { name: 'Sellers' }).click();
    await page.getByRole('textbox', { name: 'Store or seller' }).fill(seller.storeName);
    await page.getByRole('textbox', { name: 'Store or seller' }).press('Enter');
    await page.getByRole('button', { name: `Reopen ${seller.storeName}` }).click();
    const reopen = page.getByRole('dialog', { name: `Reopen ${seller.storeName}?` });
    await reopen.getByRole('button', { name: 'Reopen store' }).click();
    await expect(reopen).toBeHidden();
    await expect(page.getByRole('button', { name: `Suspend ${seller.storeName}` })).toBeVisible();
    await resultsFor(page, word);
    await expect(page.getByRole('link', { name: `View Details: ${name}` })).toBeVisible();
  } finally {
    await mailbox.close();
  }
});

test('customers and sellers are sent to the operator sign-in, and the API refuses them', async ({ page }) => {
  const seller = await registerSeller(page.request);
  await signIn(page, seller, 'seller');
  expect((await page.request.get('/api/operator/stores')).status()).toBe(403);
  await page.goto('/operator/audit');
  await expect(page).toHaveURL(/\/operator\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Operator sign in' })).toBeVisible();
});
