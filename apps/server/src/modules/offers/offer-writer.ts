import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/client';
import { offers, products, reviews } from '../../db/schema';
import { scoreText } from '../sentiment/service';
import { guessCategory, identify, normalizeGtinForMatch, ramCompatible } from './matching';
import type { ParsedItem } from './parsers/types';

export type ItemOutcome = 'new' | 'updated' | 'unchanged';

type ExistingOffer = typeof offers.$inferSelect;
type NewPoint = { offerId: number; price: number; inStock: boolean; recordedAt: Date };
interface Candidate {
  id: number;
  gtin: string | null;
  matchKey: string | null;
  ramGb: number;
}

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Writes a batch of items of one store inside the caller's transaction: matches new items to products (creating
 * external-only products when nothing matches), inserts or updates offers, and records a price point only when
 * the price or availability changed. Works the same for a batch of one (the fallback when a batch fails).
 */
export async function writeOffers(
  tx: Db,
  storeId: number,
  items: ParsedItem[],
  checkedAt: Date,
): Promise<ItemOutcome[]> {
  const keys = JSON.stringify(items.map((i) => i.storeItemId));
  const existing = new Map(
    (
      await tx
        .select()
        .from(offers)
        .where(
          and(
            eq(offers.externalStoreId, storeId),
            sql`${offers.storeItemId} in (select value from json_array_elements_text(${keys}::json))`,
          ),
        )
    ).map((o) => [o.storeItemId, o]),
  );
  const outcomes: ItemOutcome[] = [];
  const fresh: ParsedItem[] = [];
  const points: NewPoint[] = [];
  const touchedProducts = new Set<number>();
  const unchangedIds: number[] = [];
  const reviewed: { offerId: number; item: ParsedItem }[] = [];

  for (const item of items) {
    const old = existing.get(item.storeItemId);
    if (!old) {
      fresh.push(item);
      outcomes.push('new');
      continue;
    }
    const outcome = await updateOffer(tx, old, item, checkedAt, points);
    if (outcome === 'unchanged') unchangedIds.push(old.id);
    else touchedProducts.add(old.productId);
    if (item.reviews.length > 0) reviewed.push({ offerId: old.id, item });
    outcomes.push(outcome);
  }

  if (fresh.length > 0) {
    const { productIds, created: createdProducts } = await matchProducts(tx, fresh);
    const inserted = await insertOffers(
      tx,
      fresh.map((item, i) => ({
        storeId,
        productId: productIds[i]!,
        storeItemId: item.storeItemId,
        ...offerFields(item),
      })),
      checkedAt,
    );
    inserted.forEach((o, i) => {
      points.push({ offerId: o.id, price: o.price, inStock: o.inStock, recordedAt: checkedAt });
      if (!createdProducts.has(o.productId)) touchedProducts.add(o.productId);
      if (fresh[i]!.reviews.length > 0) reviewed.push({ offerId: o.id, item: fresh[i]! });
    });
  }

  if (unchangedIds.length > 0) {
    await tx.execute(sql`update offers set last_checked_at = ${checkedAt}
        where id in (select value::int from json_array_elements_text(${JSON.stringify(unchangedIds)}::json))`);
  }
  await insertOfferPricePoints(tx, points);
  await replaceReviews(tx, reviewed);
  await refreshExternalProductPrices(tx, [...touchedProducts]);
  return outcomes;
}

const offerFields = (item: ParsedItem) => ({
  url: item.url,
  name: item.name,
  description: item.description,
  image: item.image,
  brand: item.brand,
  gtin: item.gtin,
  mpn: item.mpn,
  price: item.price,
  currency: item.currency,
  inStock: item.inStock,
  available: true,
  ratingValue: item.ratingValue,
  ratingCount: item.ratingCount,
});

async function updateOffer(
  tx: Db,
  old: ExistingOffer,
  item: ParsedItem,
  checkedAt: Date,
  points: NewPoint[],
): Promise<ItemOutcome> {
  const fields = offerFields(item);
  const priceMoved = old.price !== item.price || old.inStock !== item.inStock || !old.available;
  const changed =
    priceMoved ||
    (Object.keys(fields) as (keyof typeof fields)[]).some((k) => (old[k] ?? null) !== (fields[k] ?? null));
  if (!changed) return 'unchanged';
  await tx
    .update(offers)
    .set({ ...fields, lastCheckedAt: checkedAt })
    .where(eq(offers.id, old.id));
  if (priceMoved) points.push({ offerId: old.id, price: item.price, inStock: item.inStock, recordedAt: checkedAt });
  return 'updated';
}

/** Product ids for new items: GTIN first, then the match key; unmatched items become external-only products. */
async function matchProducts(tx: Db, items: ParsedItem[]): Promise<{ productIds: number[]; created: Set<number> }> {
  const identities = items.map((item) => identify({ name: item.name, brand: item.brand }));
  const gtins = [...new Set(items.map((i) => normalizeGtinForMatch(i.gtin)).filter((g): g is string => !!g))];
  const matchKeys = [...new Set(identities.map((i) => i.key))];
  const candidates = await queryRows<Candidate>(
    tx,
    sql`select id, gtin, match_key as "matchKey", ram_gb as "ramGb" from products
        where match_key in (select value from json_array_elements_text(${JSON.stringify(matchKeys)}::json))
           or gtin in (select value from json_array_elements_text(${JSON.stringify(gtins)}::json))
        order by store_id nulls last, id`,
  );
  const byGtin = new Map<string, number>();
  for (const c of candidates) {
    const g = normalizeGtinForMatch(c.gtin);
    if (g && !byGtin.has(g)) byGtin.set(g, c.id);
  }
  const result: (number | undefined)[] = [];
  const toCreate: { index: number; values: typeof products.$inferInsert }[] = [];
  items.forEach((item, index) => {
    const gtin = normalizeGtinForMatch(item.gtin);
    const id = identities[index]!;
    const hit =
      (gtin ? byGtin.get(gtin) : undefined) ??
      candidates.find(
        (c) =>
          c.matchKey === id.key &&
          ramCompatible(c.ramGb, id.ramGb) &&
          // Two GTINs that differ are two products, whatever their names say.
          !(gtin && normalizeGtinForMatch(c.gtin) && normalizeGtinForMatch(c.gtin) !== gtin),
      )?.id;
    result.push(hit);
    if (hit !== undefined) return;
    // A later item of the same batch may be the same product as one created a moment ago.
    const earlier = toCreate.find(
      (c) =>
        (gtin && c.values.gtin === gtin) ||
        (!(gtin && c.values.gtin) && c.values.matchKey === id.key && ramCompatible(c.values.ramGb ?? 0, id.ramGb)),
    );
    if (earlier) {
      toCreate.push({ index, values: earlier.values });
      return;
    }
    toCreate.push({
      index,
      values: {
        storeId: null,
        name: item.name,
        brand: item.brand || titleCase(id.brand) || 'Other',
        category: guessCategory(item.productType, item.name),
        description: item.description ?? '',
        ramGb: id.ramGb,
        storageGb: id.storageGb,
        price: item.price,
        stock: item.inStock ? 'instock' : 'outofstock',
        image: item.image,
        thumbnail: item.image,
        gtin,
        matchKey: id.key,
      },
    });
  });
  const distinct = [...new Set(toCreate.map((c) => c.values))];
  const created = new Set<number>();
  if (distinct.length > 0) {
    const rows = await insertProducts(tx, distinct);
    const idOf = new Map(distinct.map((v, i) => [v, rows[i]!.id]));
    for (const c of toCreate) result[c.index] = idOf.get(c.values);
    for (const r of rows) created.add(r.id);
  }
  return { productIds: result as number[], created };
}

async function replaceReviews(tx: Db, reviewed: { offerId: number; item: ParsedItem }[]): Promise<void> {
  if (reviewed.length === 0) return;
  await tx.delete(reviews).where(
    inArray(
      reviews.offerId,
      reviewed.map((r) => r.offerId),
    ),
  );
  await tx.insert(reviews).values(
    reviewed.flatMap(({ offerId, item }) =>
      item.reviews.slice(0, 50).map((r) => ({
        offerId,
        author: r.author.slice(0, 200),
        text: r.text.slice(0, 5000),
        rating: r.rating,
        sentimentScore: scoreText(r.text),
      })),
    ),
  );
}

/** An external-only product costs what its cheapest available offer costs, and is in stock if any offer is. */
export async function refreshExternalProductPrices(tx: Db, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  await tx.execute(sql`
    update products p set price = s.price, stock = s.stock::stock_status, updated_at = now()
    from (
      select product_id,
        min(price) filter (where available) as price,
        case when bool_or(in_stock and available) then 'instock' else 'outofstock' end as stock
      from offers where product_id in (${sql.join(
        productIds.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by product_id
    ) s
    where p.id = s.product_id and p.store_id is null and s.price is not null
      and (p.price <> s.price or p.stock::text <> s.stock)`);
}

/** Our sellers' products get their match key the first time ingestion needs it, from the name and spec columns. */
export async function fillMissingMatchKeys(db: Db): Promise<void> {
  for (;;) {
    const missing = await db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        ramGb: products.ramGb,
        storageGb: products.storageGb,
      })
      .from(products)
      .where(isNull(products.matchKey))
      .limit(500);
    if (missing.length === 0) return;
    const rows = missing.map((p) => sql`(${p.id}::int, ${productMatchKey(p)})`);
    await db.execute(sql`update products set match_key = v.key from (values ${sql.join(rows, sql`, `)}) as v(id, key)
        where products.id = v.id`);
  }
}

export function productMatchKey(p: { name: string; brand: string; ramGb: number; storageGb: number }): string {
  const specs = `${p.ramGb > 0 ? ` ${p.ramGb}GB RAM` : ''}${p.storageGb > 0 ? ` ${p.storageGb}GB storage` : ''}`;
  return identify({ name: `${p.name}${specs}`, brand: p.brand }).key;
}

// Bulk writes pass the rows as one JSON parameter: PGlite parses one parameter far faster than thousands.

async function insertProducts(tx: Db, rows: (typeof products.$inferInsert)[]): Promise<{ id: number }[]> {
  return queryRows<{ id: number }>(
    tx,
    sql`insert into products (store_id, name, brand, category, description, ram_gb, storage_gb, price, stock, image,
          thumbnail, gtin, match_key)
        select null, name, brand, category::category, description, "ramGb", "storageGb", price, stock::stock_status,
          image, thumbnail, gtin, "matchKey"
        from json_to_recordset(${JSON.stringify(rows)}::json) as x(name text, brand text, category text,
          description text, "ramGb" int, "storageGb" int, price int, stock text, image text, thumbnail text,
          gtin text, "matchKey" text)
        returning id`,
  );
}

type NewOffer = ReturnType<typeof offerFields> & { storeId: number; productId: number; storeItemId: string };

async function insertOffers(tx: Db, rows: NewOffer[], checkedAt: Date) {
  const inserted = await queryRows<{
    id: number;
    productId: number;
    price: number;
    inStock: boolean;
    storeItemId: string;
  }>(
    tx,
    sql`insert into offers (external_store_id, product_id, store_item_id, url, name, description, image, brand, gtin,
          mpn, price, currency, in_stock, available, rating_value, rating_count, last_checked_at, created_at)
        select "storeId", "productId", "storeItemId", url, name, description, image, brand, gtin, mpn, price, currency,
          "inStock", available, "ratingValue", "ratingCount", ${checkedAt}, ${checkedAt}
        from json_to_recordset(${JSON.stringify(rows)}::json) as x("storeId" int, "productId" int, "storeItemId" text,
          url text, name text, description text, image text, brand text, gtin text, mpn text, price int,
          currency text, "inStock" boolean, available boolean, "ratingValue" real, "ratingCount" int)
        returning id, product_id as "productId", price, in_stock as "inStock", store_item_id as "storeItemId"`,
  );
  // RETURNING does not promise input order; line the rows up with the items again by their key.
  const byKey = new Map(inserted.map((r) => [r.storeItemId, r]));
  return rows.map((r) => byKey.get(r.storeItemId)!);
}

async function insertOfferPricePoints(tx: Db, points: NewPoint[]): Promise<void> {
  if (points.length === 0) return;
  await tx.execute(
    sql`insert into price_points (offer_id, price, in_stock, recorded_at)
        select "offerId", price, "inStock", "recordedAt"
        from json_to_recordset(${JSON.stringify(points)}::json) as x("offerId" int, price int, "inStock" boolean,
          "recordedAt" timestamptz)`,
  );
}
