import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '../fixtures/test';
import { registerSeller } from '../fixtures/accounts';

const run = promisify(execFile);
const root = join(import.meta.dirname, '../..');
// The server's data directory, as playwright.config.ts names it in the runner process (this worker's parent).
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/pricehub-e2e-${process.ppid}`;
const letters = (n: number) =>
  Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

/** `npm run ingest` against the running e2e server: the command hands the job to it through server.json. */
async function ingest(store: string, source: string): Promise<string> {
  const { stdout } = await run(
    join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/modules/ingestion/ingest-cli.ts', '--store', store, '--source', source],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      timeout: 90_000,
    },
  );
  return stdout;
}

function feed(title: string, price: number): string {
  return `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>E2E feed</title>
<item><g:id>E2E-1</g:id><title>${title}</title><link>https://e2e-mart.test/p/1</link><g:price>${price}.00 PKR</g:price>
<g:availability>in_stock</g:availability><g:brand>Tecno</g:brand><g:product_type>Mobile Phones</g:product_type></item>
</channel></rss>`;
}

let fixtureStore: Server;
let feedBody = '';
test.beforeAll(async () => {
  fixtureStore = createServer((req, res) => {
    if (req.url === '/feed.xml') res.writeHead(200, { 'content-type': 'application/xml' }).end(feedBody);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => fixtureStore.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => fixtureStore.close(() => resolve())));

test('an ingested store shows in the product page comparison table and price chart', async ({ page, request }) => {
  test.setTimeout(240_000);
  const model = `Offerline ${letters(6)}`;
  const seller = await registerSeller(request);
  const login = await request.post('/api/auth/login', {
    data: { email: seller.email, password: seller.password, role: 'seller' },
  });
  expect(login.status()).toBe(200);
  const created = await request.post('/api/seller/products', {
    data: {
      name: `Tecno ${model}`,
      brand: 'Tecno',
      category: 'mobile',
      description: 'Compared in the e2e test',
      ram: 8,
      storage: 128,
      price: 42_000_00,
      quantity: 3,
      image: '/favicon.svg',
    },
  });
  expect(created.status()).toBe(201);
  const { product } = (await created.json()) as { product: { id: number; name: string } };

  const source = `http://127.0.0.1:${(fixtureStore.address() as AddressInfo).port}/feed.xml`;
  const store = `E2E Mart ${letters(4)}`;
  feedBody = feed(`Tecno ${model} 8GB 128GB Black`, 40999);
  expect(await ingest(store, source)).toMatch(/through the running server[\s\S]*new:\s+1/);
  feedBody = feed(`Tecno ${model} 8GB 128GB Black`, 39999);
  expect(await ingest(store, source)).toMatch(/updated:\s+1/);

  const listed = await request.get(`/api/external-products?store=${encodeURIComponent(store)}`);
  expect((await listed.json()).items[0].productId).toBe(product.id);

  await page.goto(`/result/productHub/${product.id}`);
  const table = page.getByRole('table', { name: 'Compare prices' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  await expect(rows.nth(1)).toContainText(store);
  await expect(rows.nth(1)).toContainText('Rs 39,999');
  await expect(rows.nth(1)).toContainText('Not stated');
  await expect(rows.nth(1)).toContainText('Matched by name and specs');
  await expect(rows.nth(2)).toContainText(seller.storeName);
  await expect(rows.nth(2)).toContainText('Rs 42,000');
  await expect(rows.nth(2)).toContainText('Rs 50');
  const visit = rows.nth(1).getByRole('link', { name: /Visit Store/ });
  await expect(visit).toHaveAttribute('rel', /\bnoopener\b/);
  await expect(visit).toHaveAttribute('target', '_blank');
  await expect(visit).toHaveAttribute('href', 'https://e2e-mart.test/p/1');
  // Only our seller's row buys here.
  await expect(rows.nth(1).getByRole('button', { name: /Add to Cart/ })).toHaveCount(0);
  await expect(rows.nth(2).getByRole('button', { name: `Add to Cart from ${seller.storeName}` })).toBeEnabled();
  // The card says how many stores, from the lowest price.
  const card = await (await request.get(`/api/products?q=${encodeURIComponent(model)}`)).json();
  expect(card.items[0]).toMatchObject({ id: product.id, lowestPrice: 3_999_900, offerCount: 2 });

  const chart = page.getByTestId('price-history');
  // The chart is drawn when a shopper scrolls to it.
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('.recharts-surface').first()).toBeVisible();
  await expect(chart).toContainText('Lowest price seen: Rs 39,999');
  await expect(chart.locator('.recharts-legend-wrapper')).toContainText(store);

  await page.getByRole('button', { name: 'Price drop alert' }).click();
  await expect(page.getByText('Login First Please').first()).toBeVisible();
});
