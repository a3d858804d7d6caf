import { eq } from 'drizzle-orm';
import type { TestApp } from '../../testing/test-app';
import { createSeller, type TestSeller } from '../../testing/factories';
import { products, stores } from '../../db/schema';

/** Shared by the shopping modules' API tests: sellers with stock, and a short way to call the API. */

export interface SellerWithStore extends TestSeller {
  storeId: number;
}

export async function createSellerWithStore(t: TestApp): Promise<SellerWithStore> {
  const seller = await createSeller(t);
  const [store] = await t.ctx.db.select({ id: stores.id }).from(stores).where(eq(stores.sellerId, seller.id));
  return { ...seller, storeId: store!.id };
}

let productCounter = 0;

/** A listed product; `price` in paisa. */
export async function addProduct(
  t: TestApp,
  storeId: number | null,
  over: Partial<{ name: string; price: number; quantity: number; stock: 'instock' | 'outofstock' }> = {},
): Promise<number> {
  productCounter += 1;
  const [row] = await t.ctx.db
    .insert(products)
    .values({
      storeId,
      name: over.name ?? `Test Phone ${productCounter}`,
      brand: 'Testbrand',
      category: 'mobile',
      price: over.price ?? 10_000_00,
      quantity: over.quantity ?? 10,
      stock: over.stock ?? 'instock',
    })
    .returning({ id: products.id });
  return row!.id;
}

export async function productState(t: TestApp, id: number) {
  const [row] = await t.ctx.db
    .select({ quantity: products.quantity, unitsSold: products.unitsSold, stock: products.stock })
    .from(products)
    .where(eq(products.id, id));
  return row!;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export function caller(t: TestApp) {
  return (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload !== undefined ? { payload: payload as object } : {}),
    });
}

export const ADDRESS = '12 Mall Road, Lahore';
