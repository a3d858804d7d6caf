import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { registerSeller } from '../fixtures/accounts';

/*
 * Photo search in the header: the brand model runs in the browser, loads only once a photo arrives, and opens
 * /result filtered to the brand it sees. The fixture photos are synthetic lids rendered with seeds the model never
 * trained on (packages/brand-model), and the shipped model recognises each with high confidence.
 */
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/images/${name}`, import.meta.url));
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const PIXEL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** A seller's store with one laptop of each given brand, created through the API. */
async function stockLaptops(request: APIRequestContext, brands: string[]): Promise<Record<string, string>> {
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const names: Record<string, string> = {};
  for (const brand of brands) {
    names[brand] = `Photo ${brand} Laptop ${unique()}`;
    const res = await request.post('/api/seller/products', {
      data: {
        name: names[brand],
        brand,
        category: 'laptop',
        description: `A ${brand} laptop for the photo search test`,
        ram: 16,
        storage: 512,
        price: 150_000_00,
        quantity: 5,
        image: PIXEL,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  return names;
}

/** The first product the catalogue API lists for a brand: what the filtered results page shows first. */
async function firstListed(request: APIRequestContext, brand: string): Promise<string> {
  const res = await request.get(`/api/products?brand=${brand}`);
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { name: string; brand: string }[] };
  expect(items.length).toBeGreaterThan(0);
  expect(items.every((p) => p.brand.toLowerCase() === brand.toLowerCase())).toBe(true);
  return items[0]!.name;
}

/** Records whether the page has asked for the models, the TF.js chunk or the text reader (its models and wasm) yet. */
function watchModelRequests(page: Page): () => string[] {
  const seen: string[] = [];
  page.on('request', (r) => {
    if (/\/models\/brand\/|predict-photo|text-reader|\.onnx$|\.wasm$/.test(r.url())) seen.push(r.url());
  });
  return () => seen;
}

test.describe('photo search', () => {
  test('a photo picked with the file input opens the results for the brand it shows', async ({ page, request }) => {
    const names = await stockLaptops(request, ['Dell', 'HP']);
    const modelRequests = watchModelRequests(page);
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Search by photo' })).toBeVisible();
    expect(modelRequests(), 'TF.js, the model and the text reader must not load with the page').toEqual([]);

    await page.getByTestId('photo-search-input').setInputFiles(fixture('dell-lid.png'));

    await expect(page.getByRole('img', { name: 'Your photo' })).toBeVisible();
    await expect(page.getByText(/^Looks like Dell \(\d+%\)$/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Other guesses' }).getByRole('button')).toHaveCount(2);
    await expect(page).toHaveURL(/\/result\?brand=Dell$/);
    expect(modelRequests().some((u) => u.endsWith('/models/brand/model.json'))).toBe(true);
    expect(modelRequests().some((u) => u.endsWith('.onnx'))).toBe(true);

    await page.keyboard.press('Escape');
    await expect(page.getByText(await firstListed(request, 'Dell')).first()).toBeVisible();
    await expect(page.getByText(names.HP!)).toHaveCount(0);
  });

  test('a photo dropped on the header is recognised too', async ({ page, request }) => {
    const names = await stockLaptops(request, ['Apple', 'Dell']);
    await page.goto('/');
    // The header takes drops once the photo-search control is there.
    await expect(page.getByRole('button', { name: 'Search by photo' })).toBeVisible();
    const bytes = readFileSync(fixture('apple-lid.png')).toString('base64');
    await page.locator('header').evaluate((header, base64) => {
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], 'apple-lid.png', { type: 'image/png' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        header.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    }, bytes);

    await expect(page.getByText(/^Looks like Apple \(\d+%\)$/)).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/result\?brand=Apple$/);
    await page.keyboard.press('Escape');
    await expect(page.getByText(await firstListed(request, 'Apple')).first()).toBeVisible();
    await expect(page.getByText(names.Dell!)).toHaveCount(0);
  });

  test('a name written on the lid outweighs the look of it', async ({ page, request }) => {
    await stockLaptops(request, ['Lenovo', 'Samsung']);
    await page.goto('/');
    // A held-out rendering (packages/brand-model, seed 31001) that the CNN alone takes for Samsung (83%): the text
    // reader reads "Lenovo" on it.
    await page.getByTestId('photo-search-input').setInputFiles(fixture('lenovo-lid-heldout.jpg'));

    await expect(page.getByText(/^Looks like Lenovo \(\d+%\)$/)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText('Read “Lenovo” on the photo.')).toBeVisible();
    await expect(page).toHaveURL(/\/result\?brand=Lenovo$/);
    await page.keyboard.press('Escape');
    await expect(page.getByText(await firstListed(request, 'Lenovo')).first()).toBeVisible();
  });
});
