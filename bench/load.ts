/**
 * What the HTTP benchmarks share: the app (or a hello-world) in its own process (bench/app-server.ts), a fixed-seed
 * random source, a Zipf sampler over distinct paths, and autocannon with 16 connections reporting requests/s and the
 * p95 of per-request times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { percentile } from './results';

export function mulberry32(seed: number): () => number {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Zipf (s = 1) over the paths: the first is the most frequent, as real traffic is. */
export function zipfSampler(paths: string[], seed = 7): () => string {
  const rand = mulberry32(seed);
  const weights = paths.map((_, i) => 1 / (i + 1));
  const total = weights.reduce((a, b) => a + b, 0);
  const cumulative: number[] = [];
  let acc = 0;
  for (const w of weights) cumulative.push((acc += w / total));
  return () => {
    const r = rand();
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < r) lo = mid + 1;
      else hi = mid;
    }
    return paths[lo]!;
  };
}

/** Each path once, in order, then the sequence starts again (for "each asked once" measurements). */
export function eachOnce(paths: string[]): () => string {
  let i = 0;
  return () => paths[i++ % paths.length]!;
}

export interface Server {
  port: number;
  child: ChildProcess;
}

/** BENCH_MODE=hello (the reference) or app; see bench/app-server.ts for the rest of the settings. */
export async function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'app-server.ts')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const m = /listening (\d+)/.exec(buffer);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`bench server exited (${code})`)));
  });
  return { port, child };
}

export async function stopServer(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGTERM');
  await exited;
}

export interface Load {
  rps: number;
  p95: number;
  /** Answers other than 200, and connection errors. */
  errors: number;
  requests: number;
}

/**
 * 16 connections for `duration` seconds, or until `amount` requests have been sent when it is given. `headers` go
 * with every request (a session cookie, Accept-Encoding).
 */
export async function load(
  port: number,
  next: () => string,
  { duration, amount, headers = {} }: { duration?: number; amount?: number; headers?: Record<string, string> },
): Promise<Load> {
  const times: number[] = [];
  let errors = 0;
  const started = performance.now();
  let lastAnswer = started;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `http://127.0.0.1:${port}`,
        connections: 16,
        ...(amount ? { amount } : { duration }),
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, path: next() }) }],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, responseTime: number) => {
      lastAnswer = performance.now();
      times.push(responseTime);
      if (status !== 200) errors++;
    });
  });
  // Until the last answer: autocannon ends a run of `amount` requests on its next whole second, so its own duration
  // read 2,000 requests answered in 3.4 s as 500/s.
  const seconds = (lastAnswer - started) / 1000;
  return {
    rps: amount ? times.length / seconds : result.requests.average,
    p95: times.length ? percentile(times, 95) : NaN,
    errors: errors + result.errors,
    requests: times.length,
  };
}

/** Hello-world's requests/s on this machine right now: the reference every throughput figure is read against. */
export async function helloWorld(duration: number): Promise<number> {
  const hello = await startServer({ BENCH_MODE: 'hello' });
  try {
    return (await load(hello.port, () => '/hello', { duration })).rps;
  } finally {
    await stopServer(hello);
  }
}
