import { and, asc, eq, sql } from 'drizzle-orm';
import { preparedOn, queryRows, type Db } from '../../db/client';
import { cartItems } from '../../db/schema';
import { cartListings, productListingsSql, type ProductListing } from '../catalog/cart-listings';

/** A cart line's columns: one seller's listing (`listingId`) of catalogue product `catalogProductId`. */
const cartRowColumns = {
  listingId: cartListings.id,
  catalogProductId: cartListings.productId,
  name: cartListings.name,
  image: cartListings.image,
  brand: cartListings.brand,
  price: cartListings.price,
  stockQuantity: cartListings.quantity,
  stockStatus: cartListings.stock,
  quantity: cartItems.quantity,
  storeId: cartListings.storeId,
  storeSlug: cartListings.storeSlug,
  storeName: cartListings.storeName,
  storeStatus: cartListings.storeStatus,
};

const prepareCartRows = (db: Db) =>
  db
    .select(cartRowColumns)
    .from(cartItems)
    .innerJoin(cartListings, eq(cartListings.id, cartItems.listingId))
    .where(eq(cartItems.customerId, sql.placeholder('customerId')))
    .orderBy(asc(cartItems.addedAt), asc(cartListings.id))
    .prepare('cart_listing_rows');

const prepareCartsRows = (db: Db) =>
  db
    .select({ customerId: cartItems.customerId, ...cartRowColumns })
    .from(cartItems)
    .innerJoin(cartListings, eq(cartListings.id, cartItems.listingId))
    .where(
      sql`${cartItems.customerId} in (select value::int from json_array_elements_text(${sql.placeholder('ids')}::json))`,
    )
    .orderBy(asc(cartItems.customerId), asc(cartItems.addedAt), asc(cartListings.id))
    .prepare('carts_listing_rows');

/** The cart's rows with their listing and store, oldest line first (the order the shopper added them). */
export function loadCartRows(db: Db, customerId: number) {
  return preparedOn(db, 'cart_listing_rows', prepareCartRows).execute({ customerId });
}

export type CartRow = Awaited<ReturnType<typeof loadCartRows>>[number];

/** Several customers' carts in one read, as loadCartRows has each (a customer with an empty cart has none). */
export async function loadCartsRows(db: Db, customerIds: readonly number[]): Promise<Map<number, CartRow[]>> {
  const rows = await preparedOn(db, 'carts_listing_rows', prepareCartsRows).execute({
    ids: JSON.stringify(customerIds),
  });
  const carts = new Map<number, CartRow[]>(customerIds.map((id) => [id, []]));
  for (const { customerId, ...row } of rows) carts.get(customerId)?.push(row);
  return carts;
}

/**
 * The sum of the cart's quantities (the header's counter), as `getCart` counts it, in one indexed read. Every line
 * has its listing and that listing its store (both references cascade on delete), so the sum needs no join.
 */
export async function countCart(db: Db, customerId: number): Promise<number> {
  const [row] = await preparedOn(db, 'cart_count', (d) =>
    d
      .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .where(eq(cartItems.customerId, sql.placeholder('customerId')))
      .prepare('cart_count'),
  ).execute({ customerId });
  return row?.count ?? 0;
}

/** One listing of a product, with how many of it are already in the customer's cart. */
export type ListingCandidate = ProductListing & { inCart: number };

/** Every listing of catalogue product `productId` (catalog's productListingsSql) with the customer's line of it. */
export async function listingCandidates(
  db: Db,
  customerId: number,
  productId: number,
  now: Date,
): Promise<ListingCandidate[]> {
  return queryRows<ListingCandidate>(
    db,
    sql`select l.id, l.price, l.quantity, l.stock, l."storeStatus", coalesce(c.quantity, 0)::int as "inCart", l.sale
        from ${productListingsSql(productId, now)} l
        left join cart_items c on c.listing_id = l.id and c.customer_id = ${customerId}`,
  );
}

/** Ids past PostgreSQL's integer range name no line (the database would refuse to compare them). */
const MAX_ID = 2_147_483_647;

const lineOf = (customerId: number, listingId: number) =>
  and(eq(cartItems.customerId, customerId), eq(cartItems.listingId, listingId));

/** The quantity of the customer's line of listing `listingId`; undefined when there is no such line. */
export async function lineQuantity(db: Db, customerId: number, listingId: number): Promise<number | undefined> {
  if (listingId > MAX_ID) return undefined;
  const [line] = await db.select({ quantity: cartItems.quantity }).from(cartItems).where(lineOf(customerId, listingId));
  return line?.quantity;
}

/** Puts `add` units of listing `listingId` in the cart: a new line added at `addedAt`, or more on the existing one. */
export async function addToLine(
  db: Db,
  customerId: number,
  listingId: number,
  add: number,
  addedAt: Date,
): Promise<void> {
  await db
    .insert(cartItems)
    .values({ customerId, listingId, quantity: add, addedAt })
    .onConflictDoUpdate({
      target: [cartItems.customerId, cartItems.listingId],
      set: { quantity: sql`${cartItems.quantity} + ${add}` },
    });
}

export async function setLineQuantity(db: Db, customerId: number, listingId: number, quantity: number): Promise<void> {
  await db.update(cartItems).set({ quantity }).where(lineOf(customerId, listingId));
}

/** Removes the customer's line of listing `listingId`; false when there was none. */
export async function removeLine(db: Db, customerId: number, listingId: number): Promise<boolean> {
  if (listingId > MAX_ID) return false;
  const removed = await db
    .delete(cartItems)
    .where(lineOf(customerId, listingId))
    .returning({ listingId: cartItems.listingId });
  return removed.length > 0;
}
