import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { orderLines, orders, stores } from '../../db/schema';
import { insertListing, type ListingFields } from '../../testing/catalogue';

/** Test-only rows written straight to the tables this workspace reads (listings and orders are others' modules). */
export async function storeIdOf(ctx: AppContext, sellerId: number): Promise<number> {
  const [store] = await ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.sellerId, sellerId));
  return store!.id;
}

/** One of the store's listings, with a catalogue product of its own (same id); `price` in paisa. */
export async function insertStoreListing(
  ctx: AppContext,
  storeId: number,
  over: Omit<ListingFields, 'storeId'> = {},
): Promise<{ listingId: number; productId: number }> {
  return insertListing(ctx.db, {
    name: 'Test Phone',
    brand: 'Samsung',
    price: 100_000_00,
    quantity: 5,
    ...over,
    storeId,
  });
}

let orderNo = 900_000;
export async function insertOrder(
  ctx: AppContext,
  input: {
    customerId: number;
    storeId: number;
    total: number;
    createdAt: Date;
    status?: 'Booked' | 'Cancelled' | 'Completed';
  },
): Promise<string> {
  const id = `SG${++orderNo}${Math.floor(Math.random() * 1000)}`;
  await ctx.db.insert(orders).values({
    id,
    customerId: input.customerId,
    storeId: input.storeId,
    status: input.status ?? 'Booked',
    paymentMethod: 'cashOnDel',
    paymentStatus: 'not_required',
    subtotal: input.total,
    shippingFee: 0,
    total: input.total,
    shippingAddress: '1 Test Street, Lahore',
    createdAt: input.createdAt,
    updatedAt: input.createdAt,
  });
  await ctx.db.insert(orderLines).values({ orderId: id, name: 'Test Phone', unitPrice: input.total, quantity: 1 });
  return id;
}
