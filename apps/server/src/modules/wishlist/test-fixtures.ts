import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalStores, offers, reviews, stores } from '../../db/schema';
import { insertCatalogueProduct, insertListing } from '../../testing/catalogue';

/** Test data for the wishlist, compare and chat tests: catalogue products, listings, external offers, reviews. */
export async function storeIdOf(db: Db, sellerId: number): Promise<number> {
  const [store] = await db.select({ id: stores.id }).from(stores).where(eq(stores.sellerId, sellerId));
  return store!.id;
}

/**
 * A catalogue product for the tests: with `storeId`, one of that store's listings (with a product of its own, or of
 * `productId`); without, a product no store of ours sells (shown once an offer attaches). `price` in paisa.
 */
export async function insertProduct(
  db: Db,
  values: {
    storeId: number | null;
    name: string;
    price: number;
    brand?: string;
    ramGb?: number;
    storageGb?: number;
    productId?: number;
  },
): Promise<{ productId: number; listingId: number | null }> {
  const fields = {
    name: values.name,
    brand: values.brand ?? 'Samsung',
    category: 'mobile' as const,
    description: 'A test product',
    image: '/img/test.png',
    ramGb: values.ramGb ?? 8,
    storageGb: values.storageGb ?? 128,
  };
  if (values.storeId === null) return { productId: await insertCatalogueProduct(db, fields), listingId: null };
  const { productId, listingId } = await insertListing(db, {
    ...fields,
    storeId: values.storeId,
    productId: values.productId,
    price: values.price,
    quantity: 5,
  });
  return { productId, listingId };
}

export async function insertOffer(
  db: Db,
  values: { productId: number; storeName: string; price: number; available?: boolean; inStock?: boolean },
): Promise<number> {
  const slug = values.storeName.toLowerCase().replace(/\W+/g, '-');
  const [store] = await db
    .insert(externalStores)
    .values({ name: values.storeName, slug })
    .onConflictDoUpdate({ target: externalStores.name, set: { slug } })
    .returning({ id: externalStores.id });
  const [row] = await db
    .insert(offers)
    .values({
      externalStoreId: store!.id,
      productId: values.productId,
      storeItemId: `${slug}-${values.productId}-${values.price}`,
      url: `https://${slug}.example/item`,
      name: `Offer at ${values.storeName}`,
      price: values.price,
      available: values.available ?? true,
      inStock: values.inStock ?? true,
    })
    .returning({ id: offers.id });
  return row!.id;
}

export async function insertReview(db: Db, target: { productId?: number; offerId?: number }, sentimentScore: number) {
  await db.insert(reviews).values({ ...target, text: 'review', sentimentScore });
}
