import type { Db } from '../../../db/client';
import { loadCartRows, loadCartsRows, type CartRow } from '../../cart/service';

/** One read carries at most this many buyers' carts; more wait for the next. */
export const MAX_CARTS_PER_LOOK = 500;

interface Asked {
  customerId: number;
  resolve: (rows: CartRow[]) => void;
  reject: (error: unknown) => void;
}

/**
 * Checkout's first looks at buyers' carts, read together. Buyers who ask in the same turn of the event loop, or
 * while a read is on its way, share one read of all their carts; one read is on its way at a time. In a rush of 200
 * buyers on one listing that is a handful of round trips instead of 200, and a buyer the gate then keeps waiting never
 * takes a connection.
 *
 * A look is only a first look: it decides who may try and who can already be told the stock is gone. The transaction
 * reads the cart again, on the account's lock.
 */
export class CartLooks {
  private asked: Asked[] = [];
  private reading = false;
  private scheduled = false;

  /** `read`: the carts of the customers named, as readCarts answers them (tests count the reads). */
  constructor(private readonly read: (customerIds: number[]) => Promise<Map<number, CartRow[]>>) {}

  /** The buyer's cart as loadCartRows has it, read with the other buyers' who ask meanwhile. */
  look(customerId: number): Promise<CartRow[]> {
    return new Promise((resolve, reject) => {
      this.asked.push({ customerId, resolve, reject });
      this.schedule();
    });
  }

  /** After the event loop's turn (the requests that arrived with this one have asked too), unless a read is away. */
  private schedule(): void {
    if (this.scheduled || this.reading) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.readAsked();
    });
  }

  private async readAsked(): Promise<void> {
    const batch = this.asked.splice(0, MAX_CARTS_PER_LOOK);
    if (batch.length === 0) return;
    this.reading = true;
    try {
      const carts = await this.read([...new Set(batch.map((a) => a.customerId))]);
      for (const a of batch) a.resolve(carts.get(a.customerId) ?? []);
    } catch (error) {
      for (const a of batch) a.reject(error);
    } finally {
      this.reading = false;
      if (this.asked.length > 0) this.schedule();
    }
  }
}

/** The carts of `customerIds` on `db`; one customer's through the statement every cart page runs, planned for one. */
export async function readCarts(db: Db, customerIds: number[]): Promise<Map<number, CartRow[]>> {
  if (customerIds.length !== 1) return loadCartsRows(db, customerIds);
  return new Map([[customerIds[0]!, await loadCartRows(db, customerIds[0]!)]]);
}
