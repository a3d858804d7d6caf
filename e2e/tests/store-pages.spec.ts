import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { registerSeller } from '../fixtures/accounts';

/** The store page shows 48 products a page (apps/web/src/features/catalog/api/catalog.ts): 50 make two pages. */
const LISTED = 50;
// Letters and a two-digit count: no model's name holds another's, and none reads as another to the matching.
const models = Array.from(
  { length: LISTED },
  (_, i) => `Pagerline ${'abcdefghij'[i % 10]!.repeat(3)}${String(i).padStart(2, '0')}`,
);

let slug = '';

/** A new seller's store with LISTED products (no demo store has more than 48), listed oldest first. */
async function stockStore(request: APIRequestContext): Promise<string> {
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  for (const [i, name] of models.entries()) {
    const res = await request.post('/api/seller/products', {
      data: {
        name,
        brand: 'Pagerco',
        category: 'mobile',
        description: 'A phone for the store pages test',
        ram: 4 + (i % 8),
        storage: 64 * (1 + (i % 4)),
        price: 20_000_00 + i * 100,
        quantity: 2,
        image: '/favicon.svg',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const session = await (await request.get('/api/auth/session')).json();
  return (session as { user: { store: { slug: string } } }).user.store.slug;
}

test.beforeAll(async ({ playwright }, testInfo) => {
  test.setTimeout(120_000);
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  slug = await stockStore(request);
  await request.dispose();
});

/** The HTML the server sends for a page, before any script runs: what is drawn inside #root. */
async function serverDrawn(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="ssr-state">/.exec(html);
  expect(root, `${path} is rendered inside #root`).not.toBeNull();
  return { html, root: root![1]! };
}

test('each page of a store arrives server-rendered with its own products and links to the others', async ({
  request,
}) => {
  // Newest first: the first page holds the last 48 listed, the second the first two.
  const first = await serverDrawn(request, `/viewstore/${slug}`);
  expect(first.html).toContain(`: ${LISTED} products | PriceHub</title>`);
  expect(first.root).toContain(models[LISTED - 1]);
  for (const model of models.slice(0, 2)) expect(first.root).not.toContain(model);
  expect(first.root).toContain(`href="/viewstore/${slug}?page=2"`);

  const second = await serverDrawn(request, `/viewstore/${slug}?page=2`);
  for (const model of models.slice(0, 2)) expect(second.root).toContain(model);
  expect(second.root).not.toContain(models[LISTED - 1]);
  expect(second.root).toContain(`href="/viewstore/${slug}"`);
});

test('a shopper pages through a store with the keyboard; page 1 has no ?page', async ({ page }) => {
  await page.goto(`/viewstore/${slug}`);
  const pager = page.getByRole('navigation', { name: /^Pages of .*'s products$/ });
  await expect(page.getByText(`Products 1–48 of ${LISTED}`)).toBeVisible();
  await pager.getByRole('link', { name: 'Next page' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/viewstore/${slug}\\?page=2$`));
  await expect(page.getByText(`Products 49–50 of ${LISTED}`)).toBeVisible();
  await expect(page.getByRole('article', { name: models[0] })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(2);

  await pager.getByRole('link', { name: 'Page 1' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/viewstore/${slug}$`));
  await expect(page.getByRole('article', { name: models[LISTED - 1] })).toBeVisible();
});

for (const viewport of [
  { width: 768, height: 1024 },
  { width: 390, height: 844 },
]) {
  test(`the pager fits a ${viewport.width}px screen`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto(`/viewstore/${slug}`);
    const pager = page.getByRole('navigation', { name: /^Pages of / });
    await pager.scrollIntoViewIfNeeded();
    // On the first page there is no previous page: its control is a disabled button, the others are links.
    const controls = [
      pager.getByRole('button', { name: 'Previous page' }),
      ...['Page 1', 'Page 2', 'Next page'].map((name) => pager.getByRole('link', { name })),
    ];
    for (const control of controls) {
      const box = (await control.boundingBox())!;
      expect(box.x, `${control} starts on screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${control} ends on screen`).toBeLessThanOrEqual(viewport.width);
    }
    const { scrollWidth, innerWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(scrollWidth, 'the page does not scroll sideways').toBeLessThanOrEqual(innerWidth);
  });
}

test('a page past the last says so and links back to the first', async ({ page }) => {
  await page.goto(`/viewstore/${slug}?page=5`);
  await expect(page.getByText('There is no page 5: the store has 2 pages.')).toBeVisible();
  await page.getByRole('link', { name: 'First page' }).click();
  await expect(page).toHaveURL(new RegExp(`/viewstore/${slug}$`));
  await expect(page.getByText(`Products 1–48 of ${LISTED}`)).toBeVisible();
});
