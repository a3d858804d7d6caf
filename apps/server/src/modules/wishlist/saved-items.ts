import { sql } from 'drizzle-orm';
import { ratingText } from '@pricehub/shared/rules/rating';
import type { CompareItem } from '@pricehub/shared/schemas/saved';
import { queryRows, type Db } from '../../db/client';
import { loadCards } from '../catalog/repository';

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
  positive: number;
  negative: number;
}

/**
 * Every entry of one customer's list with what the pages show. A catalogue product shows its card (catalog
 * repository: the lowest price a shopper pays now over our listings, sales applied, and other stores' available
 * offers, where, and at how many stores); an offer shows its own price and store, with its product's lowest price
 * and store count beside. Two statements: the entries, then the cards of their products.
 */
export async function listSaved(db: Db, list: SavedList, customerId: number, now: Date): Promise<CompareItem[]> {
  const rows = await queryRows<SavedRow>(
    db,
    sql`select i.id, i.product_id, i.offer_id,
          p.id as p_id, p.name as p_name, p.image as p_image,
          p.brand, p.category::text as category, p.ram_gb, p.storage_gb,
          o.name as o_name, o.image as o_image, o.brand as o_brand, o.price as o_price,
          (o.in_stock and o.available) as o_in_stock, oes.name as o_store,
          (select count(*)::int from reviews r where r.hidden_at is null and r.sentiment_score > 0 and
             (case when i.offer_id is null then r.product_id = p.id else r.offer_id = i.offer_id end)) as positive,
          (select count(*)::int from reviews r where r.hidden_at is null and r.sentiment_score < 0 and
             (case when i.offer_id is null then r.product_id = p.id else r.offer_id = i.offer_id end)) as negative
        from ${table(list)} i
        left join offers o on o.id = i.offer_id
        join products p on p.id = coalesce(i.product_id, o.product_id)
        left join external_stores oes on oes.id = o.external_store_id
        where i.customer_id = ${customerId}
        order by i.created_at asc, i.id asc`,
  );
  const cards = await loadCards(
    db,
    rows.map((r) => r.p_id),
    now,
  );
  return rows.map((r) => {
    const card = cards.get(r.p_id);
    const lowestPrice = card?.product.lowestPrice ?? 0;
    const offerCount = card?.product.offerCount ?? 0;
    const shared = {
      id: r.id,
      brand: r.brand,
      category: r.category,
      ram: r.ram_gb,
      storage: r.storage_gb,
      storeCount: offerCount,
      lowestPrice,
      offerCount,
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
        price: r.o_price ?? lowestPrice,
        store: r.o_store ?? '',
        inStock: r.o_in_stock ?? false,
        url: `/result/productDetail/${r.offer_id}`,
      };
    }
    return {
      ...shared,
      kind: 'product' as const,
      productId: r.p_id,
      name: r.p_name,
      image: card?.product.image || r.p_image,
      price: lowestPrice,
      store: card?.lowestStore ?? card?.product.store?.name ?? '',
      inStock: card?.product.stock === 'instock',
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

/**
 * The target as it is saved, or null when it does not exist (a 404, not a foreign-key 500). A product id from an old
 * URL (a former listing's, a merged product's) saves its catalogue product.
 */
export async function resolveTarget(db: Db, target: SavedTarget): Promise<SavedTarget | null> {
  if (target.productId === undefined) {
    const rows = await queryRows<{ id: number }>(db, sql`select id from offers where id = ${target.offerId}`);
    return rows.length > 0 ? target : null;
  }
  const [row] = await queryRows<{ id: number | null }>(
    db,
    sql`select coalesce((select id from products where id = ${target.productId}),
                        (select product_id from listings where id = ${target.productId}),
                        (select to_id from product_redirects where from_id = ${target.productId})) as id`,
  );
  return row?.id != null ? { productId: row.id } : null;
}

/** Serialises one customer's list changes (the compare limit is counted, then written). */
export async function lockCustomer(db: Db, customerId: number): Promise<void> {
  await queryRows(db, sql`select id from accounts where id = ${customerId} for update`);
}
