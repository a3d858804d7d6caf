import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import { Scheduler } from './scheduler';

const database = await createTestDatabase();
afterAll(() => database.close());
const log = pino({ level: 'silent' });

async function waitFor(check: () => boolean, ms = 3_000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('scheduler stop', () => {
  it('returns by its deadline even when a job never ends', async () => {
    const scheduler = new Scheduler(database.db, log);
    let started = false;
    await scheduler.register({
      name: 'test:forever',
      intervalSeconds: 60,
      run: () => {
        started = true;
        return new Promise<void>(() => {});
      },
    });
    scheduler.start(50);
    await waitFor(() => started);

    const begun = Date.now();
    expect(await scheduler.stop(300)).toBe(false);
    expect(Date.now() - begun).toBeLessThan(1_000);
  });

  it('finishes the job in hand, then claims no further job', async () => {
    const scheduler = new Scheduler(database.db, log);
    const ran: string[] = [];
    let release = () => {};
    await scheduler.register({
      name: 'test:a-slow',
      intervalSeconds: 60,
      run: () => {
        ran.push('slow');
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    await scheduler.register({
      name: 'test:b-next',
      intervalSeconds: 60,
      run: async () => void ran.push('next'),
    });
    scheduler.start(50);
    await waitFor(() => ran.length === 1);

    const stopped = scheduler.stop(2_000);
    release();
    expect(await stopped).toBe(true);
    expect(ran).toEqual(['slow']);
  });
});
