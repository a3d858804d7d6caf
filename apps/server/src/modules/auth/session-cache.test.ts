import { describe, expect, it } from 'vitest';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { MAX_AGE_MS, SessionCache } from './session-cache';

const user = (id: number, name = `User ${id}`): SessionUser => ({
  id,
  role: 'customer',
  email: `u${id}@example.test`,
  name,
  store: null,
});
const NOW = 1_800_000_000_000;
const DAY = 86_400_000;

function cache(maxEntries?: number) {
  const feed = { hearing: true };
  return { feed, sessions: new SessionCache(feed, maxEntries) };
}

describe("this process's signed-in users", () => {
  it('answers a kept session, and nothing for one it was never told', () => {
    const { sessions } = cache();
    sessions.keep('a', user(1), NOW + DAY, sessions.stamp(), NOW);
    expect(sessions.get('a', NOW)).toEqual(user(1));
    expect(sessions.get('b', NOW)).toBeUndefined();
  });

  it('drops every session of an account it is told changed, and only those', () => {
    const { sessions } = cache();
    sessions.keep('a1', user(1), NOW + DAY, sessions.stamp(), NOW);
    sessions.keep('a2', user(1), NOW + DAY, sessions.stamp(), NOW);
    sessions.keep('b', user(2), NOW + DAY, sessions.stamp(), NOW);
    sessions.forget([1]);
    expect(sessions.get('a1', NOW)).toBeUndefined();
    expect(sessions.get('a2', NOW)).toBeUndefined();
    expect(sessions.get('b', NOW)).toEqual(user(2));
    sessions.forget('all');
    expect(sessions.get('b', NOW)).toBeUndefined();
  });

  it('does not keep a lookup that started before a change was heard: its answer may be older than the change', () => {
    const { sessions } = cache();
    const stamp = sessions.stamp();
    sessions.forget([7]);
    sessions.keep('a', user(1), NOW + DAY, stamp, NOW);
    expect(sessions.get('a', NOW)).toBeUndefined();
    // A logout here counts too.
    const next = sessions.stamp();
    sessions.forgetSession('a');
    sessions.keep('a', user(1), NOW + DAY, next, NOW);
    expect(sessions.get('a', NOW)).toBeUndefined();
  });

  it(`answers nothing past the session's expiry, nor ${MAX_AGE_MS / 60_000} minutes after its lookup`, () => {
    const { sessions } = cache();
    sessions.keep('soon', user(1), NOW + 1_000, sessions.stamp(), NOW);
    sessions.keep('later', user(2), NOW + DAY, sessions.stamp(), NOW);
    expect(sessions.get('soon', NOW + 999)).toEqual(user(1));
    expect(sessions.get('soon', NOW + 1_000)).toBeUndefined();
    expect(sessions.get('later', NOW + MAX_AGE_MS - 1)).toEqual(user(2));
    expect(sessions.get('later', NOW + MAX_AGE_MS)).toBeUndefined();
    expect(sessions.size).toBe(0);
  });

  it('keeps and answers nothing while the change feed is not hearing', () => {
    const { feed, sessions } = cache();
    sessions.keep('a', user(1), NOW + DAY, sessions.stamp(), NOW);
    feed.hearing = false;
    expect(sessions.get('a', NOW)).toBeUndefined();
    sessions.keep('b', user(2), NOW + DAY, sessions.stamp(), NOW);
    feed.hearing = true;
    expect(sessions.get('b', NOW)).toBeUndefined();
  });

  it('holds at most its bound, letting the least recently used go first', () => {
    const { sessions } = cache(2);
    sessions.keep('a', user(1), NOW + DAY, sessions.stamp(), NOW);
    sessions.keep('b', user(2), NOW + DAY, sessions.stamp(), NOW);
    expect(sessions.get('a', NOW)).toEqual(user(1));
    sessions.keep('c', user(3), NOW + DAY, sessions.stamp(), NOW);
    expect(sessions.size).toBe(2);
    expect(sessions.get('b', NOW)).toBeUndefined();
    expect(sessions.get('a', NOW)).toEqual(user(1));
    expect(sessions.get('c', NOW)).toEqual(user(3));
  });
});
