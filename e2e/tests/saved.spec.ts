import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { registerCustomer, registerSeller, signIn } from '../fixtures/accounts';

/** A seller's product of our own, created through the seller API (the demo data may change). */
async function createProduct(request: APIRequestContext, name: string): Promise<number> {
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/seller/products', {
    data: {
      name,
      brand: 'Lenovo',
      category: 'laptop',
      description: 'A laptop for the saved-items test',
      ram: 16,
      storage: 512,
      price: 185_000_00,
      quantity: 3,
      image: '/favicon.svg',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { product: { id: number } }).product.id;
}

test('a visitor is told to log in first', async ({ page }) => {
  await page.goto('/wishlist');
  await expect(page.getByText('Login First Please')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test('a shopper saves a product from its page, sees it on /wishlist and /compare, and removes it after confirming', async ({
  page,
  request,
}) => {
  const name = `ThinkPad E14 E2E ${Date.now()}`;
  const productId = await createProduct(request, name);
  await signIn(page, await registerCustomer(request), 'customer');

  await page.goto(`/result/productHub/${productId}`);
  await page.getByRole('button', { name: /add to wishlist/i }).click();
  await expect(page.getByText('Successfully Added to Wishlist')).toBeVisible();
  await page.getByRole('button', { name: /add to compare/i }).click();
  await expect(page.getByText('Added to Compare')).toBeVisible();

  await page.goto('/wishlist');
  const link = page.getByRole('link', { name });
  await expect(link).toHaveAttribute('href', `/result/productHub/${productId}`);
  await expect(page.getByTestId('wishlist-item')).toContainText('Rs 185,000');
  await page.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove from wishlist?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(link).toBeVisible();
  await page.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed from Wishlist')).toBeVisible();
  await expect(page.getByText('Your Wishlist is Empty')).toBeVisible();

  await page.goto('/compare');
  const column = page.getByTestId('compare-column');
  await expect(column).toHaveCount(1);
  await expect(column).toContainText(name);
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /RAM/ })).toContainText('16GB');
  await expect(table.getByRole('row', { name: /Storage/ })).toContainText('512GB');
  await expect(table.getByRole('row', { name: /Stores/ })).toContainText('1');
  await page.getByRole('button', { name: `Remove ${name} from compare` }).click();
  await page.getByRole('dialog', { name: 'Remove from compare list?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Removed from Compare')).toBeVisible();
  await expect(page.getByText('Nothing to compare yet')).toBeVisible();
});

test('a 5th product added to compare from its page asks which one to replace', async ({ page, request }) => {
  await signIn(page, await registerCustomer(request), 'customer');
  const search = await (await page.request.get('/api/products?q=laptop')).json();
  const [fifth, ...four] = (search.items as { id: number; name: string }[]).slice(0, 5);
  for (const item of four) {
    expect((await page.request.post('/api/compare', { data: { productId: item.id } })).status()).toBe(201);
  }

  await page.goto(`/result/productHub/${fifth!.id}`);
  await page.getByRole('button', { name: /add to compare/i }).click();
  const dialog = page.getByRole('dialog', { name: 'Your compare list is full' });
  await dialog.getByLabel(new RegExp(four[1]!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).check();
  await dialog.getByRole('button', { name: 'Replace' }).click();
  await expect(dialog).toBeHidden();

  const compare = await (await page.request.get('/api/compare')).json();
  const names = (compare.items as { name: string }[]).map((i) => i.name);
  expect(names).toContain(fifth!.name);
  expect(names).not.toContain(four[1]!.name);
  expect(names).toHaveLength(4);
});
