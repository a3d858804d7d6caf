import { describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { buildTestApp } from '../testing/test-app';
import { purgeOldRateLimits, takeHit } from './rate-limit';

const t = await buildTestApp();
const HOUR = 3_600_000;

describe('rate-limit counters', () => {
  it('are purged a day after their window started, and a purged counter starts again at one hit', async () => {
    const now = new Date();
    await t.ctx.db.insert(rateLimits).values([
      { key: 'purge-test:old', windowStart: new Date(now.getTime() - 25 * HOUR), count: 9 },
      { key: 'purge-test:recent', windowStart: new Date(now.getTime() - 23 * HOUR), count: 4 },
      { key: 'purge-test:address:10.0.0.1', windowStart: new Date(now.getTime() - 30 * HOUR), count: 1 },
    ]);
    await purgeOldRateLimits(t.ctx.db, now);
    const left = (await t.ctx.db.select().from(rateLimits))
      .map((r) => r.key)
      .filter((k) => k.startsWith('purge-test:'));
    expect(left).toEqual(['purge-test:recent']);
    // The address's counter was purged: one more hit is the first of a new window, within a limit of one.
    const limit = { name: 'purge-test', windowSeconds: 60, perAccount: 1, perAddress: 1 };
    expect(await takeHit(t.ctx.db, limit, { address: '10.0.0.1' })).toBe(true);
    expect(await takeHit(t.ctx.db, limit, { address: '10.0.0.1' })).toBe(false);
  });
});
