import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows } from '../client';
import { registerCustomer, registerSeller } from '../../modules/auth/service';
import { DEMO_CUSTOMER, DEMO_SELLER } from './demo-accounts';

/** Seeds the demo shop on a database that has no accounts yet; returns whether it seeded. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from accounts`);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(ctx);
  return true;
}

export async function seedDemo(ctx: AppContext): Promise<void> {
  await registerCustomer(ctx, { ...DEMO_CUSTOMER, phone: '03001234567', address: '12 Mall Road, Lahore' });
  await registerSeller(ctx, {
    sellerName: DEMO_SELLER.name,
    storeName: DEMO_SELLER.storeName,
    email: DEMO_SELLER.email,
    password: DEMO_SELLER.password,
    phone: '03217654321',
    license: 'LIC-10001',
  });
}
