import type { BulkProgress } from './bulk';

const WIDTH = 30;

const count = (n: number) => n.toLocaleString('en-US');

/** "45s", "3m 07s". */
export function duration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  return s < 60 ? `${s}s` : `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
}

/**
 * The bulk seed's progress: on a terminal one redrawn line (bar, products done of the total, products per second,
 * time left); on a pipe a plain line every tenth of the way, so logs stay readable. Then one line per closing step.
 * (modules/ingestion/progress-bar.ts draws the ingest's phases, without a rate or time left.)
 */
export function seedProgress(
  stream: Pick<NodeJS.WriteStream, 'write' | 'isTTY'> = process.stdout,
  now: () => number = () => performance.now(),
): Required<BulkProgress> & { done(): void } {
  const started = now();
  let loggedTenth = -1;
  let drawn = false;
  const elapsed = () => (now() - started) / 1000;
  const endLine = () => {
    if (drawn) stream.write('\n');
    drawn = false;
  };
  return {
    products(done, total) {
      const ratio = total === 0 ? 1 : done / total;
      const rate = done / Math.max(elapsed(), 0.001);
      const left = rate > 0 ? (total - done) / rate : 0;
      const figures = `${count(done)} / ${count(total)} products, ${count(Math.round(rate))}/s, ${done < total ? `${duration(left)} left` : `${duration(elapsed())}`}`;
      if (stream.isTTY) {
        const filled = Math.round(ratio * WIDTH);
        const bar = `[${'#'.repeat(filled)}${'-'.repeat(WIDTH - filled)}] ${String(Math.floor(ratio * 100)).padStart(3)}%`;
        // Padded so a shorter line fully covers the one before.
        stream.write(`\r  ${bar} ${figures}`.padEnd(100));
        drawn = true;
      } else if (Math.floor(ratio * 10) !== loggedTenth || done === total) {
        loggedTenth = Math.floor(ratio * 10);
        stream.write(`  ${figures}\n`);
      }
    },
    step(what) {
      endLine();
      stream.write(`  ${what} (at ${duration(elapsed())})\n`);
    },
    done: endLine,
  };
}
