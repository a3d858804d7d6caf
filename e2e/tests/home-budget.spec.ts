/** A budget a shopper feels: the JavaScript the home page downloads before it is usable (Lighthouse: e2e/lighthouse). */
import { gzipSync } from 'node:zlib';
import { expect, test } from '../fixtures/test';

const JS_BUDGET_KB = 170;

test('the home page loads at most 170 KB of JavaScript (gzip) before it is usable', async ({ page }) => {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (!type.includes('javascript')) return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body).length);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const totalKb = [...sizes.values()].reduce((a, b) => a + b, 0) / 1024;
  console.log(`home page JavaScript: ${totalKb.toFixed(1)} KB gzip in ${sizes.size} files`);
  expect(totalKb).toBeLessThanOrEqual(JS_BUDGET_KB);
});
