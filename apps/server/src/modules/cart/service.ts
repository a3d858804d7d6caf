import { messages } from '@pricehub/shared/messages';
import { cartMessages, type CartChange, type CartLine, type CartView } from '@pricehub/shared/schemas/cart';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { listingAvailability, resolveProductId } from '../catalog/cart-listings';
import { activeSales, unitPrice } from '../sales/pricing';
import * as repo from './repository';

// The routes count the cart, and checkout reads its rows, through the service; the SQL is the repository's.
export { countCart, loadCartRows, loadCartsRows, type CartRow } from './repository';

/** What a shopper can still buy of a listing: nothing when it is out of stock or its store is closed or suspended. */
const buyable = (row: { stockQuantity: number; stockStatus: string; storeStatus: string }) =>
  row.stockStatus === 'outofstock' || row.storeStatus !== 'open' ? 0 : row.stockQuantity;

export async function getCart(ctx: AppContext, customerId: number, db: Db = ctx.db): Promise<CartView> {
  const rows = await repo.loadCartRows(db, customerId);
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

/** A listing a shopper wants, refused with a clear 4xx when it cannot go into a cart. */
async function sellableListing(db: Db, listingId: number): Promise<SellableListing> {
  const row = await listingAvailability(db, listingId);
  if (!row) throw notFound(cartMessages.productNotFound);
  if (row.storeStatus !== 'open') throw conflict(cartMessages.storeClosed);
  if (row.stockStatus === 'outofstock' || row.stockQuantity <= 0) throw conflict(cartMessages.outOfStock);
  return row;
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
  const candidates = await repo.listingCandidates(db, customerId, productId, now);
  if (candidates.length === 0) throw conflict(cartMessages.notSoldHere);
  const open = candidates.filter((c) => c.storeStatus === 'open');
  if (open.length === 0) throw conflict(cartMessages.storeClosed);
  const inStock = open
    .filter((c) => c.stock === 'instock' && c.quantity > 0)
    .map((c) => ({ ...c, unit: unitPrice(c.price, c.sale ?? undefined) }))
    .sort((a, b) => a.unit - b.unit || a.id - b.id);
  if (inStock.length === 0) throw conflict(cartMessages.outOfStock);
  const chosen = inStock.find((c) => c.inCart + add <= c.quantity) ?? inStock[0]!;
  return { id: chosen.id, stockQuantity: chosen.quantity };
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
    const current = await repo.lineQuantity(tx, customerId, listing.id);
    if ((current ?? 0) + add > listing.stockQuantity) throw conflict(cartMessages.overStock(listing.stockQuantity));
    await repo.addToLine(tx, customerId, listing.id, add, ctx.now());
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
    const current = await repo.lineQuantity(tx, customerId, listingId);
    if (current === undefined) throw notFound(cartMessages.notFound);
    if (quantity === 0) {
      await repo.removeLine(tx, customerId, listingId);
      return messages.cart.decreased;
    }
    if (quantity > current) {
      const listing = await sellableListing(tx, listingId);
      if (quantity > listing.stockQuantity) throw conflict(cartMessages.overStock(listing.stockQuantity));
    }
    await repo.setLineQuantity(tx, customerId, listingId, quantity);
    return quantity >= current ? messages.cart.increased : messages.cart.decreased;
  });
  return { message, ...(await getCart(ctx, customerId)) };
}

export async function removeItem(ctx: AppContext, customerId: number, listingId: number): Promise<CartChange> {
  if (!(await repo.removeLine(ctx.db, customerId, listingId))) throw notFound(cartMessages.notFound);
  return { message: messages.cart.removed, ...(await getCart(ctx, customerId)) };
}
