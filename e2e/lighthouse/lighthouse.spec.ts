/**
 * Lighthouse's mobile profile on the home, results and product pages: performance and accessibility must both
 * reach 95. Run with `npm run lighthouse` (it builds nothing: run `npm run build` first).
 */
import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const MIN_SCORE = 95;

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
