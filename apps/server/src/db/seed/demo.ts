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
import { allSkus } from './catalogue';
import { datePlannedProducts, insertListings } from './products';
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
 * The demo shop: sellers and their stores, ~165 catalogue products with generated images, ~340 listings of our
 * sellers (many models listed by two to four of them, each in its own wording, grouped by the production matching),
 * three comparison stores with offers and 90 days of prices, customers with a year of orders and reviews, campaigns,
 * blogs and complaints. All in one transaction: a failed seed leaves an empty database that the next start seeds
 * again.
 */
export async function seedDemo(ctx: AppContext): Promise<void> {
  const now = ctx.now();
  const rng = new Prng(DEMO_SEED);
  const hashes = await hashDemoPasswords();
  const skus = allSkus();
  await ctx.db.transaction(async (tx) => {
    const people = await insertPeople(tx, hashes, now);
    const catalogue = await insertListings(tx, rng, people.stores, now);
    const offeredAs = await insertExternal(tx, rng, skus, catalogue.externalOnly, now);
    // One product per model: its listings' product, or the one its offers made.
    const productOf = new Map(offeredAs);
    for (const l of catalogue.listings) productOf.set(l.sku.key, l.productId);
    await datePlannedProducts(
      tx,
      [...productOf].map(([key, productId]) => ({ productId, views: catalogue.views.get(key) ?? 0 })),
    );
    const listings = catalogue.listings;
    const campaigns = planCampaigns(rng, listings, now);
    await insertCampaigns(tx, campaigns, people.stores[0]!.id, now);
    const orders = await insertOrders(tx, rng, planOrders(rng, now, people, listings, campaigns), now);
    const demoCustomerId = people.customers[0]!.id;
    await insertComplaints(
      tx,
      orders.filter((o) => o.customerId === demoCustomerId),
      now,
    );
    await insertBlogs(tx, people.stores, now);
  });
  await writeProductImages(
    ctx.config.dataDir,
    skus.map((s) => ({ slug: s.slug, name: s.name, brand: s.family.brand, category: s.family.category })),
  );
  await rebuildSearchTerms(ctx.db);
}
