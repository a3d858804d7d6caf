import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../fixtures/test';

/** The development demo's operator (apps/server/src/db/seed/demo-accounts.ts). */
const OPERATOR = { email: 'operator@pricehub.test', password: 'Operator@123' };
const stamp = Date.now().toString(36);
const model = `Feedline ${stamp}`;

/** A small Google Merchant feed: two phones of a model no other store sells. */
const feed = `<?xml version="1.0"?><rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel><title>Feed</title>
<item><g:id>OPS-1</g:id><title>Tecno ${model} 8GB 128GB</title><link>https://ops-mart.test/p/1</link>
<g:price>45999.00 PKR</g:price><g:availability>in_stock</g:availability><g:brand>Tecno</g:brand>
<g:product_type>Mobile Phones</g:product_type></item>
<item><g:id>OPS-2</g:id><title>Tecno ${model} Pro 12GB 256GB</title><link>https://ops-mart.test/p/2</link>
<g:price>61999.00 PKR</g:price><g:availability>out_of_stock</g:availability><g:brand>Tecno</g:brand>
<g:product_type>Mobile Phones</g:product_type></item>
</channel></rss>`;

// The stand-in store answers slowly during the refresh, so the progress is there to watch.
let delayMs = 0;
let standIn: Server;
test.beforeAll(async () => {
  standIn = createServer((req, res) => {
    if (req.url !== '/feed.xml') return void res.writeHead(404).end();
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/xml' }).end(feed), delayMs);
  });
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
});
test.afterAll(() => new Promise<void>((resolve) => standIn.close(() => resolve())));

test('an operator adds a feed by its URL, watches the progress, reads the report, then sees the offers on product pages', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const address = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}/feed.xml`;
  const name = `Ops Mart ${stamp}`;

  await page.goto('/operator/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in, the console opens on its first section; the navigation leads to Other stores.
  await expect(page).not.toHaveURL(/\/operator\/login$/);
  await page.getByRole('link', { name: 'Other stores' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Other stores' })).toBeVisible();

  // The feed is previewed before it is saved: its format and first items.
  await page.getByRole('button', { name: 'Add a store' }).click();
  const form = page.getByRole('region', { name: 'Add a store' });
  await form.getByRole('textbox', { name: 'Store name' }).fill(name);
  await form.getByRole('textbox', { name: 'Address' }).fill(address);
  await expect(form.getByRole('button', { name: 'Save and refresh' })).toBeDisabled();
  await form.getByRole('button', { name: 'Preview' }).click();
  await expect(form.getByText('Google Merchant feed', { exact: true })).toBeVisible();
  await expect(form.getByText('2 items')).toBeVisible();
  const items = form.getByRole('table', { name: 'First items' });
  await expect(items).toContainText(`Tecno ${model} 8GB 128GB`);
  await expect(items).toContainText('Rs 45,999');
  await expect(items).toContainText('Out of stock');

  // Saved: its first run starts at once, and the card follows it live to its report.
  delayMs = 1_500;
  await form.getByRole('button', { name: 'Save and refresh' }).click();
  const card = page.getByRole('listitem', { name });
  await expect(card.getByText('Reading the source…')).toBeVisible();
  await expect(card.getByRole('progressbar', { name: 'Refresh progress' })).toBeVisible();
  await expect(card.getByText('Refresh finished')).toBeVisible({ timeout: 30_000 });
  await expect(card.getByRole('listitem', { name: 'New: 2' })).toBeVisible();
  await expect(card.getByRole('listitem', { name: 'Failed: 0' })).toBeVisible();
  await expect(card.getByText('2 of 2 listed now')).toBeVisible();

  // "Refresh now" again: nothing changed.
  await card.getByRole('button', { name: `Refresh ${name} now` }).click();
  await expect(card.getByRole('listitem', { name: 'Unchanged: 2' })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('button', { name: 'Show run history' }).click();
  const history = card.getByRole('table', { name: 'Run history' });
  await expect(history.getByRole('row')).toHaveCount(3);

  // A shopper's product page lists the new store's offer.
  const listed = await page.request.get(`/api/external-products?store=${encodeURIComponent(name)}`);
  const offers = (await listed.json()) as { items: { productId: number; name: string }[] };
  const phone = offers.items.find((o) => o.name === `Tecno ${model} 8GB 128GB`)!;
  await page.goto(`/result/productHub/${phone.productId}`);
  const table = page.getByRole('table', { name: 'Compare prices' });
  await expect(table.getByRole('row').nth(1)).toContainText(name);
  await expect(table.getByRole('row').nth(1)).toContainText('Rs 45,999');
});
