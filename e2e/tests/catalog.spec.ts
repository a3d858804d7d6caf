import { expect, test, waitForAppAfterLoads } from '../fixtures/test';
import sharp from 'sharp';
import { registerCustomer, registerSeller, signIn } from '../fixtures/accounts';

/** Letters only: typo correction skips words with digits, and the name must be new to the catalogue. */
const letters = (n: number) =>
  Array.from({ length: n }, () => 'abcdefghijklmnopqrstuvwxyz'[Math.floor(Math.random() * 26)]).join('');

test('a seller adds a product with an image; a shopper finds it misspelt, filters by brand and opens it', async ({
  page,
  request,
  browser,
}) => {
  const word = `zephyr${letters(4)}`;
  const name = `${word[0]!.toUpperCase()}${word.slice(1)} Ultrabook`;
  const brand = `Kestrel${letters(3)}`;
  const seller = await registerSeller(request);
  await signIn(page, seller, 'seller');

  await page.goto('/seller/addProduct');
  await expect(page.getByText('Product Info')).toBeVisible();
  await page.getByLabel('Product name').fill(name);
  const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('img', { name: 'Uploaded product image' })).toBeVisible();
  await page.getByLabel('Brand').fill(brand);
  await page.getByRole('textbox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Laptop' }).click();
  await page.getByLabel('Description').fill('A light laptop for the catalogue browser test');
  await page.getByLabel('RAM (GB)').fill('16');
  await page.getByLabel('Storage (GB)').fill('512');
  await page.getByLabel('Price (Rs)').fill('185000');
  await page.getByLabel('Quantity').fill('3');
  // A name no catalogue product has: nothing to attach to, so it becomes a product of its own.
  await expect(page.getByText('No catalogue product looks like this yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reset' })).toBeVisible();

  // A shopper in a separate browser session searches with a typo.
  const shopperContext = await browser.newContext();
  waitForAppAfterLoads(shopperContext);
  const shopper = await shopperContext.newPage();
  await signIn(shopper, await registerCustomer(shopper.request), 'customer');
  await shopper.goto('/');
  const misspelt = `${word.slice(0, 2)}${word[3]}${word[2]}${word.slice(4)}`;
  const search = shopper
    .getByRole('combobox', { name: 'Search products' })
    .or(shopper.getByLabel('Search products'))
    .first();
  await search.fill(misspelt);
  await search.press('Enter');
  await expect(shopper).toHaveURL(new RegExp(`/result\\?q=${misspelt}`));
  await expect(shopper.getByRole('link', { name: `View Details: ${name}` })).toBeVisible();

  await shopper.getByRole('group', { name: 'Brand' }).getByText(`${brand} (1)`).click();
  await expect(shopper).toHaveURL(new RegExp(`brand=${brand}`));
  await expect(shopper.getByText(/^1 product\b/)).toBeVisible();
  // Opening the page counts one view on the server (the page asks once it is idle).
  const viewed = shopper.waitForResponse((r) => r.request().method() === 'POST' && /\/views$/.test(r.url()));
  await shopper.getByRole('link', { name: `View Details: ${name}` }).click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(await (await viewed).json()).toEqual({ counted: true, views: 1 });
  await expect(shopper.getByText('Rs 185,000').first()).toBeVisible();
  await expect(shopper.getByText('at 1 store', { exact: true }).first()).toBeVisible();
  // Named beside the price, and as the only row of "Compare prices".
  await expect(shopper.getByRole('link', { name: seller.storeName })).toHaveCount(2);
  await expect(shopper.getByRole('table', { name: 'Compare prices' }).getByRole('row')).toHaveCount(2);
  const image = shopper.getByRole('img', { name }).first();
  await expect(image).toHaveAttribute('src', /^\/uploads\/.+\.webp$/);
  await shopperContext.close();
});

test('the home page shows trending products and top vendors', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const res = await request.post('/api/seller/products', {
    data: {
      name: `Trendline ${letters(5)} Phone`,
      brand: 'Tecno',
      category: 'mobile',
      description: 'A phone for the home page test',
      ram: 8,
      storage: 128,
      price: 40_000_00,
      quantity: 4,
      image: '/favicon.svg',
    },
  });
  expect(res.status()).toBe(201);
  const { product } = (await res.json()) as { product: { id: number; name: string } };
  // Opening the product counts a view, which is what Trending ranks by.
  await page.goto(`/result/productHub/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();

  await page.goto('/');
  const trending = page.locator('section', { has: page.getByRole('heading', { name: 'Trending Products' }) });
  await expect(trending.getByRole('link', { name: /^View Details: / }).first()).toBeVisible();
  const vendors = page.locator('section', { has: page.getByRole('heading', { name: 'Top Vendors' }) });
  await expect(vendors.getByRole('link', { name: /^Store / }).first()).toBeVisible();
  await vendors
    .getByRole('link', { name: /^Store / })
    .first()
    .click();
  await expect(page).toHaveURL(/\/viewstore\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
