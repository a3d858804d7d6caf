/**
 * Lighthouse's mobile profile (simulated slow 4G and a slowed-down CPU) on the home, results and product pages:
 * performance and accessibility must both reach 95. Part of `npm test`; alone: `npm run lighthouse` (after
 * `npm run build`).
 *
 * Two things about the measuring, both from Lighthouse's own documentation (docs/variability.md, docs/throttling.md):
 * - A score is the median of five runs: blocking time is measured on this machine's CPU, which other work shares.
 *   Each page is audited until that median is known (three runs that agree settle it). A run that Lighthouse
 *   itself reports as failed (a trace it could not record, "please run Lighthouse again") is run again.
 * - The CPU slowdown is relative to the host. The default 4× turns Lighthouse's reference host (benchmark index
 *   about 2,000; it warns below 1,000 that the host is "at least ~2x weaker") into a mid-tier phone. On a weaker host
 *   Lighthouse says to lower the multiplier, so that the page is judged on the same phone: here it is
 *   4 × index / 2,000, measured before the audits, and never above the default 4×.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { expect, test } from '../fixtures/test';

const MIN_SCORE = 95;
const RUNS = 5;
// About one run in eight ends in NO_NAVSTART here, whatever the page (a fresh browser per run does not help).
const MAX_FAILED_RECORDINGS = 8;
const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
const REFERENCE_BENCHMARK_INDEX = 2000;

interface Audit {
  performance: number;
  accessibility: number;
  benchmarkIndex: number;
  weakest: string;
  /** Lighthouse's own error when it could not measure the page (the scores are then meaningless). */
  runtimeError?: string;
}

async function audit(url: string, port: number, cpuSlowdownMultiplier: number): Promise<Audit> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    {
      extends: 'lighthouse:default',
      settings: {
        // The mobile profile's network, with the CPU slowdown calibrated to this host (see above).
        throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier },
      },
    },
  );
  const lhr = result!.lhr;
  const weakest = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`)
    .slice(0, 6)
    .join(', ');
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    weakest,
    runtimeError: lhr.runtimeError?.code,
  };
}

/** One audit that Lighthouse managed to record: a run it reports as failed ("run Lighthouse again") is run again. */
async function recorded(url: string, port: number, cpuSlowdownMultiplier: number): Promise<Audit> {
  for (let failed = 0; ; failed++) {
    const run = await audit(url, port, cpuSlowdownMultiplier);
    if (!run.runtimeError) return run;
    console.log(`lighthouse ${new URL(url).pathname}: run not recorded (${run.runtimeError}), running it again`);
    expect(failed + 1, `Lighthouse could not record ${url}`).toBeLessThan(MAX_FAILED_RECORDINGS);
  }
}

const passes = (a: Audit) => a.performance >= MIN_SCORE && a.accessibility >= MIN_SCORE;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Lighthouse's CPU slowdown for this host: the default 4× on a host as fast as its reference or faster. */
function calibratedSlowdown(benchmarkIndex: number): number {
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.min(DEFAULT_CPU_SLOWDOWN, Math.round(scaled * 10) / 10);
}

test.describe('Lighthouse, mobile profile', () => {
  test.setTimeout(600_000);

  test('home, results and product pages score at least 95 for performance and accessibility', async ({
    request,
    baseURL,
  }) => {
    const search = await (await request.get('/api/products?q=laptop')).json();
    const productId = search.items[0].id;
    const pages = ['/', '/result?q=laptop', `/result/productHub/${productId}`];
    const chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM_PATH,
      chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
    });
    try {
      // Calibration: the host's benchmark index, the median of three measurements (Lighthouse takes one per run).
      const indexes: number[] = [];
      while (indexes.length < 3) {
        indexes.push((await recorded(`${baseURL}/`, chrome.port, DEFAULT_CPU_SLOWDOWN)).benchmarkIndex);
      }
      const benchmarkIndex = median(indexes);
      const slowdown = calibratedSlowdown(benchmarkIndex);
      console.log(
        `lighthouse: host benchmark index ${benchmarkIndex} (${indexes.join(', ')}): CPU slowdown ${slowdown}×`,
      );

      const failures: string[] = [];
      for (const path of pages) {
        const runs: Audit[] = [];
        while (runs.length < RUNS) {
          runs.push(await recorded(`${baseURL}${path}`, chrome.port, slowdown));
          const passed = runs.filter(passes).length;
          if (passed > RUNS / 2 || runs.length - passed > RUNS / 2) break;
        }
        const performance = median(runs.map((r) => r.performance));
        const accessibility = median(runs.map((r) => r.accessibility));
        const scores = runs.map((r) => `${r.performance}/${r.accessibility}`).join(', ');
        console.log(`lighthouse ${path}: performance ${performance}, accessibility ${accessibility} (runs ${scores})`);
        if (runs.filter(passes).length <= RUNS / 2) {
          failures.push(`${path}: runs ${scores}; weakest audits: ${runs.find((r) => !passes(r))!.weakest}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      chrome.kill();
    }
  });
});
