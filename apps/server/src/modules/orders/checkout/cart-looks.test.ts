import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../testing/test-app';
import { createCustomer } from '../../../testing/factories';
import { addProduct, createSellerWithStore, putInCart } from '../../../testing/shop';
import { loadCartRows, type CartRow } from '../../cart/service';
import { CartLooks, MAX_CARTS_PER_LOOK, readCarts } from './cart-looks';

const t = await buildTestApp();

/** CartLooks on the test database, keeping the customers each read asked for. */
function countedLooks() {
  const reads: number[][] = [];
  const looks = new CartLooks((ids) => {
    reads.push(ids);
    return readCarts(t.ctx.db, ids);
  });
  return { looks, reads };
}

/** Three customers: two with carts of different lines (added in a known order), one with an empty cart. */
async function threeCarts() {
  const s = await createSellerWithStore(t);
  const [p, q, r] = [
    await addProduct(t, s.storeId, { quantity: 5 }),
    await addProduct(t, s.storeId, { quantity: 5 }),
    await addProduct(t, s.storeId, { quantity: 5 }),
  ];
  const [a, b, empty] = [await createCustomer(t), await createCustomer(t), await createCustomer(t)];
  await putInCart(t, a.cookie, q, 2);
  await putInCart(t, a.cookie, p, 1);
  await putInCart(t, b.cookie, r, 3);
  return { a, b, empty };
}

describe("checkout's first looks at carts", () => {
  it('reads the carts of buyers who ask in the same turn together, each answered with their own cart', async () => {
    const { a, b, empty } = await threeCarts();
    const { looks, reads } = countedLooks();

    const [cartA, cartB, cartEmpty, cartAAgain] = await Promise.all([
      looks.look(a.id),
      looks.look(b.id),
      looks.look(empty.id),
      looks.look(a.id),
    ]);

    expect(reads).toEqual([[a.id, b.id, empty.id]]);
    // The same rows, in the same order (oldest line first), as the buyer's own statement reads them.
    expect(cartA).toEqual(await loadCartRows(t.ctx.db, a.id));
    expect(cartA.map((l) => l.quantity)).toEqual([2, 1]);
    expect(cartB).toEqual(await loadCartRows(t.ctx.db, b.id));
    expect(cartB).toHaveLength(1);
    expect(cartEmpty).toEqual([]);
    expect(cartAAgain).toEqual(cartA);
  });

  it('has one read on its way at a time: those who ask meanwhile share the next', async () => {
    const { a, b, empty } = await threeCarts();
    const { looks, reads } = countedLooks();

    const first = looks.look(a.id);
    // Asked once the first read has left (it leaves after this turn of the event loop).
    await new Promise((resolve) => setImmediate(resolve));
    const later = [looks.look(b.id), looks.look(empty.id)];
    expect(reads).toEqual([[a.id]]);

    await Promise.all([first, ...later]);
    expect(reads).toEqual([[a.id], [b.id, empty.id]]);
    expect((await later[0])!.map((l) => l.quantity)).toEqual([3]);
  });

  it(`reads at most ${MAX_CARTS_PER_LOOK} carts at once, and the rest straight after`, async () => {
    const { looks, reads } = countedLooks();
    const ids = Array.from({ length: MAX_CARTS_PER_LOOK + 3 }, (_, i) => 1_000_000 + i);

    const carts = await Promise.all(ids.map((id) => looks.look(id)));

    expect(reads.map((r) => r.length)).toEqual([MAX_CARTS_PER_LOOK, 3]);
    expect(carts.every((c) => c.length === 0)).toBe(true);
  });

  it('refuses every buyer of a read that failed, and reads again for the next', async () => {
    const { a } = await threeCarts();
    let fail = true;
    const looks = new CartLooks((ids) => {
      if (fail) return Promise.reject(new Error('connection lost'));
      return readCarts(t.ctx.db, ids);
    });

    const failed = await Promise.allSettled([looks.look(a.id), looks.look(a.id + 1)]);
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    const cart: CartRow[] = await looks.look(a.id);
    expect(cart).toHaveLength(2);
  });
});
