import { and, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { discounted, floorToRupee } from '@pricehub/shared/rules/money';
import { queryRows, type Db } from '../../db/client';
import { saleProducts, sales } from '../../db/schema';
import { openStoresSql } from '../accounts/queries';

export interface ActiveSale {
  code: string;
  title: string;
  percent: number;
}

/**
 * The sale covering each of our sellers' listings right now (the deepest one when several overlap), keyed by
 * listing id. The catalogue, the cart and checkout all price through this, so a shopper sees the same price on
 * every screen.
 */
export async function activeSales(db: Db, listingIds: number[], now: Date): Promise<Map<number, ActiveSale>> {
  const result = new Map<number, ActiveSale>();
  if (listingIds.length === 0) return result;
  const rows = await db
    .select({ listingId: saleProducts.listingId, code: sales.code, title: sales.title, percent: sales.discountPercent })
    .from(saleProducts)
    .innerJoin(sales, eq(sales.id, saleProducts.saleId))
    .where(and(inArray(saleProducts.listingId, listingIds), lte(sales.startsAt, now), gt(sales.endsAt, now)));
  for (const row of rows) {
    const current = result.get(row.listingId);
    if (!current || row.percent > current.percent) {
      result.set(row.listingId, { code: row.code, title: row.title, percent: row.percent });
    }
  }
  return result;
}

/**
 * The same sale as activeSales, as a SQL expression for another module's select, so that a hot path reads its
 * rows and their sales in one statement: json {code, title, percent}, or null. `listingId` is the listing id's SQL.
 */
export function activeSaleSql(listingId: SQL, now: Date): SQL {
  const at = now.toISOString();
  return sql`(select json_build_object('code', s.code, 'title', s.title, 'percent', s.discount_percent)
      from sale_products sp join sales s on s.id = sp.sale_id
      where sp.listing_id = ${listingId} and s.starts_at <= ${at}::timestamptz and s.ends_at > ${at}::timestamptz
      order by s.discount_percent desc limit 1)`;
}

/**
 * When the sales of listing `listingId` last started or ended at or before `now`, and next start or end after it, as
 * SQL for a lateral join: one row `{since, until}` in epoch milliseconds, null where there is none. activeSaleSql
 * answers the same for every moment in [since, until): no start (`starts_at <= now`) or end (`ends_at > now`) of
 * these sales lies in between. Rounded inwards (since up, until down) so that whole milliseconds keep that true.
 */
export function saleWindowSql(listingId: SQL, now: Date): SQL {
  const at = now.toISOString();
  return sql`(select ceil(extract(epoch from max(b.at) filter (where b.at <= ${at}::timestamptz)) * 1000)::float8 as since,
        floor(extract(epoch from min(b.at) filter (where b.at > ${at}::timestamptz)) * 1000)::float8 as until
      from sale_products sp join sales s on s.id = sp.sale_id cross join lateral (values (s.starts_at), (s.ends_at)) b(at)
      where sp.listing_id = ${listingId})`;
}

/**
 * unitPrice in SQL, for a select that prices many listings at once: the discount rounded to the paisa, then floored
 * to whole rupees. In bigint: a price near the cap times a percent passes 2^31 ("integer out of range").
 */
export function unitPriceSql(price: SQL, percent: SQL): SQL {
  return sql`(floor(round(${price}::bigint - ${price}::bigint * ${percent} / 100.0) / 100) * 100)::bigint`;
}

/** The unit price a shopper pays: the sale price when a sale applies, floored to whole rupees (spec §9). */
export function unitPrice(price: number, sale: ActiveSale | undefined): number {
  return floorToRupee(sale ? discounted(price, sale.percent) : price);
}

/**
 * The next moment after `now` when a sale starts or ends, so its listings' prices change with no write; null when
 * none is ahead.
 */
export async function nextSaleBoundary(db: Db, now: Date): Promise<Date | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    db,
    sql`select least((select min(starts_at) from sales where starts_at > ${now}),
                     (select min(ends_at) from sales where ends_at > ${now})) as at`,
  );
  return row?.at ? new Date(row.at) : null;
}

export interface SaleSummary {
  code: string;
  title: string;
  percent: number;
  startsAt: Date;
  endsAt: Date;
  store: { slug: string; name: string };
  productCount: number;
}

/** Sales running now in open stores, soonest-ending first (the home page and /api/sales show these). */
export async function listActiveSales(db: Db, now: Date, limit = 20): Promise<SaleSummary[]> {
  const rows = await queryRows<{
    code: string;
    title: string;
    percent: number;
    starts_at: Date;
    ends_at: Date;
    slug: string;
    name: string;
    product_count: number;
  }>(
    db,
    sql`select s.code, s.title, s.discount_percent as percent, s.starts_at, s.ends_at, st.slug, st.name,
          (select count(*)::int from sale_products sp where sp.sale_id = s.id) as product_count
        from sales s join ${openStoresSql} st on st.id = s.store_id
        where s.starts_at <= ${now} and s.ends_at > ${now}
        order by s.ends_at asc limit ${limit}`,
  );
  return rows.map((r) => ({
    code: r.code,
    title: r.title,
    percent: r.percent,
    startsAt: new Date(r.starts_at),
    endsAt: new Date(r.ends_at),
    store: { slug: r.slug, name: r.name },
    productCount: r.product_count,
  }));
}
