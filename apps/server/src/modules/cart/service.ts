import { and, asc, eq, sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { cartMessages, type CartChange, type CartLine, type CartView } from '@pricehub/shared/schemas/cart';
import type { AppContext } from '../../context';
import { preparedOn, queryRows, type Db } from '../../db/client';
import { cartItems, products, stores } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { activeSales, activeSaleSql, unitPrice, type ActiveSale } from '../sales/pricing';

const prepareCartRows = (db: Db) =>
  db
    .select({
      productId: products.id,
      name: products.name,
      image: products.image,
      brand: products.brand,
      price: products.price,
      stockQuantity: products.quantity,
      stockStatus: products.stock,
      quantity: cartItems.quantity,
      storeId: stores.id,
      storeSlug: stores.slug,
      storeName: stores.name,
      storeStatus: stores.status,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(eq(cartItems.customerId, sql.placeholder('customerId')))
    .orderBy(asc(cartItems.addedAt), asc(products.id))
    .prepare('cart_rows');

/** The cart's rows with their product and store, oldest line first (the order the shopper added them). */
export function loadCartRows(db: Db, customerId: number) {
  return preparedOn(db, 'cart_rows', prepareCartRows).execute({ customerId });
}

export type CartRow = Awaited<ReturnType<typeof loadCartRows>>[number];

/**
 * Empties the cart and answers what was in it with the sale covering each line, in one statement: checkout's
 * transaction reads the lines it buys and clears them together, so a refused checkout (rolled back) leaves the
 * cart as it was.
 */
export async function takeCartRows(
  db: Db,
  customerId: number,
  now: Date,
): Promise<(CartRow & { sale: ActiveSale | null })[]> {
  return queryRows<CartRow & { sale: ActiveSale | null }>(
    db,
    sql`with taken as (
          delete from cart_items where customer_id = ${customerId} returning product_id, quantity, added_at
        )
        select p.id as "productId", p.name, p.image, p.brand, p.price, p.quantity as "stockQuantity",
               p.stock as "stockStatus", t.quantity, s.id as "storeId", s.slug as "storeSlug",
               s.name as "storeName", s.status as "storeStatus", ${activeSaleSql(sql`p.id`, now)} as sale
        from taken t join products p on p.id = t.product_id join stores s on s.id = p.store_id
        order by t.added_at, p.id`,
  );
}

/** What a shopper can still buy of a product: nothing when it is marked out of stock or its store is closed. */
const buyable = (row: { stockQuantity: number; stockStatus: string; storeStatus: string }) =>
  row.stockStatus === 'outofstock' || row.storeStatus === 'closed' ? 0 : row.stockQuantity;

export async function getCart(ctx: AppContext, customerId: number, db: Db = ctx.db): Promise<CartView> {
  const rows = await loadCartRows(db, customerId);
  const sales = await activeSales(
    db,
    rows.map((r) => r.productId),
    ctx.now(),
  );
  const items: CartLine[] = rows.map((r) => {
    const sale = sales.get(r.productId);
    const unit = unitPrice(r.price, sale);
    return {
      productId: r.productId,
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

/** The product a shopper wants, refused with a clear 4xx when it cannot go into a cart. */
async function sellableProduct(db: Db, productId: number) {
  const [row] = await db
    .select({
      id: products.id,
      storeId: products.storeId,
      stockQuantity: products.quantity,
      stockStatus: products.stock,
      storeStatus: stores.status,
    })
    .from(products)
    .leftJoin(stores, eq(stores.id, products.storeId))
    .where(eq(products.id, productId));
  if (!row) throw notFound(cartMessages.productNotFound);
  if (row.storeId === null) throw conflict(cartMessages.notSoldHere);
  if (row.storeStatus === 'closed') throw conflict(cartMessages.storeClosed);
  if (row.stockStatus === 'outofstock' || row.stockQuantity <= 0) throw conflict(cartMessages.outOfStock);
  return row;
}

async function lineQuantity(db: Db, customerId: number, productId: number): Promise<number | undefined> {
  const [line] = await db
    .select({ quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)));
  return line?.quantity;
}

/** Adds one unit (or `quantity`) of a product; an existing line grows instead of duplicating. */
export async function addItem(
  ctx: AppContext,
  customerId: number,
  input: { productId: number; quantity?: number },
): Promise<CartChange> {
  const add = input.quantity ?? 1;
  const existing = await ctx.db.transaction(async (tx) => {
    const product = await sellableProduct(tx, input.productId);
    const current = await lineQuantity(tx, customerId, input.productId);
    if ((current ?? 0) + add > product.stockQuantity) throw conflict(cartMessages.overStock(product.stockQuantity));
    await tx
      .insert(cartItems)
      .values({ customerId, productId: input.productId, quantity: add, addedAt: ctx.now() })
      .onConflictDoUpdate({
        target: [cartItems.customerId, cartItems.productId],
        set: { quantity: sql`${cartItems.quantity} + ${add}` },
      });
    return current !== undefined;
  });
  const message = existing ? messages.cart.increased : messages.cart.added;
  return { message, ...(await getCart(ctx, customerId)) };
}

/** Sets a line's quantity; 0 removes it. Lowering is always allowed, raising only up to the stock. */
export async function setQuantity(
  ctx: AppContext,
  customerId: number,
  productId: number,
  quantity: number,
): Promise<CartChange> {
  const message = await ctx.db.transaction(async (tx) => {
    const current = await lineQuantity(tx, customerId, productId);
    if (current === undefined) throw notFound(cartMessages.notFound);
    const where = and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId));
    if (quantity === 0) {
      await tx.delete(cartItems).where(where);
      return messages.cart.decreased;
    }
    if (quantity > current) {
      const product = await sellableProduct(tx, productId);
      if (quantity > product.stockQuantity) throw conflict(cartMessages.overStock(product.stockQuantity));
    }
    await tx.update(cartItems).set({ quantity }).where(where);
    return quantity >= current ? messages.cart.increased : messages.cart.decreased;
  });
  return { message, ...(await getCart(ctx, customerId)) };
}

export async function removeItem(ctx: AppContext, customerId: number, productId: number): Promise<CartChange> {
  const removed = await ctx.db
    .delete(cartItems)
    .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, productId)))
    .returning({ productId: cartItems.productId });
  if (removed.length === 0) throw notFound(cartMessages.notFound);
  return { message: messages.cart.removed, ...(await getCart(ctx, customerId)) };
}
