/**
 * The shop on a phone (390 × 844): no page scrolls sideways, the header's controls neither overlap nor leave the
 * screen, the first product of a search shows without scrolling, and the filters live in a drawer with a price
 * range. Signed out and signed in as the demo customer; a last test checks that tablets and desktops keep theirs.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

const PHONE = { width: 390, height: 844 };
// The demo shop's customer (README, apps/server/src/db/seed/demo-accounts.ts).
const DEMO_CUSTOMER = { email: 'customer@pricehub.test', password: 'Customer@123', name: 'Ayesha Khan' };

interface Card {
  id: number;
  name: string;
  lowestPrice: number;
}

async function search(request: APIRequestContext, query: string): Promise<{ items: Card[]; total: number }> {
  const res = await request.get(`/api/products?${query}`);
  expect(res.status()).toBe(200);
  return res.json();
}

const productCount = (n: number) => `${n} ${n === 1 ? 'product' : 'products'}`;

async function expectNoSideScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.scrollingElement!.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(innerWidth);
}

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The header's controls, each inside the screen and none drawn over another. */
async function expectHeaderFits(page: Page, { signedIn }: { signedIn: boolean }): Promise<void> {
  const header = page.locator('header');
  const controls: Record<string, Locator> = {
    home: header.getByRole('link', { name: 'PriceHub home' }),
    search: header.getByLabel('Search products'),
    // Drawn once the browser is idle after the page has loaded.
    photo: header.getByRole('button', { name: 'Search by photo' }),
    cart: header.getByRole('link', { name: /^Cart, \d+ items?$/ }),
    account: header.getByRole('button', { name: signedIn ? `${DEMO_CUSTOMER.name}: account menu` : /account menu/ }),
    menu: header.getByRole('button', { name: 'Open navigation' }),
  };
  const width = page.viewportSize()!.width;
  const boxes: [string, Box][] = [];
  for (const [name, control] of Object.entries(controls)) {
    await expect(control, `${name} in the header`).toBeVisible();
    const box = (await control.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen`).toBeLessThanOrEqual(width);
    expect(box.y, `${name} is not above the page`).toBeGreaterThanOrEqual(0);
    boxes.push([name, box]);
  }
  for (const [i, [a, boxA]] of boxes.entries()) {
    for (const [b, boxB] of boxes.slice(i + 1)) {
      expect(overlap(boxA, boxB), `${a} and ${b} overlap: ${JSON.stringify([boxA, boxB])}`).toBe(false);
    }
  }
}

/** The first product card of a results page, whole on the first screen. */
async function expectFirstCardAboveTheFold(page: Page): Promise<void> {
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  const box = (await card.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, 'the first card ends above the fold').toBeLessThanOrEqual(page.viewportSize()!.height);
  await expect(card.getByRole('link', { name: /^View Details: / })).toBeInViewport({ ratio: 1 });
}

/** The lowest price a card shows ("from Rs 44,999"), in rupees. */
async function cardPrice(card: Locator): Promise<number> {
  const prices = [...((await card.textContent()) ?? '').matchAll(/Rs ([\d,]+)/g)].map((m) =>
    Number(m[1]!.replace(/,/g, '')),
  );
  return Math.min(...prices);
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE });

  test('home, results and product pages fit the screen; the filters open in a drawer with a price range', async ({
    page,
    request,
  }) => {
    const all = await search(request, 'q=samsung');
    expect(all.total).toBeGreaterThan(4);

    await page.goto('/');
    await expectHeaderFits(page, { signedIn: false });
    await expectNoSideScroll(page);

    await page.goto('/result?q=samsung');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for "samsung"' })).toBeVisible();
    await expectHeaderFits(page, { signedIn: false });
    await expectNoSideScroll(page);
    await expectFirstCardAboveTheFold(page);
    // No wall of Rs 5,000 chips: the price is one range, and the sidebar's filters are not on a phone's screen.
    await expect(page.getByRole('checkbox', { name: /^Rs / })).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();

    // The drawer, from the keyboard: focus moves in, Escape closes it and gives focus back to the button.
    const filtersButton = page.getByRole('button', { name: 'Filters', exact: true });
    await filtersButton.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('group', { name: 'Price' })).toBeVisible();
    await expect(drawer.getByRole('slider', { name: 'Lowest price' })).toBeVisible();
    await expect.poll(() => drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await expectNoSideScroll(page);
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(filtersButton).toBeFocused();

    // A price range: up to the price of the middle product, rounded up to a thousand.
    const byPrice = (await search(request, 'q=samsung&sort=price_asc&pageSize=60')).items;
    const maxPrice = Math.ceil(byPrice[Math.floor(byPrice.length / 2)]!.lowestPrice / 100 / 1000) * 1000;
    // The page's URL takes rupees, the API paisa.
    const within = await search(request, `q=samsung&maxPrice=${maxPrice * 100}`);
    expect(within.total).toBeGreaterThan(0);
    expect(within.total).toBeLessThan(all.total);

    await filtersButton.click();
    await expect(drawer).toBeVisible();
    await drawer.getByLabel('Max (Rs)').fill(String(maxPrice));
    await drawer.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]maxPrice=${maxPrice}(&|$)`));
    const show = drawer.getByRole('button', { name: `Show ${productCount(within.total)}` });
    await expect(show).toBeVisible();
    await show.click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeFocused();
    await expect(page.getByText(productCount(within.total), { exact: true })).toBeVisible();
    const cards = page.getByRole('article');
    await expect(cards).toHaveCount(Math.min(within.total, 24));
    for (const card of await cards.all()) expect(await cardPrice(card)).toBeLessThanOrEqual(maxPrice);
    await expectFirstCardAboveTheFold(page);
    await expectNoSideScroll(page);

    // The same filter from a shared link, drawn on the server.
    await page.goto(`/result?q=samsung&maxPrice=${maxPrice}`);
    await expect(page.getByText(productCount(within.total), { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters, 1 active' })).toBeVisible();

    await page.goto(`/result/productHub/${all.items[0]!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: all.items[0]!.name })).toBeVisible();
    await expectHeaderFits(page, { signedIn: false });
    await expectNoSideScroll(page);
  });

  test('signed in as the demo customer: header, results, product, cart and checkout fit the screen', async ({
    page,
    request,
  }) => {
    const login = await page.request.post('/api/auth/login', { data: { ...DEMO_CUSTOMER, role: 'customer' } });
    expect(login.status()).toBe(200);
    const product = (await search(request, 'q=samsung')).items[0]!;
    const added = await page.request.post('/api/cart/items', { data: { productId: product.id } });
    expect([200, 201], await added.text()).toContain(added.status());

    for (const path of ['/', '/result?q=samsung', `/result/productHub/${product.id}`]) {
      await page.goto(path);
      await expectHeaderFits(page, { signedIn: true });
      await expectNoSideScroll(page);
    }
    await page.goto('/result?q=samsung');
    await expectFirstCardAboveTheFold(page);

    // The account menu opens inside the screen.
    await page.getByRole('button', { name: `${DEMO_CUSTOMER.name}: account menu` }).click();
    const logout = page.getByRole('button', { name: 'Logout' });
    await expect(logout).toBeInViewport({ ratio: 1 });
    await page.keyboard.press('Escape');

    await page.goto('/shoppingCart');
    const checkout = page.getByRole('form', { name: 'Checkout' });
    await expect(checkout).toBeVisible();
    await expectHeaderFits(page, { signedIn: true });
    await expectNoSideScroll(page);

    await checkout.getByLabel('Cash on delivery').check();
    await checkout.getByRole('button', { name: 'Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout-success\?orders=/);
    await expect(page.getByRole('heading', { name: 'Thank you for your order' })).toBeVisible();
    await expectHeaderFits(page, { signedIn: true });
    await expectNoSideScroll(page);
  });
});

test.describe('on a tablet and a desktop', () => {
  test('768px keeps the header on one row; 1280px shows the filters as a sidebar', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 1024 });
    await page.goto('/result?q=samsung');
    const header = page.locator('header');
    const logo = (await header.getByRole('link', { name: 'PriceHub home' }).boundingBox())!;
    const searchBox = (await header.getByLabel('Search products').boundingBox())!;
    expect(Math.abs(logo.y + logo.height / 2 - (searchBox.y + searchBox.height / 2))).toBeLessThan(4);
    await expectNoSideScroll(page);
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    const sidebar = page.getByRole('complementary', { name: 'Filters' });
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('slider', { name: 'Highest price' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Filters', exact: true })).toBeHidden();
    await expectFirstCardAboveTheFold(page);
    await expectNoSideScroll(page);
  });
});

test.describe('with JavaScript turned off', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("the sidebar's price range is a plain form that keeps the search's other filters", async ({ page }) => {
    await page.goto('/result?q=samsung&sort=price_asc');
    const price = page.getByRole('complementary', { name: 'Filters' }).getByRole('group', { name: 'Price' });
    await price.getByLabel('Min (Rs)').fill('50000');
    await price.getByLabel('Max (Rs)').fill('150000');
    await price.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/\/result\?q=samsung&sort=price_asc&minPrice=50000&maxPrice=150000$/);
    const cards = page.getByRole('article');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) {
      const price = await cardPrice(card);
      expect(price).toBeGreaterThanOrEqual(50_000);
      expect(price).toBeLessThanOrEqual(150_000);
    }
  });
});
