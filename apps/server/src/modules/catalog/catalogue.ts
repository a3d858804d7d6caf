import { sql } from 'drizzle-orm';
import type { CatalogueCandidate, Category } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { externalStoreSlugSql } from '../offers/queries';
import { identify, normalizeBrand, normalizeGtinForMatch, ramCompatible, searchAliases } from './matching';

/**
 * The catalogue side of matching: which catalogue product a new listing or external offer belongs to, and the
 * product made for it when none does. Seller listings and ingestion both come through here, so one rule groups
 * them (DESIGN.md, "Catalogue products, listings and offers").
 */
export interface CatalogueItem {
  name: string;
  brand: string;
  category: Category;
  description: string;
  /** Stated specs; 0 when the source does not say (then read from the name). */
  ramGb: number;
  storageGb: number;
  gtin: string | null;
  image: string;
  /** The id to give a product made for this item (a listing's own id), so its URL names the product. */
  newProductId?: number;
  /** Where the item comes from, so that an operator's decision about it (match_decisions) holds when it comes again. */
  origin?: ItemOrigin;
  /**
   * The offer of another store this item becomes (all items of one call come from one store). A product made for
   * such items starts with the price, count and stock their offers give it, so the trigger that keeps products'
   * summaries finds nothing to rewrite when the offers go in.
   */
  offer?: { price: number; inStock: boolean };
}

export type ItemOrigin = { externalStoreId: number; storeItemId: string } | { listingId: number };

export type MatchedBy = 'gtin' | 'name' | 'seller';

export interface CatalogueMatch {
  productId: number;
  matchedBy: MatchedBy;
  /** True when no product matched and one was made for this item. */
  created: boolean;
}

interface Candidate {
  id: number;
  gtin: string | null;
  matchKey: string | null;
  ramGb: number;
}

/** brand | model tokens | storage, from the name and the stated specs (RAM decides separately: ramCompatible). */
export function catalogueIdentity(item: { name: string; brand: string; ramGb: number; storageGb: number }) {
  const own = identify({ name: item.name, brand: item.brand });
  // A spec the name already states is not repeated: "iPhone 16 Pro 256GB" + "256GB storage" would read as RAM.
  const ram = item.ramGb > 0 && own.ramGb !== item.ramGb ? ` ${item.ramGb}GB RAM` : '';
  const storage = item.storageGb > 0 && own.storageGb !== item.storageGb ? ` ${item.storageGb}GB storage` : '';
  return ram || storage ? identify({ name: `${item.name}${ram}${storage}`, brand: item.brand }) : own;
}

/** Advisory lock key of catalogue matching (any constant no other lock uses). */
const CATALOGUE_LOCK = 5_005_001;

/**
 * Waits for any matcher to finish and keeps others out until the caller's transaction ends: taken by matching and by
 * the operators' merges, splits and moves, so an offer is never attached to a product being merged away.
 */
export async function lockCatalogue(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CATALOGUE_LOCK}::bigint)`);
}

/** "00884116412345" → "884116412345", "0884116412345", "00884116412345": a GTIN as any store may have padded it. */
function zeroPaddings(gtin: string): string[] {
  const digits = gtin.replace(/^0+/, '');
  return Array.from({ length: 15 - digits.length }, (_, zeros) => '0'.repeat(zeros) + digits);
}

const titleCase = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

/**
 * Catalogue products for a batch of items, GTIN first, then brand + model + specs; items that match nothing get a
 * product of their own (items of the same batch that are the same thing share one). Runs in the caller's
 * transaction; a batch of one is the seller's case.
 */
export async function matchToCatalogue(tx: Db, items: CatalogueItem[]): Promise<CatalogueMatch[]> {
  // One matcher at a time until its transaction ends: two sellers (or a seller and a feed) adding the same new
  // thing at once would otherwise each find nothing and make two products of it.
  await lockCatalogue(tx);
  const decided = await decidedProducts(tx, items);
  const identities = items.map(catalogueIdentity);
  const gtins = [...new Set(items.map((i) => normalizeGtinForMatch(i.gtin)).filter((g): g is string => !!g))];
  const matchKeys = [...new Set(identities.map((i) => i.key))];
  // Products themselves first, then the GTINs and match keys they took over in merges or were given by an operator
  // (product_aliases): after a merge, the gone product's offers' kin find the kept one instead of making it again.
  const keys = JSON.stringify(matchKeys);
  // Each GTIN in every zero-padding a product may have stored it with: equality uses products_gtin_idx, where
  // comparing ltrim(gtin, '0') read every product for every batch.
  const spellings = JSON.stringify(gtins.flatMap(zeroPaddings));
  const candidates = await queryRows<Candidate>(
    tx,
    sql`select id, gtin, "matchKey", "ramGb" from (
          select 0 as src, id, gtin, match_key as "matchKey", ram_gb as "ramGb" from products
          where match_key = any(array(select json_array_elements_text(${keys}::json)))
             or gtin = any(array(select json_array_elements_text(${spellings}::json)))
          union all
          select 1, p.id, case when a.kind = 'gtin' then a.value else p.gtin end,
                 case when a.kind = 'match_key' then a.value end, p.ram_gb
          from product_aliases a join products p on p.id = a.product_id
          where (a.kind = 'match_key' and a.value = any(array(select json_array_elements_text(${keys}::json))))
             or (a.kind = 'gtin' and a.value = any(array(select json_array_elements_text(${JSON.stringify(gtins)}::json))))
        ) c
        order by src, id`,
  );
  const byGtin = new Map<string, number>();
  // Looked up by key, in the candidates' order: a batch of a thousand items against a thousand candidates.
  const byKey = new Map<string, Candidate[]>();
  for (const c of candidates) {
    const g = normalizeGtinForMatch(c.gtin);
    if (g && !byGtin.has(g)) byGtin.set(g, c.id);
    if (c.matchKey !== null) byKey.set(c.matchKey, [...(byKey.get(c.matchKey) ?? []), c]);
  }
  const result: (CatalogueMatch | undefined)[] = [];
  const toCreate: { index: number; values: NewProduct }[] = [];
  // Products about to be made, in the order they were first asked for, by GTIN and by match key.
  const made = new Map<NewProduct, number>();
  const madeBy = new Map<string, NewProduct[]>();
  const madeWith = (key: string) => madeBy.get(key) ?? [];
  items.forEach((item, index) => {
    const gtin = normalizeGtinForMatch(item.gtin);
    const id = identities[index]!;
    const pinned = decided.get(index);
    if (pinned) {
      result.push({
        productId: pinned.productId,
        matchedBy: gtin && gtin === pinned.gtin ? 'gtin' : 'name',
        created: false,
      });
      return;
    }
    const byCode = gtin ? byGtin.get(gtin) : undefined;
    if (byCode !== undefined) {
      result.push({ productId: byCode, matchedBy: 'gtin', created: false });
      return;
    }
    const byName = (byKey.get(id.key) ?? []).find(
      (c) =>
        c.matchKey === id.key &&
        ramCompatible(c.ramGb, id.ramGb) &&
        // Two GTINs that differ are two products, whatever their names say.
        !(gtin && normalizeGtinForMatch(c.gtin) && normalizeGtinForMatch(c.gtin) !== gtin),
    );
    result.push(byName ? { productId: byName.id, matchedBy: 'name', created: false } : undefined);
    if (byName) return;
    // A later item of the same batch may be the same thing as one about to be made.
    const earlier = [...(gtin ? madeWith(`gtin ${gtin}`) : []), ...madeWith(`key ${id.key}`)]
      .filter(
        (v) =>
          (gtin && v.gtin === gtin) || (!(gtin && v.gtin) && v.matchKey === id.key && ramCompatible(v.ramGb, id.ramGb)),
      )
      .sort((a, b) => made.get(a)! - made.get(b)!)[0];
    if (earlier) {
      toCreate.push({ index, values: earlier });
      return;
    }
    const values: NewProduct = {
      id: item.newProductId ?? null,
      name: item.name,
      brand: item.brand || titleCase(id.brand) || 'Other',
      category: item.category,
      description: item.description,
      ramGb: item.ramGb || id.ramGb,
      storageGb: item.storageGb || id.storageGb,
      image: item.image,
      gtin,
      matchKey: id.key,
      aliases: searchAliases(item.name, item.brand),
      summary: NO_OFFERS,
    };
    made.set(values, made.size);
    if (gtin) madeBy.set(`gtin ${gtin}`, [...madeWith(`gtin ${gtin}`), values]);
    madeBy.set(`key ${id.key}`, [...madeWith(`key ${id.key}`), values]);
    toCreate.push({ index, values });
  });
  const distinct = [...new Set(toCreate.map((c) => c.values))];
  for (const c of toCreate) {
    const offer = items[c.index]!.offer;
    if (offer) c.values.summary = withOffer(c.values.summary, offer);
  }
  if (distinct.length > 0) {
    const rows = await insertCatalogueProducts(tx, distinct);
    const idOf = new Map(distinct.map((v, i) => [v, rows[i]!]));
    for (const c of toCreate) {
      const made = idOf.get(c.values)!;
      result[c.index] = { productId: made, matchedBy: gtinOrName(items[c.index]!), created: true };
    }
  }
  return result as CatalogueMatch[];
}

/**
 * The products operators decided items belong to (confirmed, split out or moved), by the items' index: such an item
 * goes there, whatever its name or GTIN would match.
 */
async function decidedProducts(
  tx: Db,
  items: CatalogueItem[],
): Promise<Map<number, { productId: number; gtin: string | null }>> {
  const offers: { i: number; storeId: number; itemId: string }[] = [];
  const listed: { i: number; listingId: number }[] = [];
  items.forEach((item, i) => {
    const origin = item.origin;
    if (!origin) return;
    if ('listingId' in origin) listed.push({ i, listingId: origin.listingId });
    else offers.push({ i, storeId: origin.externalStoreId, itemId: origin.storeItemId });
  });
  if (offers.length === 0 && listed.length === 0) return new Map();
  const rows = await queryRows<{ i: number; productId: number; gtin: string | null }>(
    tx,
    sql`select x.i, d.product_id as "productId", p.gtin
        from json_to_recordset(${JSON.stringify(offers)}::json) as x(i int, "storeId" int, "itemId" text)
        join match_decisions d on d.listing_id is null and d.store_slug = ${externalStoreSlugSql(sql`x."storeId"`)}
          and d.store_item_id = x."itemId"
        join products p on p.id = d.product_id
        union all
        select x.i, d.product_id, p.gtin
        from json_to_recordset(${JSON.stringify(listed)}::json) as x(i int, "listingId" int)
        join match_decisions d on d.listing_id = x."listingId"
        join products p on p.id = d.product_id`,
  );
  return new Map(rows.map((r) => [r.i, { productId: r.productId, gtin: r.gtin }]));
}

const gtinOrName = (item: CatalogueItem): MatchedBy => (normalizeGtinForMatch(item.gtin) ? 'gtin' : 'name');

interface NewProduct extends Omit<CatalogueItem, 'newProductId' | 'origin' | 'offer'> {
  id: number | null;
  matchKey: string;
  aliases: string;
  summary: Summary;
}

/** What refresh_products (migration 0005) works out for a product from the offers of one store. */
interface Summary {
  lowestPrice: number;
  offerCount: number;
  inStock: boolean;
  visible: boolean;
}

const NO_OFFERS: Summary = { lowestPrice: 0, offerCount: 0, inStock: false, visible: false };

/** The lowest price in stock, else the lowest of all; an offer of another store is always shown. */
function withOffer(summary: Summary, offer: { price: number; inStock: boolean }): Summary {
  const lowestPrice =
    summary.offerCount === 0 || (offer.inStock && !summary.inStock)
      ? offer.price
      : offer.inStock === summary.inStock
        ? Math.min(summary.lowestPrice, offer.price)
        : summary.lowestPrice;
  return { lowestPrice, offerCount: 1, inStock: summary.inStock || offer.inStock, visible: true };
}

// Ids are drawn first so that each row's id is known without relying on RETURNING's order; the rows then go as one
// JSON parameter (PGlite parses one parameter far faster than thousands).
async function insertCatalogueProducts(tx: Db, rows: NewProduct[]): Promise<number[]> {
  const missing = rows.filter((r) => r.id === null).length;
  const drawn =
    missing === 0
      ? []
      : (
          await queryRows<{ id: number }>(
            tx,
            sql`select nextval('products_id_seq')::int as id from generate_series(1, ${missing})`,
          )
        ).map((r) => r.id);
  const withIds = rows.map(({ summary, ...r }) => ({ ...r, ...summary, id: r.id ?? drawn.shift()! }));
  await tx.execute(
    sql`insert into products (id, name, brand, category, description, ram_gb, storage_gb, image, thumbnail, gtin,
          match_key, aliases, lowest_price, offer_count, in_stock, visible)
        select id, name, brand, category::category, description, "ramGb", "storageGb", image, image, gtin,
          "matchKey", aliases, "lowestPrice", "offerCount", "inStock", visible
        from json_to_recordset(${JSON.stringify(withIds)}::json) as x(id int, name text, brand text, category text,
          description text, "ramGb" int, "storageGb" int, image text, gtin text, "matchKey" text, aliases text,
          "lowestPrice" int, "offerCount" int, "inStock" boolean, visible boolean)`,
  );
  return withIds.map((r) => r.id);
}

/** Why a seller's chosen product is not the thing they list, or null when brand and specs agree. */
export function attachConflict(
  product: { brand: string; ramGb: number; storageGb: number },
  listing: { brand: string; ramGb: number; storageGb: number },
): string | null {
  if (normalizeBrand(product.brand) !== normalizeBrand(listing.brand))
    return `This product is made by ${product.brand}, not ${listing.brand}`;
  if (product.storageGb > 0 && listing.storageGb > 0 && product.storageGb !== listing.storageGb)
    return `This product has ${product.storageGb}GB storage, not ${listing.storageGb}GB`;
  if (!ramCompatible(product.ramGb, listing.ramGb))
    return `This product has ${product.ramGb}GB RAM, not ${listing.ramGb}GB`;
  return null;
}

/**
 * "Is it one of these?": the catalogue products a listing may be. The exact match (GTIN, or brand + model + specs)
 * comes first, then products of the same brand and storage whose names share the most words.
 */
export async function catalogueCandidates(
  db: Db,
  item: { name: string; brand: string; ramGb: number; storageGb: number; gtin: string | null },
  limit = 5,
): Promise<CatalogueCandidate[]> {
  const id = catalogueIdentity(item);
  const gtin = normalizeGtinForMatch(item.gtin);
  const words = id.key.split('|')[1] ?? '';
  const brandKey = id.brand;
  return queryRows<CatalogueCandidate>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.ram_gb as ram, p.storage_gb as storage, p.image,
          p.lowest_price as "lowestPrice", p.offer_count as "offerCount"
        from products p
        where (${gtin}::text is not null and ltrim(p.gtin, '0') = ltrim(${gtin}::text, '0'))
           or p.match_key = ${id.key}
           or (p.match_key like ${`${brandKey}|%|${id.storageGb}`} and ${words} <> ''
               and to_tsvector('simple', p.name) @@ to_tsquery('simple', ${words.split(' ').filter(Boolean).join(' | ') || 'x'}))
        order by (${gtin}::text is not null and ltrim(p.gtin, '0') = ltrim(${gtin}::text, '0')) desc,
          (p.match_key = ${id.key}) desc,
          ts_rank(to_tsvector('simple', p.name), to_tsquery('simple', ${words.split(' ').filter(Boolean).join(' | ') || 'x'})) desc,
          p.offer_count desc, p.id
        limit ${limit}`,
  );
}
