import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import { queryRows, type Db } from '../db/client';

/**
 * Catalogue rows for tests, written straight to the database (the seller routes and ingestion have tests of their
 * own). A listing without `productId` gets a catalogue product of its own that shares its id, as a seller's first
 * listing of a new product does; pass `productId` to list an existing product.
 */
export interface ListingFields {
  storeId: number;
  productId?: number;
  name?: string;
  brand?: string;
  category?: Category;
  description?: string;
  ramGb?: number;
  storageGb?: number;
  /** Paisa. */
  price?: number;
  quantity?: number;
  stock?: 'instock' | 'outofstock';
  image?: string;
  gtin?: string | null;
}

let counter = 0;

export async function insertListing(db: Db, f: ListingFields): Promise<{ listingId: number; productId: number }> {
  counter += 1;
  const name = f.name ?? `Test Phone ${counter}`;
  const brand = f.brand ?? 'Testbrand';
  const category = f.category ?? 'mobile';
  const [{ id }] = (await queryRows<{ id: number }>(db, sql`select nextval('products_id_seq')::int as id`)) as [
    { id: number },
  ];
  const productId =
    f.productId ??
    (await insertCatalogueProduct(db, {
      id,
      name,
      brand,
      category,
      description: f.description,
      ramGb: f.ramGb,
      storageGb: f.storageGb,
      gtin: f.gtin,
      image: f.image,
    }));
  await db.execute(sql`insert into listings (id, product_id, store_id, name, brand, category, description, ram_gb,
      storage_gb, price, quantity, stock, image, thumbnail, gtin)
    values (${id}, ${productId}, ${f.storeId}, ${name}, ${brand}, ${category}, ${f.description ?? ''}, ${f.ramGb ?? 0},
      ${f.storageGb ?? 0}, ${f.price ?? 10_000_00}, ${f.quantity ?? 10}, ${f.stock ?? 'instock'}, ${f.image ?? ''},
      ${f.image ?? ''}, ${f.gtin ?? null})`);
  return { listingId: id, productId };
}

/** A catalogue product with no offers yet (hidden from shoppers until a listing or an offer attaches). */
export async function insertCatalogueProduct(
  db: Db,
  f: {
    id?: number;
    name: string;
    brand?: string;
    category?: Category;
    description?: string;
    ramGb?: number;
    storageGb?: number;
    gtin?: string | null;
    image?: string;
  },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into products (id, name, brand, category, description, ram_gb, storage_gb, gtin, image, thumbnail)
        values (coalesce(${f.id ?? null}::int, nextval('products_id_seq')::int), ${f.name}, ${f.brand ?? 'Testbrand'},
          ${f.category ?? 'mobile'}, ${f.description ?? ''}, ${f.ramGb ?? 0}, ${f.storageGb ?? 0}, ${f.gtin ?? null},
          ${f.image ?? ''}, ${f.image ?? ''})
        returning id`,
  );
  return row!.id;
}

/** Another store's offer for a catalogue product, as ingestion would write it; `price` in paisa. */
export async function insertExternalOffer(
  db: Db,
  f: { productId: number; storeName: string; price: number; inStock?: boolean; available?: boolean; name?: string },
): Promise<number> {
  const slug = f.storeName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const [store] = await queryRows<{ id: number }>(
    db,
    sql`insert into external_stores (name, slug) values (${f.storeName}, ${slug})
        on conflict (name) do update set slug = excluded.slug returning id`,
  );
  const [offer] = await queryRows<{ id: number }>(
    db,
    sql`insert into offers (external_store_id, product_id, store_item_id, url, name, price, in_stock, available)
        values (${store!.id}, ${f.productId}, ${`item-${f.productId}-${slug}`}, ${`https://${slug}.example/p/${f.productId}`},
          ${f.name ?? 'offer'}, ${f.price}, ${f.inStock ?? true}, ${f.available ?? true})
        returning id`,
  );
  return offer!.id;
}

/**
 * Pairs of visible catalogue products that are one thing: the same match key (brand, model, storage) with compatible
 * RAM. A search would show each pair as two cards, so the seed and the catalogue migration must leave none.
 */
export function visibleTwins(db: Db): Promise<{ a: string; b: string }[]> {
  return queryRows<{ a: string; b: string }>(
    db,
    sql`select a.name as a, b.name as b from products a join products b
          on a.match_key = b.match_key and a.id < b.id and (a.ram_gb = b.ram_gb or a.ram_gb = 0 or b.ram_gb = 0)
        where a.visible and b.visible`,
  );
}
