import type { APIRequestContext } from '@playwright/test';
import { expect, test, waitForAppAfterLoads } from '../fixtures/test';
import { registerCustomer, registerSeller, signIn, type E2ESeller } from '../fixtures/accounts';

/** A seller of our own with one product, created through the seller API (the demo data may change); `price` in paisa. */
async function sellerWithProduct(
  request: APIRequestContext,
  name: string,
  price: number,
): Promise<{ seller: E2ESeller; productId: number }> {
  // productId: the catalogue product made for this seller's listing (its page's id).
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/seller/products', {
    data: {
      name,
      brand: 'Xiaomi',
      category: 'mobile',
      description: 'A phone for the shopping test',
      ram: 8,
      storage: 256,
      price,
      quantity: 5,
      image: '/favicon.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { seller, productId: ((await res.json()) as { product: { id: number } }).product.id };
}

test('a shopper buys from two sellers with cash on delivery; a seller ships and the shopper sees it', async ({
  page,
  request,
  browser,
}) => {
  // A long journey through three browser sessions on a shared, slow machine.
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const first = await sellerWithProduct(request, `Quasarphone ${tag} Alpha`, 45_000_00);
  const second = await sellerWithProduct(request, `Nebulaphone ${tag} Beta`, 30_000_00);
  await signIn(page, await registerCustomer(request, 'Hina Shopper'), 'customer');

  // The first product through the header's search, the second from its own page.
  await page.goto('/');
  const search = page
    .getByRole('textbox', { name: 'Search products' })
    .or(page.getByRole('combobox', { name: 'Search products' }));
  await search.first().fill(`Quasarphone ${tag}`);
  await search.first().press('Enter');
  await page.getByRole('link', { name: `View Details: Quasarphone ${tag} Alpha` }).click();
  await expect(page).toHaveURL(new RegExp(`/result/productHub/${first.productId}$`));
  // The page's own button (each row of "Compare prices" has one too, named after its seller).
  await page.getByRole('button', { name: 'Add to Cart', exact: true }).click();
  await expect(page.getByText('Added to Cart')).toBeVisible();

  await page.goto(`/result/productHub/${second.productId}`);
  await page.getByRole('button', { name: `Add to Cart from ${second.seller.storeName}` }).click();
  await expect(page.getByText('Added to Cart').first()).toBeVisible();

  await page.goto('/shoppingCart');
  await expect(page.getByRole('region', { name: `Sold by ${first.seller.storeName}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Sold by ${second.seller.storeName}` })).toBeVisible();
  await page.getByRole('button', { name: `Increase quantity of Nebulaphone ${tag} Beta` }).click();
  await expect(page.getByText('Product Quantity Increased')).toBeVisible();
  // Rs 45,000 + 2 × Rs 30,000 + 2 × Rs 50 shipping
  await expect(page.getByRole('form', { name: 'Checkout' })).toContainText('Rs 105,100');
  await expect(page.getByLabel('Shipping address')).toHaveValue(/1 Test Road, Lahore/);
  await page.getByLabel('Cash on delivery').check();
  await page.getByRole('button', { name: 'Checkout', exact: true }).click();

  await expect(page).toHaveURL(/\/checkout-success\?orders=SG\d+,SG\d+$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
  const receipts = page.getByRole('region', { name: /^Order SG\d+$/ });
  await expect(receipts).toHaveCount(2);
  await expect(page.getByText('Grand total: Rs 105,100')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Cart, 0 items$/ }).or(page.getByLabel('Cart, 0 items'))).toBeVisible();

  await page.goto('/custPanel');
  const orders = page.getByRole('article', { name: /^Order SG\d+$/ });
  await expect(orders).toHaveCount(2);
  const firstOrder = orders.filter({ hasText: first.seller.storeName });
  const orderId = ((await firstOrder.getAttribute('aria-label')) ?? '').replace('Order ', '');
  expect(orderId).toMatch(/^SG\d+$/);
  await expect(firstOrder.getByLabel('Order status: Booked')).toBeVisible();

  // The first seller sees the notification, then ships the order.
  const sellerContext = await browser.newContext();
  waitForAppAfterLoads(sellerContext);
  const sellerPage = await sellerContext.newPage();
  await signIn(sellerPage, first.seller, 'seller');
  await sellerPage.goto('/seller/notifications');
  const note = sellerPage.getByRole('article', { name: `New order received: ${orderId}` });
  await expect(note).toContainText(`Quasarphone ${tag} Alpha`);
  await expect(note).toContainText('Hina Shopper');
  await expect(note).toContainText('Rs 45,050');

  await sellerPage.goto('/seller/orders');
  await sellerPage.getByRole('link', { name: `Update order ${orderId}` }).click();
  await expect(sellerPage).toHaveURL(new RegExp(`/updateOrder/${orderId}$`));
  await expect(sellerPage.getByRole('textbox', { name: 'Order status' })).toHaveValue('Accepted');
  await sellerPage.getByRole('textbox', { name: 'Order status' }).click();
  await sellerPage.getByRole('option', { name: 'Shipped' }).click();
  await sellerPage.getByRole('button', { name: 'Update status' }).click();
  await expect(sellerPage.getByText('Successfully Updated Order Status')).toBeVisible();
  await sellerContext.close();

  // The shopper's stepper now shows Shipped.
  await page.reload();
  const shipped = page.getByRole('article', { name: `Order ${orderId}` });
  await expect(shipped.getByLabel('Order status: Shipped')).toBeVisible();
  await expect(shipped.getByText('Cancel order')).toHaveCount(0);
});
