import { sql, type SQL } from 'drizzle-orm';
import type { Category, Product } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../../db/client';
import { activeSales, unitPrice } from '../sales/pricing';

interface ProductRow {
  id: number;
  name: string;
  brand: string;
  category: Category;
  description: string;
  ram_gb: number;
  storage_gb: number;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  image: string;
  thumbnail: string;
  views: number;
  store_id: number | null;
  store_slug: string | null;
  store_name: string | null;
  offer_min: number | null;
  offer_stores: number;
  offer_in_stock: boolean;
}

/** Products of open stores and external-only products: what shoppers may see. */
export const visibleProduct = (alias: string): SQL =>
  sql.raw(`(${alias}.store_id is null or ${alias}.store_id in (select id from stores where status = 'open'))`);

/** `a, b, c` as bound parameters, for `in (…)`. */
export const sqlList = (values: (number | string)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * Full cards for the given ids, in the given order: sale price, lowest price over our listing and the
 * available external offers, and how many stores sell it. One statement plus the sale lookup.
 */
export async function loadProducts(db: Db, ids: number[], now: Date): Promise<Product[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<ProductRow>(
    db,
    sql`select p.id, p.name, p.brand, p.category, p.description, p.ram_gb, p.storage_gb, p.price, p.quantity,
          p.stock, p.image, p.thumbnail, p.views, p.store_id, s.slug as store_slug, s.name as store_name,
          o.offer_min, coalesce(o.offer_stores, 0) as offer_stores, coalesce(o.offer_in_stock, false) as offer_in_stock
        from products p
        left join stores s on s.id = p.store_id
        left join lateral (
          select min(price)::int as offer_min, count(distinct external_store_id)::int as offer_stores,
                 bool_or(in_stock) as offer_in_stock
          from offers where product_id = p.id and available
        ) o on true
        where p.id in (${sqlList(ids)})`,
  );
  const sales = await activeSales(
    db,
    rows.filter((r) => r.store_id !== null).map((r) => r.id),
    now,
  );
  const byId = new Map(rows.map((r) => [r.id, toProduct(r, sales.get(r.id))]));
  return ids.map((id) => byId.get(id)).filter((p): p is Product => p !== undefined);
}

function toProduct(r: ProductRow, sale: { code: string; title: string; percent: number } | undefined): Product {
  const listed = r.store_id !== null;
  const ourPrice = listed ? unitPrice(r.price, sale) : null;
  const candidates = [ourPrice, r.offer_min].filter((p): p is number => p !== null);
  const inStock = listed ? r.quantity > 0 && r.stock === 'instock' : r.offer_in_stock;
  return {
    id: r.id,
    name: r.name,
    brand: r.brand,
    category: r.category,
    description: r.description,
    ram: r.ram_gb,
    storage: r.storage_gb,
    price: r.price,
    ...(sale && listed ? { salePrice: ourPrice!, sale } : {}),
    stock: inStock ? 'instock' : 'outofstock',
    quantity: r.quantity,
    image: r.image,
    thumbnail: r.thumbnail || r.image,
    store: r.store_slug && r.store_name ? { slug: r.store_slug, name: r.store_name } : null,
    lowestPrice: candidates.length > 0 ? Math.min(...candidates) : r.price,
    storeCount: (listed ? 1 : 0) + Number(r.offer_stores),
    views: r.views,
  };
}
