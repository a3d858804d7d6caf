import { and, desc, eq, sql } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import type {
  CatalogueCandidate,
  CatalogueMatchQuery,
  Product,
  ProductBody,
  ProductUpdateBody,
} from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { listings } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../http/errors';
import {
  attachConflict,
  catalogueCandidates,
  catalogueIdentity,
  matchToCatalogue,
  type CatalogueItem,
  type MatchedBy,
} from './catalogue';
import { normalizeGtinForMatch, searchAliases } from './matching';
import { offeredElsewhereSql, recordListingPrice } from '../offers/queries';
import { releaseUploads, uploadNamesIn } from '../media/references';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { loadListings, loadProducts } from './repository';
import { addSearchTerms } from './search-terms';

/**
 * A seller's listings: their price, stock and wording for a catalogue product. A new listing is attached to the
 * product the seller picked ("Is it one of these?") or, without a pick, to the one matching finds (catalogue.ts);
 * a listing of something new makes a catalogue product that shares the listing's id.
 */

export interface ListingWithProduct {
  listing: Product;
  product: Product;
}

type ListingRow = typeof listings.$inferSelect;

/** A listing of this store; another store's is "not found" too (404), so ids of other stores tell nothing. */
async function ownedListing(db: Db, storeId: number, listingId: number): Promise<ListingRow> {
  const [row] = await db.select().from(listings).where(eq(listings.id, listingId)).for('update');
  if (!row || row.storeId !== storeId) throw notFound(messages.product.notFound);
  return row;
}

const stockFor = (quantity: number, requested?: 'instock' | 'outofstock') =>
  quantity === 0 ? 'outofstock' : (requested ?? 'instock');

/** Uploads are stored as `<name>.webp` with a `<name>-thumb.webp` beside them (modules/media). */
const thumbnailFor = (image: string) =>
  /^\/uploads\/[a-z0-9-]+\.webp$/.test(image) ? image.replace(/\.webp$/, '-thumb.webp') : image;

function listingValues(input: ProductBody | ProductUpdateBody) {
  const quantity = input.quantity;
  return {
    name: input.name,
    brand: input.brand,
    category: input.category,
    description: input.description,
    ramGb: input.ram,
    storageGb: input.storage,
    price: input.price,
    quantity,
    stock: stockFor(quantity, input.stock),
    image: input.image,
    thumbnail: thumbnailFor(input.image),
    gtin: input.gtin ?? null,
  };
}
type ListingValues = ReturnType<typeof listingValues>;

const catalogueItem = (v: ListingValues, newProductId?: number, listingId?: number): CatalogueItem => ({
  name: v.name,
  brand: v.brand,
  category: v.category,
  description: v.description,
  ramGb: v.ramGb,
  storageGb: v.storageGb,
  gtin: v.gtin,
  image: v.image,
  newProductId,
  // An operator's decision about this listing (modules/operator) holds when an edit matches it again.
  ...(listingId === undefined ? {} : { origin: { listingId } }),
});

/** Stated specs, or those the name gives when a spec field is 0. */
function specsOf(item: { name: string; brand: string; ramGb: number; storageGb: number }) {
  const id = catalogueIdentity(item);
  return { brand: item.brand, ramGb: item.ramGb || id.ramGb, storageGb: item.storageGb || id.storageGb };
}

const inStock = (v: { quantity: number; stock: string }) => v.quantity > 0 && v.stock === 'instock';

interface CatalogueRow {
  id: number;
  name: string;
  brand: string;
  ramGb: number;
  storageGb: number;
  gtin: string | null;
  matchKey: string | null;
}

async function catalogueProduct(db: Db, id: number): Promise<CatalogueRow | undefined> {
  // A product merged into another since the seller saw it: the one it became.
  const [row] = await queryRows<CatalogueRow>(
    db,
    sql`select id, name, brand, ram_gb as "ramGb", storage_gb as "storageGb", gtin, match_key as "matchKey"
        from products where id in (${id}, (select to_id from product_redirects where from_id = ${id}))
        order by id <> ${id} limit 1`,
  );
  return row;
}

/** The product the seller picked, when it is the thing they list (brand and specs agree). */
async function chosenProduct(db: Db, id: number, values: ListingValues): Promise<number> {
  const product = await catalogueProduct(db, id);
  if (!product) throw notFound(messages.product.catalogueNotFound);
  const reason = attachConflict(specsOf(product), specsOf(values));
  if (reason) throw badRequest(reason);
  return product.id;
}

/** One listing per store and product: a second one would split the seller's stock and price history. */
async function refuseSecondListing(db: Db, storeId: number, productId: number, listingId: number) {
  const [other] = await queryRows<{ id: number }>(
    db,
    sql`select id from listings where store_id = ${storeId} and product_id = ${productId} and id <> ${listingId}
        limit 1`,
  );
  if (other) throw conflict(messages.product.alreadyListed);
}

async function recordPrice(db: Db, listingId: number, v: { price: number; quantity: number; stock: string }, at: Date) {
  await recordListingPrice(db, { listingId, price: v.price, inStock: inStock(v), recordedAt: at });
}

async function withProduct(ctx: AppContext, listingId: number): Promise<ListingWithProduct> {
  const [listing] = await loadListings(ctx.db, [listingId], ctx.now());
  const [product] = await loadProducts(ctx.db, [listing!.productId!], ctx.now());
  return { listing: listing!, product: product! };
}

export async function listSellerListings(ctx: AppContext, storeId: number): Promise<Product[]> {
  const rows = await ctx.db
    .select({ id: listings.id })
    .from(listings)
    .where(eq(listings.storeId, storeId))
    .orderBy(desc(listings.createdAt), desc(listings.id));
  return loadListings(
    ctx.db,
    rows.map((r) => r.id),
    ctx.now(),
  );
}

export async function createListing(ctx: AppContext, storeId: number, input: ProductBody): Promise<ListingWithProduct> {
  const values = listingValues(input);
  const listingId = await ctx.db.transaction(async (tx) => {
    // Drawn first, so that a product made for this listing can share its id (and its URL).
    const [drawn] = await queryRows<{ id: number }>(tx, sql`select nextval('products_id_seq')::int as id`);
    const id = drawn!.id;
    let productId: number;
    let matchedBy: MatchedBy;
    if (input.catalogProductId !== undefined) {
      productId = await chosenProduct(tx, input.catalogProductId, values);
      matchedBy = 'seller';
    } else {
      const [match] = await matchToCatalogue(tx, [catalogueItem(values, id)]);
      ({ productId, matchedBy } = match!);
    }
    await refuseSecondListing(tx, storeId, productId, id);
    await tx.insert(listings).values({ id, productId, storeId, matchedBy, ...values });
    await recordPrice(tx, id, values, ctx.now());
    return id;
  });
  await afterChange(ctx, values);
  return withProduct(ctx, listingId);
}

/** Whether a listing whose name, brand, specs or GTIN changed is still the thing its product is. */
function stillMatches(product: CatalogueRow, values: ListingValues, matchedBy: string): boolean {
  if (attachConflict(specsOf(product), specsOf(values))) return false;
  if (matchedBy === 'seller') return true;
  const [ours, theirs] = [normalizeGtinForMatch(values.gtin), normalizeGtinForMatch(product.gtin)];
  if (ours && theirs) return ours === theirs;
  const key = catalogueIdentity(values).key;
  return key === product.matchKey || key === catalogueIdentity(product).key;
}

/** The listing is its product's only offer (no other listing, no other store's offer). */
async function soleOffer(db: Db, productId: number, listingId: number): Promise<boolean> {
  const [row] = await queryRows<{ others: boolean }>(
    db,
    sql`select exists (select 1 from listings where product_id = ${productId} and id <> ${listingId})
          or ${offeredElsewhereSql(sql`${productId}`)} as others`,
  );
  return !row!.others;
}

/** A product that only this listing offers says what the listing says (its name, specs, image, GTIN). */
async function describeByListing(db: Db, productId: number, v: ListingValues) {
  const identity = catalogueIdentity(v);
  await db.execute(sql`update products set name = ${v.name}, brand = ${v.brand}, category = ${v.category},
      description = ${v.description}, ram_gb = ${v.ramGb || identity.ramGb},
      storage_gb = ${v.storageGb || identity.storageGb}, image = ${v.image}, thumbnail = ${v.thumbnail},
      gtin = ${normalizeGtinForMatch(v.gtin)}, match_key = ${identity.key}, aliases = ${searchAliases(v.name, v.brand)},
      updated_at = now()
    where id = ${productId}`);
}

/**
 * Edits the seller's own listing. A listing that is no longer the thing its product is (another model, other
 * specs) is matched again; a product only this listing offered follows the listing's new wording instead of being
 * left behind.
 */
export async function updateListing(
  ctx: AppContext,
  storeId: number,
  listingId: number,
  input: ProductUpdateBody,
): Promise<ListingWithProduct> {
  const values = listingValues(input);
  const before = await ctx.db.transaction(async (tx) => {
    const old = await ownedListing(tx, storeId, listingId);
    let productId = old.productId;
    let matchedBy = old.matchedBy as MatchedBy;
    const changed = (keys: (keyof ListingValues)[]) => keys.some((k) => (old[k] ?? null) !== values[k]);
    // Only a change of what the thing is can move it: a price edit never re-matches an old listing.
    const identityChanged = changed(['name', 'brand', 'ramGb', 'storageGb', 'gtin']);
    const sole = await soleOffer(tx, old.productId, listingId);
    const product = (await catalogueProduct(tx, old.productId))!;
    if (identityChanged && !stillMatches(product, values, old.matchedBy)) {
      const [match] = await matchToCatalogue(tx, [catalogueItem(values, undefined, listingId)]);
      matchedBy = match!.matchedBy;
      // Nothing else offers the old product: it becomes the new thing rather than a second, empty product.
      if (match!.created && sole) await tx.execute(sql`delete from products where id = ${match!.productId}`);
      else productId = match!.productId;
    }
    if (productId === old.productId && sole && (identityChanged || changed(['category', 'description', 'image']))) {
      await describeByListing(tx, productId, values);
    }
    await refuseSecondListing(tx, storeId, productId, listingId);
    await tx
      .update(listings)
      .set({ ...values, productId, matchedBy, updatedAt: ctx.now() })
      .where(and(eq(listings.id, listingId), eq(listings.storeId, storeId)));
    if (old.price !== values.price || inStock(old) !== inStock(values)) {
      await recordPrice(tx, listingId, values, ctx.now());
    }
    return old;
  });
  // A replaced photo goes, unless something else still shows it (an order, another product).
  if (before.image !== values.image) await releaseUploads(ctx, uploadNamesIn(before.image, before.thumbnail));
  await afterChange(ctx, values);
  return withProduct(ctx, listingId);
}

/** Deletes the seller's own listing; its catalogue product stays (hidden once nothing offers it). */
export async function deleteListing(ctx: AppContext, storeId: number, listingId: number): Promise<void> {
  const deleted = await ctx.db.transaction(async (tx) => {
    const old = await ownedListing(tx, storeId, listingId);
    await tx.delete(listings).where(and(eq(listings.id, listingId), eq(listings.storeId, storeId)));
    return old;
  });
  await releaseUploads(ctx, uploadNamesIn(deleted.image, deleted.thumbnail));
  await afterChange(ctx);
}

/** "Is it one of these?" while the seller types: nothing until there is a name or a barcode to go on. */
export async function listingCandidates(ctx: AppContext, query: CatalogueMatchQuery): Promise<CatalogueCandidate[]> {
  const gtin = (query.gtin ?? '').replace(/[\s-]/g, '');
  const usableGtin = /^\d{8,14}$/.test(gtin) ? gtin : null;
  if (!query.name && !usableGtin) return [];
  return catalogueCandidates(ctx.db, {
    name: query.name,
    brand: query.brand,
    ramGb: query.ram,
    storageGb: query.storage,
    gtin: usableGtin,
  });
}

async function afterChange(ctx: AppContext, words?: { name: string; brand: string }): Promise<void> {
  if (words) await addSearchTerms(ctx.db, { ...words, aliases: searchAliases(words.name, words.brand) });
  invalidateCatalogCache();
}
