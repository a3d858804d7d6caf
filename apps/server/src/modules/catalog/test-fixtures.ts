import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import { insertExternalOffer, insertListing } from '../../testing/catalogue';
import type { TestApp } from '../../testing/test-app';
import type { TestSeller } from '../../testing/factories';
import { queryRows } from '../../db/client';

/** A valid seller product body, as the web's API function sends it: `price` in paisa (Rs 250,000). */
export const productBody = (over: Record<string, unknown> = {}) => ({
  name: 'Dell XPS 13 9340',
  brand: 'Dell',
  category: 'laptop',
  description: 'A reliable device for work and play',
  ram: 16,
  storage: 512,
  price: 250_000_00,
  quantity: 5,
  image: '/uploads/demo/laptop.svg',
  ...over,
});

/**
 * A seller's new listing through the real route (`POST /api/seller/products`): `id` is the catalogue product it was
 * matched to (or made for it), `listingId` the seller's listing.
 */
export async function addProduct(t: TestApp, seller: TestSeller, over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/seller/products',
    payload: productBody(over),
    headers: { cookie: seller.cookie },
  });
  if (res.statusCode !== 201) throw new Error(`add product failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { product: { id: number; name: string }; listing?: { id: number } };
  return { id: body.product.id, name: body.product.name, listingId: body.listing?.id ?? body.product.id };
}

/**
 * A listing written straight to the database (testing/catalogue.ts), in the units of productBody: `price` in paisa,
 * `ram`/`storage` in GB. Without `productId` it gets a catalogue product of its own (same id).
 */
export async function listProduct(
  t: TestApp,
  seller: TestSeller,
  over: Partial<{
    name: string;
    brand: string;
    category: Category;
    description: string;
    ram: number;
    storage: number;
    price: number;
    quantity: number;
    stock: 'instock' | 'outofstock';
    productId: number;
    gtin: string;
  }> = {},
): Promise<{ id: number; listingId: number; name: string }> {
  const body = productBody(over) as ReturnType<typeof productBody> & typeof over;
  const { listingId, productId } = await insertListing(t.ctx.db, {
    storeId: await storeIdOf(t, seller),
    productId: over.productId,
    name: body.name,
    brand: body.brand,
    category: body.category as Category,
    description: body.description,
    ramGb: body.ram,
    storageGb: body.storage,
    price: body.price,
    quantity: body.quantity,
    stock: over.stock,
    image: body.image,
    gtin: over.gtin,
  });
  return { id: productId, listingId, name: body.name };
}

/** An external store with an available offer for a product, as ingestion would create it. */
export async function addOffer(
  t: TestApp,
  productId: number,
  storeName: string,
  pricePaisa: number,
  over: { inStock?: boolean; available?: boolean } = {},
): Promise<number> {
  return insertExternalOffer(t.ctx.db, { productId, storeName, price: pricePaisa, ...over });
}

export async function storeIdOf(t: TestApp, seller: TestSeller): Promise<number> {
  const [row] = await queryRows<{ id: number }>(t.ctx.db, sql`select id from stores where seller_id = ${seller.id}`);
  return row!.id;
}
