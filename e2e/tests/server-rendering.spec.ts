import type { APIRequestContext } from '@playwright/test';
import { registerCustomer, signIn } from '../fixtures/accounts';
import { expect, test } from '../fixtures/test';

/** The first laptop of a search, as the API lists it. */
async function firstLaptop(request: APIRequestContext) {
  const search = await (await request.get('/api/products?q=laptop')).json();
  return search.items[0] as { id: number; name: string };
}

test('a product page arrives as HTML with the product in it, before any script runs', async ({ request }) => {
  const product = await firstLaptop(request);
  const res = await request.get(`/result/productHub/${product.id}`);
  expect(res.headers()['content-type']).toContain('text/html');
  const html = await res.text();
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json" id="ssr-state">/.exec(html);
  expect(root, 'the page is rendered inside #root').not.toBeNull();
  expect(root![1]).toContain(product.name.replace(/&/g, '&amp;'));
  expect(root![1]).toContain('Compare prices');
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false });

  test('the results page lists products and the header search works as a plain form', async ({ page, request }) => {
    const product = await firstLaptop(request);
    await page.goto('/result?q=laptop');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "laptop"' })).toBeVisible();
    await expect(page.getByText(product.name).first()).toBeVisible();
    // The page's own styles arrive with the HTML, not with the script: a product card has its frame, a filter chip
    // its pill.
    const card = page.getByRole('article', { name: product.name }).first();
    expect(await card.evaluate((el) => getComputedStyle(el).borderTopStyle)).toBe('solid');
    const chip = page.getByRole('group', { name: 'Category' }).getByText('Laptop');
    expect(await chip.evaluate((el) => getComputedStyle(el).borderTopLeftRadius)).not.toBe('0px');

    const search = page.getByRole('search').getByLabel('Search products');
    await search.fill('samsung');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/result\?q=samsung$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "samsung"' })).toBeVisible();
  });
});

test('the browser takes over the server-drawn pages without errors', async ({ page, request }) => {
  const product = await firstLaptop(request);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  for (const path of ['/', '/result?q=laptop', `/result/productHub/${product.id}`]) {
    await page.goto(path);
    await expect(page.locator('html[data-app-ready]')).toBeAttached();
  }
  // Interactive: a search from the header runs in the page.
  await page.getByLabel('Search products').fill('dell');
  await page.getByLabel('Search products').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Results for "dell"' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a product page kept by the server is not asked for again when the browser takes it over', async ({
  page,
  request,
}) => {
  const product = await firstLaptop(request);
  const path = `/result/productHub/${product.id}`;
  // The server keeps the page until the product changes, so its answers are as current as the page, however long
  // ago they were read. Here they look a minute old: the shopper's clock runs a minute ahead.
  await request.get(path);
  await page.clock.setFixedTime(Date.now() + 60_000);
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'GET' && new URL(r.url()).pathname.startsWith('/api/')) asked.push(new URL(r.url()).pathname);
  });
  await page.goto(path);
  await expect(page.locator('html[data-app-ready]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);
});

test('a signed-in shopper gets the page drawn for everyone with their own header, and the browser takes it over', async ({
  page,
  request,
}) => {
  const product = (await (await request.get('/api/products?q=samsung')).json()).items[0] as { id: number };
  const path = `/result/productHub/${product.id}`;
  // A visitor asks first: the page is drawn for everyone and kept.
  expect(await (await request.get(path)).text()).toContain('Sign-In');

  const shopper = await registerCustomer(page.request, 'Zainab Personal');
  await signIn(page, shopper, 'customer');
  const added = await page.request.post('/api/cart/items', { data: { productId: product.id } });
  expect([200, 201], await added.text()).toContain(added.status());

  // Before any script runs, the HTML already greets the shopper and counts their cart.
  const html = await (await page.request.get(path)).text();
  const header = /<header[\s\S]*?<\/header>/.exec(html)![0];
  expect(header).toContain('Zainab Personal');
  expect(header).toContain('aria-label="Cart, 1 item"');
  expect(header).toContain('Register Complain');
  expect(header).not.toContain('Sign-In');

  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(path);
  // Taken over: the header is live, with the same name and count, and its menu opens.
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.getByRole('button', { name: 'Zainab Personal: account menu' }).click();
  await expect(page.getByRole('link', { name: 'Price alerts' })).toBeVisible();
  // The price alert is the shopper's to set: no request to sign in.
  await expect(page.getByRole('button', { name: 'Price drop alert' })).toBeEnabled();
  await expect(page.getByText('Sign in to get an email when the price drops.')).toHaveCount(0);
  expect(problems).toEqual([]);

  // A visitor, in a browser of their own, still gets the page for everyone, and is asked to sign in for an alert.
  const visitor = await page.context().browser()!.newPage();
  await visitor.goto(new URL(path, page.url()).toString());
  await expect(visitor.getByRole('button', { name: 'Sign-In: account menu' })).toBeVisible();
  await expect(visitor.getByText('Sign in to get an email when the price drops.')).toBeVisible();
  await visitor.close();
});
