import { sql } from 'drizzle-orm';
import { ratingText } from '@pricehub/shared/rules/rating';
import { offerMessages, type PriceHistory, type ProductOffer } from '@pricehub/shared/schemas/offer';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { notFound } from '../../http/errors';
import { activeSales, unitPrice } from '../sales/pricing';
import { identify, ramCompatible } from './matching';
import { productMatchKey } from './offer-writer';

interface ProductRow {
  id: number;
  name: string;
  brand: string;
  store_id: number | null;
  store_name: string | null;
  store_slug: string | null;
  price: number;
  stock: string;
  quantity: number;
  ram_gb: number;
  storage_gb: number;
  match_key: string | null;
  updated_at: Date | string;
}

const visible = sql.raw(`(p.store_id is null or s.status = 'open')`);
const iso = (d: Date | string) => new Date(d).toISOString();

/**
 * The product and our sellers' listings of the same thing (same match key, compatible RAM): a shopper comparing
 * prices sees every store that sells it, ours and external.
 */
export async function productGroup(db: Db, productId: number): Promise<ProductRow[]> {
  const [product] = await queryRows<ProductRow>(
    db,
    sql`select p.*, s.name as store_name, s.slug as store_slug from products p left join stores s on s.id = p.store_id
        where p.id = ${productId} and ${visible}`,
  );
  if (!product) throw notFound(offerMessages.productNotFound);
  const key =
    product.match_key ?? productMatchKey({ ...product, ramGb: product.ram_gb, storageGb: product.storage_gb });
  const siblings = await queryRows<ProductRow>(
    db,
    sql`select p.*, s.name as store_name, s.slug as store_slug from products p left join stores s on s.id = p.store_id
        where p.match_key = ${key} and p.id <> ${productId} and p.store_id is not null and ${visible}
        order by p.id limit 20`,
  );
  const ram = product.ram_gb || identify({ name: product.name, brand: product.brand }).ramGb;
  return [product, ...siblings.filter((s) => ramCompatible(s.ram_gb, ram))];
}

async function sentimentCounts(db: Db, column: 'product_id' | 'offer_id', ids: number[]) {
  const counts = new Map<number, { positive: number; negative: number }>();
  if (ids.length === 0) return counts;
  const rows = await queryRows<{ id: number; positive: number; negative: number }>(
    db,
    sql`select ${sql.raw(column)} as id, count(*) filter (where sentiment_score > 0)::int as positive,
          count(*) filter (where sentiment_score < 0)::int as negative
        from reviews where ${sql.raw(column)} in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) group by 1`,
  );
  for (const r of rows) counts.set(r.id, r);
  return counts;
}

/** Every offer for a product: our sellers' listings and external offers, cheapest available first. */
export async function productOffers(ctx: AppContext, productId: number): Promise<ProductOffer[]> {
  const group = await productGroup(ctx.db, productId);
  const ids = group.map((p) => p.id);
  const own = group.filter((p) => p.store_id !== null);
  const sales = await activeSales(
    ctx.db,
    own.map((p) => p.id),
    ctx.now(),
  );
  const external = await queryRows<{
    id: number;
    store_name: string;
    store_slug: string;
    url: string;
    name: string;
    price: number;
    in_stock: boolean;
    available: boolean;
    last_checked_at: Date | string;
  }>(
    ctx.db,
    sql`select o.id, e.name as store_name, e.slug as store_slug, o.url, o.name, o.price, o.in_stock, o.available,
          o.last_checked_at
        from offers o join external_stores e on e.id = o.external_store_id
        where o.product_id in (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  const ownSentiment = await sentimentCounts(
    ctx.db,
    'product_id',
    own.map((p) => p.id),
  );
  const offerSentiment = await sentimentCounts(
    ctx.db,
    'offer_id',
    external.map((o) => o.id),
  );
  const none = { positive: 0, negative: 0 };
  const rows: ProductOffer[] = [
    ...own.map((p) => ({
      id: `store-${p.id}`,
      kind: 'store' as const,
      store: { name: p.store_name!, slug: p.store_slug! },
      url: `/result/productHub/${p.id}`,
      name: p.name,
      price: unitPrice(p.price, sales.get(p.id)),
      inStock: p.stock === 'instock' && p.quantity > 0,
      available: true,
      ratingText: ratingText(ownSentiment.get(p.id) ?? none),
      lastCheckedAt: iso(p.updated_at),
    })),
    ...external.map((o) => ({
      id: `offer-${o.id}`,
      kind: 'external' as const,
      store: { name: o.store_name, slug: o.store_slug },
      url: o.url,
      name: o.name,
      price: o.price,
      inStock: o.in_stock,
      available: o.available,
      ratingText: ratingText(offerSentiment.get(o.id) ?? none),
      lastCheckedAt: iso(o.last_checked_at),
    })),
  ];
  const rank = (o: ProductOffer) => (o.available ? 0 : 2) + (o.inStock ? 0 : 1);
  return rows.sort((a, b) => rank(a) - rank(b) || a.price - b.price || a.store.name.localeCompare(b.store.name));
}

/** The price a shopper can pay today: the cheapest available, in-stock offer (null when none is). */
export const lowestOf = (rows: ProductOffer[]): number | null =>
  rows
    .filter((o) => o.available && o.inStock)
    .reduce<number | null>((m, o) => (m === null || o.price < m ? o.price : m), null);

/**
 * One line per store (every recorded price of its offer or listing) and the lowest in-stock price over time,
 * stepping at each recorded change.
 */
export async function priceHistory(ctx: AppContext, productId: number): Promise<PriceHistory> {
  const group = await productGroup(ctx.db, productId);
  const ids = sql.join(
    group.map((p) => sql`${p.id}`),
    sql`, `,
  );
  const points = await queryRows<{
    series: string;
    store: string;
    price: number;
    in_stock: boolean;
    recorded_at: Date | string;
  }>(
    ctx.db,
    sql`select 'offer-' || o.id as series, e.name as store, pp.price, pp.in_stock, pp.recorded_at
        from price_points pp join offers o on o.id = pp.offer_id join external_stores e on e.id = o.external_store_id
        where o.product_id in (${ids})
        union all
        select 'store-' || p.id, s.name, pp.price, pp.in_stock, pp.recorded_at
        from price_points pp join products p on p.id = pp.product_id join stores s on s.id = p.store_id
        where pp.product_id in (${ids})
        order by recorded_at, series`,
  );
  // A listing with no recorded change yet still shows its price today.
  const recorded = new Set(points.map((p) => p.series));
  for (const p of group) {
    if (p.store_id !== null && !recorded.has(`store-${p.id}`)) {
      points.push({
        series: `store-${p.id}`,
        store: p.store_name!,
        price: p.price,
        in_stock: p.stock === 'instock',
        recorded_at: p.updated_at,
      });
    }
  }
  points.sort((a, b) => new Date(a.recorded_at).getTime() - new Date(b.recorded_at).getTime());

  const series = new Map<string, { store: string; points: { date: string; price: number }[] }>();
  const current = new Map<string, number | null>();
  const lowest: { date: string; price: number }[] = [];
  for (const p of points) {
    const date = iso(p.recorded_at);
    let line = series.get(p.series);
    if (!line) series.set(p.series, (line = { store: p.store, points: [] }));
    if (p.in_stock) line.points.push({ date, price: p.price });
    current.set(p.series, p.in_stock ? p.price : null);
    const prices = [...current.values()].filter((v): v is number => v !== null);
    const low = prices.length ? Math.min(...prices) : null;
    if (low === null) continue;
    const last = lowest.at(-1);
    if (last && last.date === date) last.price = low;
    else if (!last || last.price !== low) lowest.push({ date, price: low });
  }
  return { series: [...series.values()].filter((s) => s.points.length > 0), lowest };
}
