import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { registerCustomer, registerSeller, signIn } from '../fixtures/accounts';

const pad = (n: number) => String(n).padStart(2, '0');
/** A day as the sale form shows and takes it: MM/DD/YYYY, in the browser's (this machine's) time zone. */
const mdy = (d: Date) => `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;

async function createProduct(page: Page, name: string, pricePaisa: number): Promise<number> {
  const res = await page.request.post('/api/seller/products', {
    data: {
      name,
      brand: 'Samsung',
      category: 'mobile',
      description: `${name}, listed for the seller workspace test`,
      ram: 8,
      storage: 256,
      price: pricePaisa,
      quantity: 5,
      image: '/favicon.svg',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { product: { id: number } }).product.id;
}

async function typeDate(page: Page, label: string, value: string) {
  const input = page.getByRole('textbox', { name: label });
  await input.fill(value);
  await input.press('Escape');
}

test('a seller runs a sale on two products; the shopper sees its prices on the product page, in the cart and on the sale page', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const phoneName = `Galaxy Sale ${stamp}`;
  const tabletName = `Galaxy Tab Sale ${stamp}`;

  await signIn(page, await registerSeller(page.request), 'seller');
  const phoneId = await createProduct(page, phoneName, 50_000_00);
  await createProduct(page, tabletName, 120_000_00);

  await page.goto('/seller/addSale');
  await page.getByRole('textbox', { name: 'Sale title' }).fill(`Winter Deals ${stamp}`);
  const products = page.getByRole('textbox', { name: 'Products' });
  await products.click();
  await page.getByRole('option', { name: phoneName, exact: true }).click();
  await page.getByRole('option', { name: tabletName, exact: true }).click();
  await products.press('Escape');
  const discount = page.getByRole('textbox', { name: 'Discount (%)' });
  await discount.fill('20');
  await discount.blur();
  const today = new Date();
  await typeDate(page, 'Start date', mdy(today));
  await typeDate(page, 'End date', mdy(new Date(today.getTime() + 7 * 86_400_000)));

  const preview = page.getByRole('table', { name: 'Sale price preview' });
  await expect(preview).toContainText('Rs 40,000.00');
  await expect(preview).toContainText('Rs 96,000.00');

  await page.getByRole('button', { name: 'Create sale' }).click();
  await expect(page).toHaveURL(/\/seller\/saleAlert\?code=[0-9A-F]{8}$/);
  await expect(page.getByRole('heading', { name: 'Sale created' })).toBeVisible();
  const code = new URL(page.url()).searchParams.get('code')!;

  await page.goto('/seller/sales');
  await expect(page.getByRole('table', { name: 'Your sales' })).toContainText(code);

  // The shopper: a separate person, so the seller's session goes first.
  await page.context().clearCookies();
  await signIn(page, await registerCustomer(page.request), 'customer');

  await page.goto(`/result/productHub/${phoneId}`);
  await expect(page.getByText('Rs 40,000', { exact: false }).first()).toBeVisible();

  const added = await page.request.post('/api/cart/items', { data: { productId: phoneId } });
  expect(added.ok()).toBe(true);
  await page.goto('/shoppingCart');
  await expect(page.getByText(phoneName).first()).toBeVisible();
  await expect(page.getByText('Rs 40,000', { exact: false }).first()).toBeVisible();

  await page.goto(`/saleDetail/${code}`);
  await expect(page.getByRole('heading', { name: `Winter Deals ${stamp}` })).toBeVisible();
  await expect(page.getByText('20% off')).toBeVisible();
  await page.getByRole('tab', { name: /Products/ }).click();
  await expect(page.getByRole('article', { name: phoneName }).getByTestId('sale-price')).toHaveText('Rs 40,000');
  await expect(page.getByRole('article', { name: tabletName }).getByTestId('sale-price')).toHaveText('Rs 96,000');
});
