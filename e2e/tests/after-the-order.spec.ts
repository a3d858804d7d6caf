import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test, waitForAppAfterLoads } from '../fixtures/test';
import { registerCustomer, registerSeller, signIn, type E2ESeller } from '../fixtures/accounts';

const utcDay = (offsetDays = 0) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A seller of our own with one phone (5 on the shelf) and a 10% promo code, made through the seller API. */
async function sellerWithPromo(
  request: APIRequestContext,
  name: string,
  code: string,
): Promise<{ seller: E2ESeller; listingId: number }> {
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const product = await request.post('/api/seller/products', {
    data: {
      name,
      brand: 'Xiaomi',
      category: 'mobile',
      description: 'A phone for the after-the-order test',
      ram: 8,
      storage: 128,
      price: 40_000_00,
      quantity: 5,
      image: '/favicon.svg',
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const promo = await request.post('/api/seller/promos', {
    data: { title: 'Ten off', code, discount: 10, startDate: utcDay(), endDate: utcDay(7) },
  });
  expect(promo.status(), await promo.text()).toBe(201);
  return { seller, listingId: ((await product.json()) as { listing: { id: number } }).listing.id };
}

async function shelf(page: Page, listingId: number): Promise<number> {
  const res = await page.request.get('/api/seller/products');
  const items = ((await res.json()) as { items: { id: number; quantity: number }[] }).items;
  return items.find((i) => i.id === listingId)!.quantity;
}

test('a shopper sees the promo before ordering, opens the order, gets the invoice and returns the order; the seller accepts and the stock comes back', async ({
  page,
  request,
  browser,
}) => {
  // A long journey through two browser sessions on a shared, slow machine.
  test.setTimeout(180_000);
  const tag = Date.now().toString(36).toUpperCase();
  const code = `TEN${tag}`.slice(0, 16);
  const name = `Returnphone ${tag}`;
  const { seller, listingId } = await sellerWithPromo(request, name, code);
  await signIn(page, await registerCustomer(request, 'Zara Returner'), 'customer');
  const added = await page.request.post('/api/cart/items', { data: { listingId, quantity: 2 } });
  expect(added.status(), await added.text()).toBeLessThan(300);

  // The discount shows in the checkout form, before the order exists.
  await page.goto('/shoppingCart');
  const checkout = page.getByRole('form', { name: 'Checkout' });
  await expect(checkout).toContainText('Rs 80,050');
  await checkout.getByLabel('Promo code').fill(code.toLowerCase());
  // 2 × Rs 40,000, 10% off (Rs 8,000), plus Rs 50 delivery.
  await expect(checkout).toContainText(`Promo ${code}: −Rs 8,000`);
  await expect(checkout).toContainText('Rs 72,050');
  await checkout.getByLabel('Cash on delivery').check();
  await checkout.getByRole('button', { name: 'Checkout', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout-success\?orders=SG\d+$/);
  const orderId = new URL(page.url()).searchParams.get('orders')!;

  // From the account page to the order's own page.
  await page.goto('/custPanel');
  await page.getByRole('link', { name: `View order ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/${orderId}$`));
  await expect(page.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items).toContainText(name);
  await expect(items).toContainText('Qty 2 × Rs 40,000');
  await expect(items).toContainText(seller.storeName);
  await expect(page.getByText(`Promo ${code}: −Rs 8,000`)).toBeVisible();
  await expect(page.getByText('Total: Rs 72,050')).toBeVisible();
  await expect(page.getByLabel('Order status: Booked')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Cash on delivery');
  await expect(page.getByRole('region', { name: 'Delivery address' })).toContainText('1 Test Road, Lahore');

  // On a phone the page fits the screen: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  const invoiceLink = page.getByRole('link', { name: 'Download invoice (PDF)' });
  await invoiceLink.scrollIntoViewIfNeeded();
  await expect(invoiceLink).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The invoice downloads as a PDF named after the order.
  const download = page.waitForEvent('download');
  await invoiceLink.click();
  const invoice = await download;
  expect(invoice.suggestedFilename()).toBe(`pricehub-invoice-${orderId}.pdf`);
  const pdf = readFileSync(await invoice.path());
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(1000);

  // The seller delivers: Completed.
  const sellerContext = await browser.newContext();
  waitForAppAfterLoads(sellerContext);
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, seller, 'seller');
  const completed = await sellerPage.request.put(`/api/seller/orders/${orderId}/status`, {
    data: { status: 'Completed' },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  expect(await shelf(sellerPage, listingId)).toBe(3);

  // Later, the shopper asks to return it.
  await page.reload();
  await expect(page.getByLabel('Order status: Completed')).toBeVisible();
  await page.getByRole('button', { name: 'Return this order' }).click();
  const form = page.getByRole('form', { name: 'Request a return' });
  await form.getByLabel('Why are you returning this order?').fill('The battery drains in two hours');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByRole('article', { name: 'Return Requested' })).toContainText(
    'The battery drains in two hours',
  );

  // The seller hears of it, and accepts.
  await sellerPage.goto('/seller/notifications');
  await expect(sellerPage.getByRole('article', { name: `Return requested: ${orderId}` })).toBeVisible();
  await sellerPage.goto('/seller/returns');
  const card = sellerPage.getByRole('article', { name: `Return of order ${orderId}` });
  await expect(card).toContainText('The battery drains in two hours');
  await card.getByRole('radio', { name: /^Accept/ }).check();
  await card.getByRole('button', { name: 'Accept return' }).click();
  await expect(sellerPage.getByText('Return accepted.', { exact: false }).first()).toBeVisible();

  // The stock is back on the shelf, as the seller's product list shows.
  await sellerPage.goto('/seller/products');
  await expect(sellerPage.getByRole('row', { name: new RegExp(name) })).toContainText('5');
  expect(await shelf(sellerPage, listingId)).toBe(5);
  await sellerContext.close();

  // The shopper sees the refund.
  await page.reload();
  await expect(page.getByRole('article', { name: 'Return Accepted' })).toContainText('Rs 72,050 refunded');
  await expect(page.getByRole('region', { name: 'Payment' })).toContainText('Refunded');
});
