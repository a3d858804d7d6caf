import { describe, expect, it } from 'vitest';
import { duration, seedProgress } from './progress';

/** A stream that records what was written, and a clock the test moves. */
function fakeTerminal(isTTY: boolean) {
  let out = '';
  let ms = 0;
  const stream = { isTTY, write: (text: string) => ((out += text), true) };
  return { stream, output: () => out, advance: (s: number) => (ms += s * 1000), clock: () => ms };
}

describe('the bulk seed progress', () => {
  it('redraws one line on a terminal: bar, products done of the total, rate and time left', () => {
    const term = fakeTerminal(true);
    const progress = seedProgress(term.stream, term.clock);
    term.advance(10);
    progress.products(50_000, 1_000_000);
    term.advance(10);
    progress.products(100_000, 1_000_000);
    const lines = term.output().split('\r').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^ {2}\[###-{27}\] {2}10% 100,000 \/ 1,000,000 products, 5,000\/s, 3m 00s left/);
    expect(term.output()).not.toContain('\n');
    progress.step('building indexes');
    progress.done();
    expect(term.output().endsWith('\n  building indexes (at 20s)\n')).toBe(true);
  });

  it('writes a plain line every tenth of the way on a pipe, and the total time at the end', () => {
    const term = fakeTerminal(false);
    const progress = seedProgress(term.stream, term.clock);
    for (let done = 5_000; done <= 100_000; done += 5_000) {
      term.advance(1);
      progress.products(done, 100_000);
    }
    const lines = term.output().trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('  5,000 / 100,000 products, 5,000/s, 19s left');
    expect(lines.at(-1)).toBe('  100,000 / 100,000 products, 5,000/s, 20s');
    expect(term.output()).not.toContain('\r');
  });

  it('shows durations in seconds, then minutes and seconds', () => {
    expect(duration(4.4)).toBe('4s');
    expect(duration(59.6)).toBe('1m 00s');
    expect(duration(187)).toBe('3m 07s');
  });
});
