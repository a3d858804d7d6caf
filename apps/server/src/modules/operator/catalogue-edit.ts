import { sql } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import type { MatchedBy } from '@pricehub/shared/schemas/offer';
import {
  matchingMessages,
  OPERATOR_MATCHING_PAGE_SIZE,
  type CatalogueEdit,
  type CataloguePage,
  type CatalogueProductDetail,
  type CatalogueQuery,
  type MatchingItemKind,
  type MatchingProduct,
} from '@pricehub/shared/schemas/operator-matching';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { productListingsSql } from '../catalog/matching-listings';
import { extraGtins, gtinAliasProductSql, gtinOfAnotherProduct, replaceExtraGtins } from '../catalog/product-gtins';
import { addSearchTerms } from '../catalog/search-terms';
import { catalogueIdentity, lockCatalogue } from '../catalog/catalogue';
import { listingDecidedSql, offerDecidedSql } from '../catalog/match-decisions';
import { normalizeGtinForMatch, searchAliases } from '../catalog/matching';
import { productOffersSql } from '../offers/matching-items';
import { recordAudit } from './audit';
import { productColumns, shownGtin } from './matching-queue';

const m = matchingMessages;

/** GET /api/operator/catalogue: products by words of the name or brand, an id, or a GTIN; most offered first. */
export async function listCatalogue(db: Db, query: CatalogueQuery): Promise<CataloguePage> {
  const q = query.q;
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const id = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
  const gtin = normalizeGtinForMatch(/^[\d\s-]{8,20}$/.test(q) ? q : null);
  const where = q
    ? sql`(p.name ilike ${like} or p.brand ilike ${like} or p.id = ${id}::int
          or (${gtin}::text is not null and (p.gtin = ${gtin}::text
              or p.id in ${gtinAliasProductSql(sql`${gtin}::text`)})))`
    : sql`true`;
  const offset = (query.page - 1) * OPERATOR_MATCHING_PAGE_SIZE;
  const rows = await queryRows<MatchingProduct & { visible: boolean; total: number }>(
    db,
    sql`select ${productColumns}, p.visible, count(*) over ()::int as total from products p where ${where}
        order by p.offer_count desc, p.id desc
        limit ${OPERATOR_MATCHING_PAGE_SIZE} offset ${offset}`,
  );
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : ((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from products p where ${where}`))[0]?.n ??
        0));
  return {
    items: rows.map(({ total: _total, ...p }) => ({ ...p, gtin: p.gtin && shownGtin(p.gtin) })),
    total,
    page: query.page,
    pageSize: OPERATOR_MATCHING_PAGE_SIZE,
  };
}

/** One catalogue product with every GTIN it answers to and every offer on it. */
export async function catalogueDetail(db: Db, id: number): Promise<CatalogueProductDetail> {
  const [row] = await queryRows<MatchingProduct & { description: string; visible: boolean }>(
    db,
    sql`select ${productColumns}, p.description, p.visible from products p where p.id = ${id}`,
  );
  if (!row) throw notFound(m.productNotFound);
  const extra = await extraGtins(db, id);
  const offers = await queryRows<{
    kind: MatchingItemKind;
    id: number;
    name: string;
    store: string;
    price: number;
    matchedBy: MatchedBy;
    decided: boolean;
  }>(
    db,
    sql`${productListingsSql(id, listingDecidedSql)}
        union all
        ${productOffersSql(id, offerDecidedSql)}
        order by price, kind, id`,
  );
  return {
    ...row,
    gtin: row.gtin && shownGtin(row.gtin),
    gtins: [...(row.gtin ? [row.gtin] : []), ...extra].map(shownGtin),
    offers,
  };
}

interface EditableRow {
  id: number;
  name: string;
  brand: string;
  category: string;
  description: string;
  ram: number;
  storage: number;
  image: string;
  gtin: string | null;
}

/**
 * Edits what a catalogue product is. The first GTIN is the product's own, the others answer to it in matching; a GTIN
 * another product has is refused (merge them instead). Its match key and search aliases follow the new name and
 * specs, and the facet counts follow by trigger.
 */
export async function editCatalogueProduct(
  ctx: AppContext,
  operator: SessionUser,
  id: number,
  input: CatalogueEdit,
): Promise<CatalogueProductDetail> {
  const gtins = input.gtins.map((g) => normalizeGtinForMatch(g)!);
  await ctx.db.transaction(async (tx) => {
    await lockCatalogue(tx);
    const [old] = await queryRows<EditableRow>(
      tx,
      sql`select id, name, brand, category, description, ram_gb as ram, storage_gb as storage, image, gtin
          from products where id = ${id} for update`,
    );
    if (!old) throw notFound(m.productNotFound);
    const oldExtra = await extraGtins(tx, id);
    await refuseTakenGtins(tx, id, gtins);
    const identity = catalogueIdentity({
      name: input.name,
      brand: input.brand,
      ramGb: input.ram,
      storageGb: input.storage,
    });
    await tx.execute(sql`update products set name = ${input.name}, brand = ${input.brand},
        category = ${input.category}, description = ${input.description}, ram_gb = ${input.ram},
        storage_gb = ${input.storage}, image = ${input.image},
        thumbnail = case when image = ${input.image} then thumbnail else ${input.image} end,
        gtin = ${gtins[0] ?? null}, match_key = ${identity.key}, aliases = ${searchAliases(input.name, input.brand)},
        updated_at = now()
      where id = ${id}`);
    await replaceExtraGtins(tx, id, gtins.slice(1));
    const now = ctx.now();
    const { gtin: oldGtin, id: _id, ...oldFields } = old;
    await recordAudit(
      tx,
      {
        actor: operator,
        action: 'product.edit',
        target: { type: 'product', id, name: input.name },
        before: {
          ...oldFields,
          gtins: [...(oldGtin ? [oldGtin] : []), ...oldExtra].map(shownGtin),
        },
        after: {
          name: input.name,
          brand: input.brand,
          category: input.category,
          description: input.description,
          ram: input.ram,
          storage: input.storage,
          image: input.image,
          gtins: gtins.map(shownGtin),
        },
      },
      now,
    );
  });
  invalidateCatalogCache();
  await addSearchTerms(ctx.db, {
    name: input.name,
    brand: input.brand,
    aliases: searchAliases(input.name, input.brand),
  });
  return catalogueDetail(ctx.db, id);
}

async function refuseTakenGtins(tx: Db, id: number, gtins: string[]): Promise<void> {
  const taken = await gtinOfAnotherProduct(tx, id, gtins);
  if (taken) {
    const message = m.gtinTaken(shownGtin(taken.gtin), taken.id, taken.name);
    throw conflict(message, { gtins: message });
  }
}
