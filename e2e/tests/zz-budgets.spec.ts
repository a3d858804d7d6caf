/**
 * Budgets a shopper feels: the JavaScript the home page downloads before it is usable, and Lighthouse's mobile
 * performance and accessibility scores on the home, results and product pages.
 */
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const JS_BUDGET_KB = 170;
const MIN_SCORE = 95;

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

test.describe('Lighthouse, mobile profile', () => {
  test.setTimeout(240_000);

  test('home, results and product pages score at least 95 for performance and accessibility', async ({
    request,
    baseURL,
  }) => {
    const search = await (await request.get('/api/products?q=laptop')).json();
    const productId = search.items[0].id;
    const pages = ['/', '/result?q=laptop', `/result/productHub/${productId}`];
    const chrome = await chromeLauncher.launch({
      chromePath: '/usr/bin/chromium',
      chromeFlags: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    try {
      const failures: string[] = [];
      for (const path of pages) {
        const result = await lighthouse(`${baseURL}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const { performance, accessibility } = result!.lhr.categories;
        const perf = Math.round((performance?.score ?? 0) * 100);
        const a11y = Math.round((accessibility?.score ?? 0) * 100);
        console.log(`lighthouse ${path}: performance ${perf}, accessibility ${a11y}`);
        if (perf < MIN_SCORE || a11y < MIN_SCORE) {
          const audits = Object.values(result!.lhr.audits)
            .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
            .map((a) => `${a.id} (${a.displayValue ?? a.score})`)
            .slice(0, 8);
          failures.push(`${path}: performance ${perf}, accessibility ${a11y}; weakest audits: ${audits.join(', ')}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      chrome.kill();
    }
  });
});
