import { and, desc, eq } from 'drizzle-orm';
import { messages } from '@pricehub/shared/messages';
import { rupeesToPaisa } from '@pricehub/shared/rules/money';
import type { Product, ProductInput, ProductUpdate } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { products } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { invalidateCatalogCache } from './cache';
import { loadProducts } from './repository';
import { addSearchTerms } from './search-terms';

/** A product of this store, or 404 when it does not exist and 403 when another store owns it. */
async function ownedProduct(ctx: AppContext, storeId: number, productId: number) {
  const [row] = await ctx.db
    .select({ id: products.id, storeId: products.storeId })
    .from(products)
    .where(eq(products.id, productId));
  if (!row) throw notFound(messages.product.notFound);
  if (row.storeId !== storeId) throw forbidden(messages.product.notYours);
  return row;
}

const stockFor = (quantity: number, requested?: 'instock' | 'outofstock') =>
  quantity === 0 ? 'outofstock' : (requested ?? 'instock');

export async function listSellerProducts(ctx: AppContext, storeId: number): Promise<Product[]> {
  const rows = await ctx.db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.storeId, storeId))
    .orderBy(desc(products.createdAt), desc(products.id));
  return loadProducts(
    ctx.db,
    rows.map((r) => r.id),
    ctx.now(),
  );
}

export async function createProduct(ctx: AppContext, storeId: number, input: ProductInput): Promise<Product> {
  const [row] = await ctx.db
    .insert(products)
    .values({
      storeId,
      name: input.name,
      brand: input.brand,
      category: input.category,
      description: input.description,
      ramGb: input.ram,
      storageGb: input.storage,
      price: rupeesToPaisa(input.price),
      quantity: input.quantity,
      stock: stockFor(input.quantity, input.stock),
      image: input.image,
      thumbnail: thumbnailFor(input.image),
    })
    .returning({ id: products.id });
  await afterChange(ctx, input);
  const [product] = await loadProducts(ctx.db, [row!.id], ctx.now());
  return product!;
}

export async function updateProduct(
  ctx: AppContext,
  storeId: number,
  productId: number,
  input: ProductUpdate,
): Promise<Product> {
  await ownedProduct(ctx, storeId, productId);
  await ctx.db
    .update(products)
    .set({
      name: input.name,
      brand: input.brand,
      category: input.category,
      description: input.description,
      ramGb: input.ram,
      storageGb: input.storage,
      price: rupeesToPaisa(input.price),
      quantity: input.quantity,
      stock: stockFor(input.quantity, input.stock),
      image: input.image,
      thumbnail: thumbnailFor(input.image),
      updatedAt: ctx.now(),
    })
    .where(and(eq(products.id, productId), eq(products.storeId, storeId)));
  await afterChange(ctx, input);
  const [product] = await loadProducts(ctx.db, [productId], ctx.now());
  return product!;
}

export async function deleteProduct(ctx: AppContext, storeId: number, productId: number): Promise<void> {
  await ownedProduct(ctx, storeId, productId);
  await ctx.db.delete(products).where(and(eq(products.id, productId), eq(products.storeId, storeId)));
  await afterChange(ctx);
}

/** Uploads are stored as `<name>.webp` with a `<name>-thumb.webp` beside them (modules/media). */
function thumbnailFor(image: string): string {
  return /^\/uploads\/[a-z0-9-]+\.webp$/.test(image) ? image.replace(/\.webp$/, '-thumb.webp') : image;
}

async function afterChange(ctx: AppContext, words?: { name: string; brand: string }): Promise<void> {
  if (words) await addSearchTerms(ctx.db, words);
  invalidateCatalogCache();
}
