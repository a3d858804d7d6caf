import { and, asc, eq, sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { cartMessages, type CartChange, type CartLine, type CartView } from '@pricehub/shared/schemas/cart';
import type { AppContext } from '../../context';
import { preparedOn, queryRows, type Db } from '../../db/client';
import { cartItems, listings } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { storesSql, type StoreStatus } from '../accounts/queries';
import { activeSales, activeSaleSql, unitPrice, type ActiveSale } from '../sales/pricing';

/** A cart line holds one seller's listing (`listingId`) of catalogue product `catalogProductId`. */
const prepareCartRows = (db: Db) =>
  db
    .select({
      listingId: listings.id,
      catalogProductId: listings.productId,
      name: listings.name,
      image: listings.image,
      brand: listings.brand,
      price: listings.price,
      stockQuantity: listings.quantity,
      stockStatus: listings.stock,
      quantity: cartItems.quantity,
      storeId: sql<number>`s.id`,
      storeSlug: sql<string>`s.slug`,
      storeName: sql<string>`s.name`,
      storeStatus: sql<StoreStatus>`s.status`,
    })
    .from(cartItems)
    .innerJoin(listings, eq(listings.id, cartItems.listingId))
    .innerJoin(sql`${storesSql} s`, sql`s.id = ${listings.storeId}`)
    .where(eq(cartItems.customerId, sql.placeholder('customerId')))
    .orderBy(asc(cartItems.addedAt), asc(listings.id))
    .prepare('cart_listing_rows');

/** The cart's rows with their listing and store, oldest line first (the order the shopper added them). */
export function loadCartRows(db: Db, customerId: number) {
  return preparedOn(db, 'cart_listing_rows', prepareCartRows).execute({ customerId });
}

export type CartRow = Awaited<ReturnType<typeof loadCartRows>>[number];

/** What a shopper can still buy of a listing: nothing when it is out of stock or its store is closed or suspended. */
const buyable = (row: { stockQuantity: number; stockStatus: string; storeStatus: string }) =>
  row.stockStatus === 'outofstock' || row.storeStatus !== 'open' ? 0 : row.stockQuantity;

/** The sum of the cart's quantities (the header's counter), as `getCart` counts it, in one indexed read. */
export async function countCart(db: Db, customerId: number): Promise<number> {
  const [row] = await preparedOn(db, 'cart_count', (d) =>
    d
      .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
      .from(cartItems)
      .innerJoin(listings, eq(listings.id, cartItems.listingId))
      .where(eq(cartItems.customerId, sql.placeholder('customerId')))
      .prepare('cart_count'),
  ).execute({ customerId });
  return row?.count ?? 0;
}

export async function getCart(ctx: AppContext, customerId: number, db: Db = ctx.db): Promise<CartView> {
  const rows = await loadCartRows(db, customerId);
  const sales = await activeSales(
    db,
    rows.map((r) => r.listingId),
    ctx.now(),
  );
  const items: CartLine[] = rows.map((r) => {
    const sale = sales.get(r.listingId);
    const unit = unitPrice(r.price, sale);
    return {
      productId: r.listingId,
      listingId: r.listingId,
      catalogProductId: r.catalogProductId,
      name: r.name,
      image: r.image,
      brand: r.brand,
      unitPrice: unit,
      price: r.price,
      ...(sale ? { sale } : {}),
      quantity: r.quantity,
      stock: buyable(r),
      lineTotal: unit * r.quantity,
      store: { slug: r.storeSlug, name: r.storeName },
    };
  });
  return {
    items,
    count: items.reduce((n, i) => n + i.quantity, 0),
    subtotal: items.reduce((n, i) => n + i.lineTotal, 0),
  };
}

interface SellableListing {
  id: number;
  stockQuantity: number;
}

interface ListingCandidate {
  id: number;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  store_status: 'open' | 'closed' | 'suspended';
  in_cart: number;
  sale: ActiveSale | null;
}

/** A listing a shopper wants, refused with a clear 4xx when it cannot go into a cart. */
async function sellableListing(db: Db, listingId: number): Promise<SellableListing> {
  const [row] = await db
    .select({
      id: listings.id,
      stockQuantity: listings.quantity,
      stockStatus: listings.stock,
      storeStatus: sql<StoreStatus>`s.status`,
    })
    .from(listings)
    .innerJoin(sql`${storesSql} s`, sql`s.id = ${listings.storeId}`)
    .where(eq(listings.id, listingId));
  if (!row) throw notFound(cartMessages.productNotFound);
  if (row.storeStatus !== 'open') throw conflict(cartMessages.storeClosed);
  if (row.stockStatus === 'outofstock' || row.stockQuantity <= 0) throw conflict(cartMessages.outOfStock);
  return row;
}

/**
 * What `{productId}` names: a catalogue product (or one merged into another, through its redirect), or, for a
 * client of the days before the catalogue whose product ids were listing ids, a listing. Undefined: nothing.
 */
async function resolveProductId(
  db: Db,
  id: number,
): Promise<{ kind: 'product'; productId: number } | { kind: 'listing'; listingId: number } | undefined> {
  const [row] = await queryRows<{ product: number | null; listing: number | null; redirect: number | null }>(
    db,
    sql`select (select id from products where id = ${id}) as product,
               (select id from listings where id = ${id}) as listing,
               (select to_id from product_redirects where from_id = ${id}) as redirect`,
  );
  if (row?.product != null) return { kind: 'product', productId: row.product };
  if (row?.listing != null) return { kind: 'listing', listingId: row.listing };
  if (row?.redirect != null) return { kind: 'product', productId: row.redirect };
  return undefined;
}

/**
 * Our cheapest listing of a catalogue product that can take `add` more units for this customer (a sale price
 * counts; the store is open; it has stock). When none has room for them all, the cheapest buyable one, so the
 * shopper hears how many are left. Refusals: 409 notSoldHere (only other stores sell it), storeClosed (every
 * listing is in a closed store), outOfStock (no listing has stock).
 */
async function cheapestListing(
  db: Db,
  customerId: number,
  productId: number,
  add: number,
  now: Date,
): Promise<SellableListing> {
  const candidates = await queryRows<ListingCandidate>(
    db,
    sql`select l.id, l.price, l.quantity, l.stock, s.status as store_status,
               coalesce(c.quantity, 0)::int as in_cart, ${activeSaleSql(sql`l.id`, now)} as sale
        from listings l
        join ${storesSql} s on s.id = l.store_id
        left join cart_items c on c.listing_id = l.id and c.customer_id = ${customerId}
        where l.product_id = ${productId}`,
  );
  if (candidates.length === 0) throw conflict(cartMessages.notSoldHere);
  const open = candidates.filter((c) => c.store_status === 'open');
  if (open.length === 0) throw conflict(cartMessages.storeClosed);
  const inStock = open
    .filter((c) => c.stock === 'instock' && c.quantity > 0)
    .map((c) => ({ ...c, unit: unitPrice(c.price, c.sale ?? undefined) }))
    .sort((a, b) => a.unit - b.unit || a.id - b.id);
  if (inStock.length === 0) throw conflict(cartMessages.outOfStock);
  const chosen = inStock.find((c) => c.in_cart + add <= c.quantity) ?? inStock[0]!;
  return { id: chosen.id, stockQuantity: chosen.quantity };
}

/** Ids past PostgreSQL's integer range name nothing (the database would refuse to compare them). */
const MAX_ID = 2_147_483_647;

async function lineQuantity(db: Db, customerId: number, listingId: number): Promise<number | undefined> {
  if (listingId > MAX_ID) return undefined;
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.listingId, listingId)));
  return line?.quantity;
}

/**
 * Adds one unit (or `quantity`) of a listing; an existing line grows instead of duplicating. `listingId` names
 * the listing; `productId` alone takes our cheapest available listing of that catalogue product.
 */
export async function addItem(
  ctx: AppContext,
  customerId: number,
  input: { listingId?: number; productId?: number; quantity?: number },
): Promise<CartChange> {
  const add = input.quantity ?? 1;
  const existing = await ctx.db.transaction(async (tx) => {
    let listing: SellableListing;
    if (input.listingId !== undefined) {
      listing = await sellableListing(tx, input.listingId);
    } else {
      const named = input.productId === undefined ? undefined : await resolveProductId(tx, input.productId);
      if (!named) throw notFound(cartMessages.productNotFound);
      listing =
        named.kind === 'listing'
          ? await sellableListing(tx, named.listingId)
          : await cheapestListing(tx, customerId, named.productId, add, ctx.now());
    }
    const current = await lineQuantity(tx, customerId, listing.id);
    if ((current ?? 0) + add > listing.stockQuantity) throw conflict(cartMessages.overStock(listing.stockQuantity));
    await tx
      .insert(cartItems)
      .values({ customerId, listingId: listing.id, quantity: add, addedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [cartItems.customerId, cartItems.listingId],
        set: { quantity: sql`${cartItems.quantity} + ${add}` },
      });
    return current !== undefined;
  });
  const message = existing ? messages.cart.increased : messages.cart.added;
  return { message, ...(await getCart(ctx, customerId)) };
}

/** Sets a line's quantity (the line is named by its listing id); 0 removes it. Raising is allowed up to the stock. */
export async function setQuantity(
  ctx: AppContext,
  customerId: number,
  listingId: number,
  quantity: number,
): Promise<CartChange> {
  const message = await ctx.db.transaction(async (tx) => {
    const current = await lineQuantity(tx, customerId, listingId);
    if (current === undefined) throw notFound(cartMessages.notFound);
    const where = and(eq(cartItems.customerId, customerId), eq(cartItems.listingId, listingId));
    if (quantity === 0) {
      await tx.delete(cartItems).where(where);
      return messages.cart.decreased;
    }
    if (quantity > current) {
      const listing = await sellableListing(tx, listingId);
      if (quantity > listing.stockQuantity) throw conflict(cartMessages.overStock(listing.stockQuantity));
    }
    await tx.update(cartItems).set({ quantity }).where(where);
    return quantity >= current ? messages.cart.increased : messages.cart.decreased;
  });
  return { message, ...(await getCart(ctx, customerId)) };
}

export async function removeItem(ctx: AppContext, customerId: number, listingId: number): Promise<CartChange> {
  if (listingId > MAX_ID) throw notFound(cartMessages.notFound);
  const removed = await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.listingId, listingId)))
    .returning({ listingId: cartItems.listingId });
  if (removed.length === 0) throw notFound(cartMessages.notFound);
  return { message: messages.cart.removed, ...(await getCart(ctx, customerId)) };
}
