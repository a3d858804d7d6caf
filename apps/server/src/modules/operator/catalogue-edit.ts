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
} from '@pricehub/shared/schemas/operator-matching';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { conflict, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { productListingsSql } from '../catalog/matching-listings';
import {
  catalogueProduct,
  catalogueProductsPage,
  lockEditableProduct,
  updateCatalogueProduct,
} from '../catalog/matching-products';
import { extraGtins, gtinOfAnotherProduct, replaceExtraGtins } from '../catalog/product-gtins';
import { addSearchTerms } from '../catalog/search-terms';
import { catalogueIdentity, lockCatalogue } from '../catalog/catalogue';
import { listingDecidedSql, offerDecidedSql } from '../catalog/match-decisions';
import { normalizeGtinForMatch, searchAliases } from '../catalog/matching';
import { productOffersSql } from '../offers/matching-items';
import { recordAudit } from './audit';
import { shownGtin } from './matching-queue';
import { likeText } from '../../db/like';

const m = matchingMessages;

/** GET /api/operator/catalogue: products by words of the name or brand, an id, or a GTIN; most offered first. */
export async function listCatalogue(db: Db, query: CatalogueQuery): Promise<CataloguePage> {
  const q = query.q;
  const like = likeText(q);
  const id = /^#?\d{1,9}$/.test(q) ? Number(q.replace('#', '')) : null;
  const gtin = normalizeGtinForMatch(/^[\d\s-]{8,20}$/.test(q) ? q : null);
  const search = q ? { like, id, gtin } : null;
  const offset = (query.page - 1) * OPERATOR_MATCHING_PAGE_SIZE;
  const { rows, total } = await catalogueProductsPage(db, search, { limit: OPERATOR_MATCHING_PAGE_SIZE, offset });
  return {
    items: rows.map((p) => ({ ...p, gtin: p.gtin && shownGtin(p.gtin) })),
    total,
    page: query.page,
    pageSize: OPERATOR_MATCHING_PAGE_SIZE,
  };
}

/** One catalogue product with every GTIN it answers to and every offer on it. */
export async function catalogueDetail(db: Db, id: number): Promise<CatalogueProductDetail> {
  const row = await catalogueProduct(db, id);
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
    const old = await lockEditableProduct(tx, id);
    if (!old) throw notFound(m.productNotFound);
    const oldExtra = await extraGtins(tx, id);
    await refuseTakenGtins(tx, id, gtins);
    const identity = catalogueIdentity({
      name: input.name,
      brand: input.brand,
      ramGb: input.ram,
      storageGb: input.storage,
    });
    const { gtins: _given, ...fields } = input;
    await updateCatalogueProduct(tx, id, {
      ...fields,
      gtin: gtins[0] ?? null,
      matchKey: identity.key,
      aliases: searchAliases(input.name, input.brand),
    });
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
        after: { ...fields, gtins: gtins.map(shownGtin) },
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
