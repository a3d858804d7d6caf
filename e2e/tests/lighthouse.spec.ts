/**
 * Lighthouse's mobile profile (simulated slow 4G and a slowed-down CPU) on the home, results and product pages:
 * performance and accessibility must both reach 95. Part of `npm test`; alone: `npm run lighthouse` (after
 * `npm run build`).
 *
 * Three things about the measuring, from Lighthouse's own documentation (docs/variability.md, docs/throttling.md):
 * - A score is the median of five runs: blocking time is measured on this machine's CPU, which other work shares.
 *   Each page is audited until that median is known (three runs that agree settle it). A run that Lighthouse
 *   itself reports as failed (a trace it could not record, "please run Lighthouse again") is run again.
 * - The CPU slowdown is relative to the host. The default 4× turns Lighthouse's reference host (benchmark index
 *   about 2,000; it warns below 1,000 that the host is "at least ~2x weaker") into a mid-tier phone. On a weaker host
 *   Lighthouse says to lower the multiplier, so that the page is judged on the same phone: here it is
 *   4 × index / 2,000, measured before the audits, and never above the default 4×.
 * - Lighthouse slows down the time each task of the page took on this host, and that time includes any wait for a
 *   CPU. The page shares the two cores with the browser's other processes, Lighthouse and the app server. On a crowded
 *   host (a CI machine whose tests all ran 2 to 3 times as slowly) the same tasks took 3 to 4 times as long, while the
 *   benchmark index, measured with nothing else running, was as high as here. So each run also measures how long the
 *   page's main-thread tasks took against the CPU time they used (Chrome records both). Alone on this machine they
 *   take about twice their CPU time. For a run that waited longer, the slowdown is 4 × 2 / that ratio, and the run is
 *   scored again from the same recording. The lower of the two calibrations counts, never their product: a crowd
 *   present all along lowers the benchmark index too. More work on the page's main thread costs as many points on a
 *   crowded host as on a quiet one, where the audit is the stock profile. See
 *   docs/decisions/042-lighthouse-on-a-crowded-host.md.
 * - A host can also be slower at the browser's own work while the benchmark index, plain JavaScript in a tight loop,
 *   stays high: a CI machine ran every browser test 2.5 times as slowly as this one, and its pages' tasks used 2.5
 *   times the CPU time, with an index only 10% lower. So just before each run a fixed piece of browser work (a
 *   stylesheet, a grid of elements laid out, records through JSON and a sort) is timed, and the run is also scored with
 *   the slowdown 4 × its time here / its time now. See docs/decisions/044-lighthouse-reference-work.md.
 */
import * as chromeLauncher from 'chrome-launcher';
import type { Result, TraceEvent } from 'lighthouse';
import { ProcessedTrace } from 'lighthouse/core/computed/processed-trace.js';
import { throttling } from 'lighthouse/core/config/constants.js';
import { navigationGather } from 'lighthouse/core/gather/navigation-runner.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { Runner } from 'lighthouse/core/runner.js';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';
import { referenceTimes } from '../fixtures/reference-work';
import { expect, test } from '../fixtures/test';

const MIN_SCORE = 95;
const RUNS = 5;
// About one run in eight ends in NO_NAVSTART here, whatever the page (a fresh browser per run does not help).
const MAX_FAILED_RECORDINGS = 8;
const DEFAULT_CPU_SLOWDOWN = throttling.mobileSlow4G.cpuSlowdownMultiplier;
const REFERENCE_BENCHMARK_INDEX = 2000;
/**
 * How long the page's main-thread tasks take against the CPU time they use, on this machine with nothing else running:
 * 1.7-2.0 on 28 Nov 2026 (home, results and product pages, two runs each). The rest is time spent waiting for the
 * browser's other processes, which share the two cores.
 */
const QUIET_WALL_PER_CPU = 2;
/**
 * The reference work's time (fixtures/reference-work.ts) on this machine with nothing else running, 28 Nov 2026: medians
 * of 106-130 ms alone, and 102-189 ms just before the runs of three audits (two of them inside a full run of the browser
 * tests). The upper end, so that a quiet host keeps the stock slowdown in most runs, and a slower one is not flattered.
 */
const QUIET_REFERENCE_MS = 190;

interface Audit {
  performance: number;
  accessibility: number;
  weakest: string;
  /** The CPU slowdown the run was scored with, and its performance score with the benchmark index's slowdown alone. */
  slowdown: number;
  hostPerformance: number;
  /** What the host measured just before the run: the reference work's time, and the page's tasks' wall per CPU time. */
  referenceMs: number;
  waited: number | undefined;
  /** Lighthouse's own error when it could not measure the page (the scores are then meaningless). */
  runtimeError?: string;
}

type Gathered = Awaited<ReturnType<typeof navigationGather>>;
type Settings = Gathered['runnerOptions']['resolvedConfig']['settings'];

/** The wall time of the page's main-thread tasks over the CPU time they used, from the run's trace. */
async function wallPerCpu(gathered: Gathered): Promise<number | undefined> {
  const trace = gathered.artifacts.Trace;
  if (!trace) return undefined;
  const { mainThreadEvents } = await ProcessedTrace.request(trace, { computedCache: new Map() });
  let wall = 0;
  let cpu = 0;
  // Chrome records each task's CPU time (`tdur`) beside its wall time.
  for (const event of mainThreadEvents as (TraceEvent & { tdur?: number })[]) {
    if (event.ph !== 'X' || !TraceProcessor.isScheduleableTask(event) || !event.dur || !event.tdur) continue;
    wall += event.dur;
    cpu += event.tdur;
  }
  return cpu > 0 ? wall / cpu : undefined;
}

/** Scores a recording with the given CPU slowdown (Lighthouse simulates the throttling, so one recording serves). */
async function score(gathered: Gathered, cpuSlowdownMultiplier: number): Promise<Result> {
  const { resolvedConfig } = gathered.runnerOptions;
  const settings: Settings = {
    ...resolvedConfig.settings,
    throttling: { ...resolvedConfig.settings.throttling, cpuSlowdownMultiplier },
  };
  const result = await Runner.audit(
    { ...gathered.artifacts, settings },
    { resolvedConfig: { ...resolvedConfig, settings }, computedCache: new Map() },
  );
  return result!.lhr;
}

/** Loads the page once and records it, with the mobile profile's network and the given CPU slowdown. */
function gather(url: string, port: number, cpuSlowdownMultiplier: number): Promise<Gathered> {
  return navigationGather(undefined, url, {
    flags: { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    config: {
      extends: 'lighthouse:default',
      settings: { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier } },
    },
  });
}

const oneDecimal = (x: number) => Math.round(x * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The default slowdown, scaled down for a host that took `measured` for what this machine does in `quiet` alone. */
const scaledTo = (quiet: number, measured: number) =>
  Math.min(DEFAULT_CPU_SLOWDOWN, oneDecimal((DEFAULT_CPU_SLOWDOWN * quiet) / measured));

async function audit(url: string, port: number, hostSlowdown: number, browser: Browser): Promise<Audit> {
  const referenceMs = median(await referenceTimes(browser, 7));
  const gathered = await gather(url, port, hostSlowdown);
  const hostLhr = await score(gathered, hostSlowdown);
  // A run on a host slower than this one alone is scored again with the slowdown lowered: slower at the reference work
  // just before, or with the page's tasks waiting for the CPU longer than they do here. The lowest calibration counts,
  // not their product: a host slow all along lowered the benchmark index too, and the reference work's time includes
  // the waiting. A run Lighthouse could not record has no trace to measure (`recorded` runs it again).
  const waited = hostLhr.runtimeError ? undefined : await wallPerCpu(gathered);
  const forWaiting = waited ? scaledTo(QUIET_WALL_PER_CPU, waited) : Infinity;
  const forReference = scaledTo(QUIET_REFERENCE_MS, referenceMs);
  const slowdown = Math.min(hostSlowdown, forWaiting, forReference);
  const lhr = slowdown === hostSlowdown ? hostLhr : await score(gathered, slowdown);
  const weakest = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.displayValue ?? a.score})`)
    .slice(0, 6)
    .join(', ');
  const percent = (score: number | null | undefined) => Math.round((score ?? 0) * 100);
  return {
    performance: percent(lhr.categories.performance?.score),
    accessibility: percent(lhr.categories.accessibility?.score),
    weakest,
    slowdown,
    hostPerformance: percent(hostLhr.categories.performance?.score),
    referenceMs,
    waited,
    runtimeError: lhr.runtimeError?.code,
  };
}

/** One audit that Lighthouse managed to record: a run it reports as failed ("run Lighthouse again") is run again. */
async function recorded(url: string, port: number, cpuSlowdownMultiplier: number, browser: Browser): Promise<Audit> {
  for (let failed = 0; ; failed++) {
    const run = await audit(url, port, cpuSlowdownMultiplier, browser);
    if (!run.runtimeError) return run;
    console.log(`lighthouse ${new URL(url).pathname}: run not recorded (${run.runtimeError}), running it again`);
    expect(failed + 1, `Lighthouse could not record ${url}`).toBeLessThan(MAX_FAILED_RECORDINGS);
  }
}

const passes = (a: Audit) => a.performance >= MIN_SCORE && a.accessibility >= MIN_SCORE;

/** Lighthouse's CPU slowdown for this host: the default 4× on a host as fast as its reference or faster. */
function calibratedSlowdown(benchmarkIndex: number): number {
  const scaled = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.min(DEFAULT_CPU_SLOWDOWN, oneDecimal(scaled));
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
    // The reference work runs in a new browser of its own, as when its quiet time was measured. Playwright's shared
    // browser has served every test before this one: in one full run it took 133-213 ms, and a new browser 105-160 ms
    // in the next (with a benchmark index 20% higher, so not all of it is the browser).
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      // Calibration: the host's benchmark index, the median of three measurements. Lighthouse takes one as it sets
      // up each recording, before the page loads, so the recordings need not be scored.
      const indexes: number[] = [];
      while (indexes.length < 3) {
        indexes.push(
          Math.round((await gather(`${baseURL}/`, chrome.port, DEFAULT_CPU_SLOWDOWN)).artifacts.BenchmarkIndex),
        );
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
          runs.push(await recorded(`${baseURL}${path}`, chrome.port, slowdown, browser));
          const passed = runs.filter(passes).length;
          if (passed > RUNS / 2 || runs.length - passed > RUNS / 2) break;
        }
        const performance = median(runs.map((r) => r.performance));
        const accessibility = median(runs.map((r) => r.accessibility));
        const host = (r: Audit) => `reference ${Math.round(r.referenceMs)} ms, waiting ${oneDecimal(r.waited ?? 0)}`;
        const scores = runs
          .map((r) =>
            r.slowdown === slowdown
              ? `${r.performance}/${r.accessibility} (${host(r)})`
              : `${r.performance}/${r.accessibility} at ${r.slowdown}× (${r.hostPerformance} at ${slowdown}×; ${host(r)})`,
          )
          .join(', ');
        console.log(`lighthouse ${path}: performance ${performance}, accessibility ${accessibility} (runs ${scores})`);
        if (runs.filter(passes).length <= RUNS / 2) {
          failures.push(`${path}: runs ${scores}; weakest audits: ${runs.find((r) => !passes(r))!.weakest}`);
        }
      }
      expect(failures).toEqual([]);
    } finally {
      await browser.close();
      chrome.kill();
    }
  });
});
