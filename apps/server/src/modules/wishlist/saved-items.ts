import { sql } from 'drizzle-orm';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { queryRows, type Db } from '../../db/client';
import { activeSales, unitPrice } from '../sales/pricing';

/**
 * The wishlist and the compare list are the same shape (one row per customer and product or offer), so one
 * repository serves both; `SavedList` names the table and is never taken from input.
 */
export type SavedList = 'wishlist_items' | 'compare_items';
const table = (list: SavedList) => sql.raw(list);

interface SavedRow {
  id: number;
  product_id: number | null;
  offer_id: number | null;
  p_id: number;
  p_name: string;
  p_image: string;
  p_price: number;
  listed: boolean;
  listed_in_stock: boolean;
  store_name: string | null;
  brand: string;
  category: string;
  ram_gb: number;
  storage_gb: number;
  o_name: string | null;
  o_image: string | null;
  o_brand: string | null;
  o_price: number | null;
  o_in_stock: boolean | null;
  o_store: string | null;
  best_price: number | null;
  best_store: string | null;
  offer_stores: number;
  offer_in_stock: boolean;
  positive: number;
  negative: number;
}

/**
 * Every entry of one customer's list with what the pages show. A product's price is the lowest of our
 * seller's sale-aware price and the available external offers; an offer shows its own price.
 */
export async function listSaved(db: Db, list: SavedList, customerId: number, now: Date): Promise<CompareItem[]> {
  const rows = await queryRows<SavedRow>(
    db,
    sql`select i.id, i.product_id, i.offer_id,
          p.id as p_id, p.name as p_name, p.image as p_image, p.price as p_price,
          (p.store_id is not null and s.status = 'open') as listed,
          (p.store_id is not null and s.status = 'open' and p.stock = 'instock' and p.quantity > 0) as listed_in_stock,
          s.name as store_name, p.brand, p.category::text as category, p.ram_gb, p.storage_gb,
          o.name as o_name, o.image as o_image, o.brand as o_brand, o.price as o_price,
          (o.in_stock and o.available) as o_in_stock, oes.name as o_store,
          best.price as best_price, best.store as best_store,
          (select count(distinct ao.external_store_id)::int from offers ao
             where ao.product_id = p.id and ao.available) as offer_stores,
          exists(select 1 from offers ao where ao.product_id = p.id and ao.available and ao.in_stock) as offer_in_stock,
          (select count(*)::int from reviews r where r.sentiment_score > 0 and
             (case when i.offer_id is null then r.product_id = p.id else r.offer_id = i.offer_id end)) as positive,
          (select count(*)::int from reviews r where r.sentiment_score < 0 and
             (case when i.offer_id is null then r.product_id = p.id else r.offer_id = i.offer_id end)) as negative
        from ${table(list)} i
        left join offers o on o.id = i.offer_id
        join products p on p.id = coalesce(i.product_id, o.product_id)
        left join stores s on s.id = p.store_id
        left join external_stores oes on oes.id = o.external_store_id
        left join lateral (
          select ao.price, es.name as store from offers ao join external_stores es on es.id = ao.external_store_id
          where ao.product_id = p.id and ao.available order by ao.price asc limit 1
        ) best on true
        where i.customer_id = ${customerId}
        order by i.created_at asc, i.id asc`,
  );
  const sales = await activeSales(
    db,
    rows.filter((r) => r.listed).map((r) => r.p_id),
    now,
  );
  return rows.map((r) => {
    const storeCount = (r.listed ? 1 : 0) + r.offer_stores;
    const shared = {
      id: r.id,
      brand: r.brand,
      category: r.category,
      ram: r.ram_gb,
      storage: r.storage_gb,
      storeCount,
      ratingText: ratingText({ positive: r.positive, negative: r.negative }),
    };
    if (r.offer_id !== null) {
      return {
        ...shared,
        kind: 'offer' as const,
        offerId: r.offer_id,
        productId: r.p_id,
        name: r.o_name ?? r.p_name,
        image: r.o_image || r.p_image,
        brand: r.o_brand || r.brand,
        price: r.o_price ?? r.p_price,
        store: r.o_store ?? '',
        inStock: r.o_in_stock ?? false,
        url: `/result/productDetail/${r.offer_id}`,
      };
    }
    const ours = r.listed ? unitPrice(r.p_price, sales.get(r.p_id)) : null;
    const oursIsLowest = ours !== null && (r.best_price === null || ours <= r.best_price);
    return {
      ...shared,
      kind: 'product' as const,
      productId: r.p_id,
      name: r.p_name,
      image: r.p_image,
      price: oursIsLowest ? ours : (r.best_price ?? r.p_price),
      store: (oursIsLowest ? r.store_name : r.best_store) ?? '',
      inStock: r.listed_in_stock || r.offer_in_stock,
      url: `/result/productHub/${r.p_id}`,
    };
  });
}

export type SavedTarget = { productId: number; offerId?: undefined } | { offerId: number; productId?: undefined };

/** Adds the entry unless it is there already; answers whether a row was written. */
export async function insertSaved(db: Db, list: SavedList, customerId: number, target: SavedTarget): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into ${table(list)} (customer_id, product_id, offer_id)
        values (${customerId}, ${target.productId ?? null}, ${target.offerId ?? null})
        on conflict do nothing returning id`,
  );
  return rows.length > 0;
}

export async function findSaved(db: Db, list: SavedList, customerId: number, target: SavedTarget): Promise<boolean> {
  const column = target.productId !== undefined ? sql`product_id` : sql`offer_id`;
  const value = target.productId ?? target.offerId;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from ${table(list)} where customer_id = ${customerId} and ${column} = ${value}`,
  );
  return rows.length > 0;
}

/** Deletes one of the customer's own entries; another customer's id deletes nothing. */
export async function deleteSaved(db: Db, list: SavedList, customerId: number, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`delete from ${table(list)} where id = ${id} and customer_id = ${customerId} returning id`,
  );
  return rows.length > 0;
}

export async function countSaved(db: Db, list: SavedList, customerId: number): Promise<number> {
  const rows = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from ${table(list)} where customer_id = ${customerId}`,
  );
  return rows[0]?.count ?? 0;
}

/** Checks the product or offer exists before it is saved, so a bad id is a 404 and not a foreign-key 500. */
export async function targetExists(db: Db, target: SavedTarget): Promise<boolean> {
  const rows =
    target.productId !== undefined
      ? await queryRows<{ id: number }>(db, sql`select id from products where id = ${target.productId}`)
      : await queryRows<{ id: number }>(db, sql`select id from offers where id = ${target.offerId}`);
  return rows.length > 0;
}

/** Serialises one customer's list changes (the compare limit is counted, then written). */
export async function lockCustomer(db: Db, customerId: number): Promise<void> {
  await queryRows(db, sql`select id from accounts where id = ${customerId} for update`);
}
