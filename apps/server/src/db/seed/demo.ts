import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows } from '../client';
import { rebuildSearchTerms } from '../../modules/catalog/search-terms';
import { hashDemoPasswords, insertPeople } from './accounts';
import { insertBlogs, insertCampaigns, planCampaigns } from './campaigns';
import { insertComplaints } from './complaints';
import { insertExternal } from './external';
import { writeProductImages } from './images';
import { insertOrders, planOrders } from './orders';
import { insertProducts } from './products';
import { Prng } from './prng';
import { refreshStatistics } from '../maintenance';

/** Every run draws the same numbers from this seed, so the demo shop is identical everywhere. */
export const DEMO_SEED = 20_240_601;

/** Seeds the demo shop on a database that has no accounts yet; returns whether it seeded. */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await queryRows<{ n: number }>(ctx.db, sql`select count(*)::int as n from accounts`);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(ctx);
  await refreshStatistics(ctx.database);
  return true;
}

/**
 * The demo shop: sellers and their stores, ~230 products with generated images, three comparison stores with
 * offers and 90 days of prices, customers with a year of orders and reviews, campaigns, blogs and complaints.
 * All in one transaction: a failed seed leaves an empty database that the next start seeds again.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const rng = new Prng(DEMO_SEED);
  const hashes = await hashDemoPasswords();
  const catalogue = await ctx.db.transaction(async (tx) => {
    const people = await insertPeople(tx, hashes, now);
    const catalogue = await insertProducts(tx, rng, people.stores, now);
    await insertExternal(tx, rng, catalogue, now);
    const campaigns = planCampaigns(rng, catalogue, now);
    await insertCampaigns(tx, campaigns, people.stores[0]!.id, now);
    const orders = await insertOrders(tx, rng, planOrders(rng, now, people, catalogue, campaigns), now);
    const demoCustomerId = people.customers[0]!.id;
    await insertComplaints(
      tx,
      orders.filter((o) => o.customerId === demoCustomerId),
      now,
    );
    await insertBlogs(tx, people.stores, now);
    return catalogue;
  });
  await writeProductImages(
    ctx.config.dataDir,
    catalogue.map((p) => ({ slug: p.sku.slug, name: p.name, brand: p.brand, category: p.category })),
  );
  await rebuildSearchTerms(ctx.db);
}
