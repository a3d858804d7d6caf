import { eq, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../../db/client';
import { listings } from '../../db/schema';
import { storesSql, type StoreStatus } from '../accounts/queries';
import { activeSaleSql, type ActiveSale } from '../sales/pricing';

/**
 * What the cart may read of the catalogue (decision 023). It imports only what sits below the cart (accounts, sales),
 * never a module that imports the cart (checkout, in orders, does), so the cart can import it without a loop. Where a
 * cart read joins the cart's own lines, this gives a subquery the cart's statement joins, so the read stays one.
 */

/**
 * A subquery for a Drizzle join: every listing with what a cart line shows and checks, and its store, open or not.
 * A plain join the planner pulls up into the cart's statement: the cart and checkout read it on every request.
 */
export const cartListings = new QueryBuilder()
  .select({
    id: listings.id,
    productId: listings.productId,
    name: listings.name,
    image: listings.image,
    brand: listings.brand,
    price: listings.price,
    quantity: listings.quantity,
    stock: listings.stock,
    storeId: sql<number>`s.id`.as('store_id'),
    storeSlug: sql<string>`s.slug`.as('store_slug'),
    storeName: sql<string>`s.name`.as('store_name'),
    storeStatus: sql<StoreStatus>`s.status`.as('store_status'),
  })
  .from(listings)
  .innerJoin(sql`${storesSql} s`, sql`s.id = ${listings.storeId}`)
  .as('cart_listings');

/** How much of a listing a shopper may put in a cart: its stock and whether its store is open. */
export interface ListingAvailability {
  id: number;
  stockQuantity: number;
  stockStatus: 'instock' | 'outofstock';
  storeStatus: StoreStatus;
}

/** Listing `listingId`'s stock and its store's status; undefined when there is no such listing. */
export async function listingAvailability(db: Db, listingId: number): Promise<ListingAvailability | undefined> {
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
  return row;
}

/** What a `{productId}` a shopper sends names: a catalogue product, or a listing. */
export type NamedProduct = { kind: 'product'; productId: number } | { kind: 'listing'; listingId: number };

/**
 * What `{productId}` names: a catalogue product (or one merged into another, through its redirect), or, for a
 * client of the days before the catalogue whose product ids were listing ids, a listing. Undefined: nothing.
 */
export async function resolveProductId(db: Db, id: number): Promise<NamedProduct | undefined> {
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

/** A row of productListingsSql: one of our listings of a product, with its store's status and its running sale. */
export interface ProductListing {
  id: number;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  storeStatus: StoreStatus;
  sale: ActiveSale | null;
}

/**
 * SQL for a `from` (alias it): every listing of catalogue product `productId`, in any store, as ProductListing rows
 * (`id`, `price`, `quantity`, `stock`, `"storeStatus"`, `sale` at `now`), for the cart to join its lines to as it
 * picks the cheapest.
 */
export const productListingsSql = (productId: number, now: Date) =>
  sql`(select l.id, l.price, l.quantity, l.stock, s.status as "storeStatus", ${activeSaleSql(sql`l.id`, now)} as sale
       from listings l
       join ${storesSql} s on s.id = l.store_id
       where l.product_id = ${productId})`;
