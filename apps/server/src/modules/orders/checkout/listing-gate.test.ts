import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShelfAfter } from '../../catalog/stock';
import { ListingGate, MAX_WAIT_MS, type Claim, type Landed } from './listing-gate';

const claim = (listingId: number, quantity: number, shelf: number): Claim => ({ listingId, quantity, shelf });
/** A committed checkout's read of listing `listingId`'s shelf, `quantity` left, read at `at`. */
const read = (listingId: number, quantity: number, at: number): ShelfAfter[] => [{ listingId, quantity, at }];

/** Whether `promise` has settled once pending callbacks have run. */
async function settled(promise: Promise<Landed>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

afterEach(() => vi.useRealTimers());

describe('the queue in front of checkout, per listing', () => {
  it('lets in as many buyers as the shelf has units, and keeps the next one waiting', () => {
    const gate = new ListingGate();
    expect(gate.enter([claim(1, 1, 3)])).toBe(true);
    expect(gate.enter([claim(1, 2, 3)])).toBe(true);
    expect(gate.enter([claim(1, 1, 3)])).toBeInstanceOf(Promise);
    // Another listing is not held up by this one's rush.
    expect(gate.enter([claim(2, 1, 1)])).toBe(true);
  });

  it('lets a buyer in when nothing is in flight, whatever the shelf said', () => {
    const gate = new ListingGate();
    expect(gate.enter([claim(1, 5, 2)])).toBe(true);
  });

  it('wakes the waiters once the last checkout in flight has committed, not before', async () => {
    const gate = new ListingGate();
    const first = [claim(1, 1, 2)];
    const second = [claim(1, 1, 2)];
    gate.enter(first);
    gate.enter(second);
    const waiting = gate.enter([claim(1, 1, 2)]) as Promise<Landed>;
    gate.leave(first, read(1, 1, 100));
    // The shelf is one unit lower and one fewer is in flight: the room left is the same.
    expect(await settled(waiting)).toBe(false);
    gate.leave(second, read(1, 0, 200));
    expect(await settled(waiting)).toBe(true);
    // Told what the shelf held after the last checkout took its units.
    expect(await waiting).toEqual(new Map([[1, 0]]));
    expect(gate.size).toBe(0);
  });

  it('wakes the waiters at once when a checkout in flight fails: its units are free again', async () => {
    const gate = new ListingGate();
    const first = [claim(1, 1, 2)];
    gate.enter(first);
    gate.enter([claim(1, 1, 2)]);
    const waiting = gate.enter([claim(1, 1, 2)]) as Promise<Landed>;
    gate.leave(first);
    expect(await settled(waiting)).toBe(true);
    // Nothing is known of the shelf: the buyer looks again.
    expect(await waiting).toBeUndefined();
  });

  it('takes a place for every line of a cart or for none', async () => {
    const gate = new ListingGate();
    const held = [claim(2, 1, 1)];
    gate.enter(held);
    const cart = [claim(1, 1, 5), claim(2, 1, 1)];
    const waiting = gate.enter(cart) as Promise<Landed>;
    expect(waiting).toBeInstanceOf(Promise);
    // Listing 1 took nothing for the waiting cart: a buyer of listing 1 alone still fits.
    expect(gate.enter([claim(1, 5, 5)])).toBe(true);
    gate.leave(held, read(2, 0, 100));
    expect(await settled(waiting)).toBe(true);
  });

  it(`keeps no buyer waiting longer than ${MAX_WAIT_MS} ms`, async () => {
    vi.useFakeTimers();
    const gate = new ListingGate();
    gate.enter([claim(1, 1, 1)]);
    const waiting = gate.enter([claim(1, 1, 1)]) as Promise<Landed>;
    vi.advanceTimersByTime(MAX_WAIT_MS - 1);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
    expect(await waiting).toBeUndefined();
  });

  it('tells the waiters the shelf its checkouts read last, whichever left the flight last', async () => {
    const gate = new ListingGate();
    const first = [claim(1, 1, 3)];
    const second = [claim(1, 1, 3)];
    gate.enter(first);
    gate.enter(second);
    const waiting = gate.enter([claim(1, 2, 3)]) as Promise<Landed>;
    // The second took the row after the first (its read is later), but its answer went out first.
    gate.leave(second, read(1, 1, 200));
    gate.leave(first, read(1, 2, 100));
    expect(await waiting).toEqual(new Map([[1, 1]]));
  });

  it('lets in, when told to, a buyer who has waited enough', () => {
    const gate = new ListingGate();
    gate.enter([claim(1, 1, 1)]);
    expect(gate.enter([claim(1, 1, 1)], { anyway: true })).toBe(true);
  });
});
