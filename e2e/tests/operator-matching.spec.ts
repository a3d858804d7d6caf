import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { registerSeller, type E2ESeller } from '../fixtures/accounts';

/** The development demo's operator (apps/server/src/db/seed/demo-accounts.ts); the e2e server runs NODE_ENV=test. */
const OPERATOR = { email: 'operator@pricehub.test', password: 'Operator@123' };

/** A seller of its own (signed in on its own request context) lists one phone; returns its catalogue product's id. */
async function listPhone(request: APIRequestContext, seller: E2ESeller, name: string, ram: number): Promise<number> {
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/seller/products', {
    data: {
      name,
      brand: 'Zentra',
      category: 'mobile',
      description: 'Listed for the matching test',
      ram,
      storage: 128,
      price: ram === 8 ? 52_000_00 : 54_000_00,
      quantity: 3,
      image: '/favicon.svg',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { product: { id: number } }).product.id;
}

test('an operator merges two products: the gone one’s address leads to the kept one, which lists both offers', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).replace(/\d/g, '');
  const model = `Mergeaphone ${stamp}`;
  // Two sellers list one phone; the second wrote 12 GB of RAM, so matching made it a product of its own.
  const [first, second] = [await registerSeller(page.request), await registerSeller(page.request)];
  const sellerRequests = [
    await playwright.request.newContext({ baseURL }),
    await playwright.request.newContext({ baseURL }),
  ];
  const keepId = await listPhone(sellerRequests[0]!, first, `Zentra ${model} 8GB 128GB`, 8);
  const goneId = await listPhone(sellerRequests[1]!, second, `Zentra ${model} 12GB 128GB`, 12);
  await Promise.all(sellerRequests.map((r) => r.dispose()));
  expect(goneId).not.toBe(keepId);

  // The operator signs in and finds the near miss in the queue.
  await page.goto('/operator/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/operator\/login$/);
  await page.getByRole('navigation', { name: 'Operator sections' }).getByRole('link', { name: 'Matching' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Matching' })).toBeVisible();
  await page.getByText('Near misses', { exact: true }).click();
  await expect(page).toHaveURL(/reason=near-miss/);
  await page.getByRole('textbox', { name: 'Offer or store' }).fill(model);
  await page.getByRole('button', { name: 'Search' }).click();

  const card = page.getByRole('listitem', { name: `Zentra ${model} 12GB 128GB` });
  await expect(card).toBeVisible();
  await expect(card).toContainText('Near miss');
  // Side by side: this listing, its product and the other one, whose RAM differs.
  const compare = card.getByRole('table');
  await expect(compare.getByRole('columnheader', { name: `Candidate #${keepId}` })).toBeVisible();
  await expect(compare.getByRole('row', { name: /^RAM/ })).toContainText('8 GB (differs)');

  await card.getByRole('button', { name: 'Merge products' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge these two products?' });
  await dialog.getByRole('radio', { name: new RegExp(`Keep #${keepId} `) }).check();
  await expect(dialog).toContainText(`#${goneId} Zentra ${model} 12GB 128GB is deleted`);
  await dialog.getByRole('button', { name: 'Merge products' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Zentra ${model} 12GB 128GB is merged into Zentra ${model} 8GB 128GB`)).toBeVisible();
  await expect(card).toBeHidden();

  // The gone product's address leads to the kept one, whose offers table lists both sellers.
  await page.goto(`/result/productHub/${goneId}`);
  await expect(page).toHaveURL(new RegExp(`/result/productHub/${keepId}$`));
  const table = page.getByRole('table', { name: 'Compare prices' });
  await expect(table.getByRole('row').filter({ hasText: first.storeName })).toContainText('Rs 52,000');
  await expect(table.getByRole('row').filter({ hasText: second.storeName })).toContainText('Rs 54,000');

  // The audit log has it, with the values before and after.
  const audit = await page.request.get('/api/operator/audit?action=product.merge');
  const entry = ((await audit.json()) as { items: { target: { id: string }; after: unknown }[] }).items[0]!;
  expect(entry.target.id).toBe(String(keepId));
  expect(entry.after).toMatchObject({ redirect: { from: goneId, to: keepId } });
});
