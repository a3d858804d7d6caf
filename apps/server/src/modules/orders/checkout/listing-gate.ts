import type { ShelfAfter } from '../../catalog/stock';

/**
 * Admission to checkout's transaction, per listing, in this process: a rush on one listing lets in as many buyers as
 * it has units, and the rest wait for those to finish instead of opening transactions that can only roll back.
 *
 * A buyer's first look reads the shelf (the committed stock). The units this process's checkouts are taking now are
 * not in it yet; while they are in flight, a buyer whose units do not fit in what is left (the shelf less what is
 * in flight) waits. A checkout that commits takes its units off the shelf as it leaves the flight, so what is left is
 * the same, and the waiters are woken only when the flight is empty, with the shelf as the last of its checkouts
 * read it under the row lock (a buyer it cannot serve is refused on that), or when a checkout fails (its units are
 * free again, and the waiters look again).
 *
 * It is only a queue: the stock is still taken by the database with its `quantity >= n` guard, which is what keeps
 * two processes, or a seller's change made meanwhile, from overselling. A buyer never waits longer than MAX_WAIT_MS.
 */

/** What a checkout needs of each listing: the units, and how many its first look saw on the shelf. */
export interface Claim {
  listingId: number;
  quantity: number;
  shelf: number;
}

/** A buyer waits at most this long for the flight to land; then their transaction runs and the database decides. */
export const MAX_WAIT_MS = 2_000;

/** What the shelves held when a flight landed, by listing: the waiters woken by it need not look again. */
export type Landed = Map<number, number> | undefined;

interface Flight {
  units: number;
  waiters: Set<(landed: Landed) => void>;
  /** The latest shelf read by a checkout of this flight that committed (ShelfAfter). */
  latest?: ShelfAfter;
}

export class ListingGate {
  private readonly flights = new Map<number, Flight>();

  /**
   * Takes a place in flight for every line, or for none. Answers true when each line's units fit beside those
   * already in flight (or none are); otherwise a promise, already waiting, that resolves when a flight of these lines
   * lands or frees units (or after MAX_WAIT_MS): the buyer should then look at the shelf again and try once more.
   * When the flight landed, the promise answers what the shelf held then, read by its last checkout, so that a
   * buyer it cannot serve is refused without looking again.
   * `anyway`: enters whatever is in flight (a buyer who has waited enough; the database's guard decides).
   */
  enter(claims: Claim[], { anyway = false } = {}): true | Promise<Landed> {
    const fits =
      anyway ||
      claims.every((c) => {
        const inFlight = this.flights.get(c.listingId)?.units ?? 0;
        return inFlight === 0 || inFlight + c.quantity <= c.shelf;
      });
    if (!fits) return this.wait(claims);
    for (const c of claims) this.flight(c.listingId).units += c.quantity;
    return true;
  }

  /**
   * Leaves the flight. With `shelves` (the checkout committed, and read these shelves after taking its units): the
   * units are off the shelf now, which leaves the others' room as it was; the waiters are woken once the flight is
   * empty, with the latest shelf its checkouts read. Without (it failed): the units are free again and the waiters
   * are woken now, to look again.
   */
  leave(claims: Claim[], shelves?: ShelfAfter[]): void {
    for (const c of claims) {
      const flight = this.flights.get(c.listingId);
      if (!flight) continue;
      flight.units -= c.quantity;
      const read = shelves?.find((s) => s.listingId === c.listingId);
      if (read && (!flight.latest || read.at > flight.latest.at)) flight.latest = read;
      if (flight.units > 0 && shelves) continue;
      const waiters = [...flight.waiters];
      flight.waiters.clear();
      if (flight.units <= 0) this.flights.delete(c.listingId);
      const landed =
        shelves && flight.units <= 0 && flight.latest ? new Map([[c.listingId, flight.latest.quantity]]) : undefined;
      for (const wake of waiters) wake(landed);
    }
  }

  private wait(claims: Claim[]): Promise<Landed> {
    return new Promise((resolve) => {
      // Only the lines with units in flight: the others did not keep this buyer out.
      const flights = claims.flatMap((c) => this.flights.get(c.listingId) ?? []);
      const wake = (landed: Landed) => {
        clearTimeout(timer);
        for (const flight of flights) flight.waiters.delete(wake);
        resolve(landed);
      };
      const timer = setTimeout(() => wake(undefined), MAX_WAIT_MS);
      for (const flight of flights) flight.waiters.add(wake);
    });
  }

  /** Listings with units in flight (for tests). */
  get size(): number {
    return this.flights.size;
  }

  private flight(listingId: number): Flight {
    let flight = this.flights.get(listingId);
    if (!flight) this.flights.set(listingId, (flight = { units: 0, waiters: new Set() }));
    return flight;
  }
}
