import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../client';
import { products } from '../schema';
import { catalogueIdentity } from '../../modules/catalog/catalogue';
import { searchAliases } from '../../modules/catalog/matching';
import { rebuildSearchTerms } from '../../modules/catalog/search-terms';
import { refreshStatistics } from '../maintenance';
import { slugify } from '@pricehub/shared/rules/slug';
import { PRICE_FILTER_STEP } from '@pricehub/shared/rules/money';
import { allocateIds } from './batch';
import { openBulkWriter, type BulkBatch } from './bulk-writer';
import { shopPrice } from './catalogue';
import { demoImageUrl, writeProductImages } from './images';
import { FAMILIES, productName, storageLabel, type Family } from './models';
import { Prng } from './prng';
import { daysAgo } from './time';

const PHONE_RAM = [3, 4, 6, 8, 12, 16];
const COMPUTER_RAM = [8, 16, 32, 64];
const STORAGE = [64, 128, 256, 512, 1024, 2048];
/** Processors a shop would pair with a device of each kind, so a gaming laptop never gets a Core i3. */
const CPU_TIERS = {
  thinLaptop: ['Core i3-1315U', 'Core i5-1335U', 'Core i5-1235U', 'Core i7-1355U', 'Core 5 120U', 'Core Ultra 5'],
  gamingLaptop: ['Core i5-13420H', 'Core i5-13450HX', 'Core i7-13650HX', 'Core i7-14650HX', 'Core i9-14900HX'],
  ryzenLaptop: ['Ryzen 5 7535HS', 'Ryzen 7 7840HS', 'Ryzen 7 8845HS', 'Ryzen 9 7945HX'],
  arm: ['Snapdragon X Plus', 'Snapdragon X Elite'],
  desktop: ['Core i3-13100', 'Core i5-12400', 'Core i5-13400', 'Core i5-13500', 'Core i7-12700', 'Core i7-13700'],
  ryzenDesktop: ['Ryzen 5 5600G', 'Ryzen 7 5700G', 'Ryzen 7 7700', 'Ryzen 9 7900'],
} as const;

function cpuTier(cpu: string, family: Family): readonly string[] {
  const { category } = family;
  if (category === 'laptop' && family.features.includes('RTX')) return CPU_TIERS.gamingLaptop;
  if (cpu.startsWith('Snapdragon')) return CPU_TIERS.arm;
  if (cpu.startsWith('Ryzen')) return category === 'computer' ? CPU_TIERS.ryzenDesktop : CPU_TIERS.ryzenLaptop;
  if (/\dHX?$/.test(cpu)) return CPU_TIERS.gamingLaptop;
  if (/\d[UP]$|Ultra/.test(cpu)) return CPU_TIERS.thinLaptop;
  return category === 'computer' ? CPU_TIERS.desktop : CPU_TIERS.thinLaptop;
}
const EDITIONS: Record<Category, readonly string[]> = {
  mobile: ['', '', 'Black', 'Blue', 'Green', 'Silver', 'Titanium Grey', 'Purple', 'PTA Approved', '5G'],
  laptop: ['', '', '(2024)', '(2025)', 'Silver', 'Grey', 'Windows 11 Pro', 'Backlit Keyboard'],
  computer: ['', '', '(2024)', 'with 24-inch Monitor', 'Windows 11 Pro', 'Wi-Fi 6'],
};
const WARRANTIES = ['1-year official warranty.', 'Box packed, 1-year local warranty.', 'Brand warranty included.'];

/** From one step below `base` in `steps` to `up` steps above it: configurations shops really sell. */
function near(rng: Prng, steps: readonly number[], base: number, up: number): number {
  const i = Math.max(
    0,
    steps.findIndex((v) => v >= base),
  );
  return steps[Math.min(steps.length - 1, Math.max(0, i + rng.int(-1, up)))]!;
}

/** A plausible product from the demo families with another configuration: combinatorial but realistic. */
function generated(rng: Prng, family: Family) {
  const category = family.category;
  const [baseRam, baseStorage, baseRs, baseCpu] = rng.pick(family.variants);
  const ram = near(rng, category === 'mobile' ? PHONE_RAM : COMPUTER_RAM, baseRam, 2);
  const storage = near(rng, category === 'mobile' ? STORAGE.slice(0, 5) : STORAGE.slice(2), baseStorage, 1);
  const cpu = baseCpu ? (rng.chance(0.4) ? baseCpu : rng.pick(cpuTier(baseCpu, family))) : undefined;
  const edition = rng.pick(EDITIONS[category]);
  const name = [productName(family, [ram, storage, 0, cpu]), edition].filter(Boolean).join(' ');
  // Price scales with memory, about a tenth per doubling, with shop-to-shop spread.
  const factor = (Math.log2(ram / baseRam) + Math.log2(storage / baseStorage)) * 0.1 + 1;
  const price = shopPrice(baseRs * 100 * Math.max(0.6, factor) * (0.92 + rng.next() * 0.16));
  const memory = `${ram}GB RAM, ${storageLabel(storage)} ${category === 'mobile' ? 'storage' : 'SSD'}`;
  return {
    name,
    brand: family.brand,
    category,
    description: `${name}. ${family.features}. ${cpu ? `${cpu} processor, ` : ''}${memory}. ${rng.pick(WARRANTIES)}`,
    ramGb: ram,
    storageGb: storage,
    price,
  };
}

/** The image of the family's first model (the demo seed draws it too), so bulk products never need 100k files. */
const familyImageSlug = (family: Family) => slugify(productName(family, family.variants[0]!));

/** A valid EAN-13 in the in-store range (prefix 2), unique per product id: generated products never share one. */
function bulkGtin(id: number): string {
  const body = `2${String(id).padStart(11, '0').slice(-11)}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

const LETTERS = 'ABCDEFGHJKLMNPRSTUVWXYZ';
/**
 * A shop's part number ("(KX-417)"), told apart only when a generated configuration is already in the catalogue:
 * real catalogues hold many part numbers of one model line, and a catalogue product is one thing, so no two
 * generated products may be the same thing. The pool grows with the run, so 5,000,000 products still fit.
 */
function partNumber(rng: Prng, pool: number): string {
  const n = rng.int(0, pool - 1);
  return `${LETTERS[n % LETTERS.length]}${LETTERS[Math.floor(n / LETTERS.length) % LETTERS.length]}-${100 + Math.floor(n / LETTERS.length ** 2)}`;
}

/** How many of our sellers list a generated product: one to five, fewer more often. */
const SELLER_COUNTS = [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 5, 5];
/** Share of generated products that other stores sell too. */
const EXTERNAL_SHARE = 0.35;
const COLOURS = ['Black', 'Silver', 'Grey', 'Blue'];

/** A seller's own title for a generated product: the catalogue's wording, or shop extras around it. */
function listingName(rng: Prng, name: string, brand: string, category: Category): string {
  switch (rng.int(0, 3)) {
    case 0:
      return name;
    case 1:
      return `${name.startsWith(`${brand} `) ? name.slice(brand.length + 1) : name} - Official Warranty`;
    case 2:
      return `${name} ${rng.pick(COLOURS)}`;
    default:
      return `${name} ${category === 'mobile' ? 'PTA Approved' : 'Box Packed'}`;
  }
}

export interface BulkProgress {
  /** After each batch is written: products written so far, of `total`. */
  products?(done: number, total: number): void;
  /** The steps after the rows are in, which show no count. */
  step?(what: string): void;
}

/** Products per batch: one COPY (or INSERT) per table each, written while the next batch is generated. */
const BATCH_PRODUCTS = 5000;
/** Products generated between two turns of the event loop, so the connection keeps sending the previous batch. */
const PLAN_SLICE = 500;

/** Ids drawn from the sequence at a time: about two batches' worth. */
const ID_BLOCK = 25_000;

/**
 * Hands out ids of the products' sequence (which listings share), drawn a block ahead of need on the pool, so a
 * batch never waits for a round trip behind the rows being written. Ids left over at the end are a gap, as a
 * rolled-back insert leaves.
 */
function idReservoir(db: Db, block: number): (count: number) => Promise<number[]> {
  let ready: number[] = [];
  let refill: Promise<number[]> | undefined;
  const prefetch = () => {
    if (!refill) {
      refill = allocateIds(db, products, block);
      // Awaited by the next take; until then a failure must not count as unhandled.
      refill.catch(() => {});
    }
    return refill;
  };
  return async (count) => {
    while (ready.length < count) {
      const more = await prefetch();
      refill = undefined;
      ready = ready.concat(more);
    }
    const taken = ready.slice(0, count);
    ready = ready.slice(count);
    if (ready.length < block) void prefetch();
    return taken;
  };
}

/**
 * What refresh_products (migration 0005) would work out for a new product from its listings (all in open stores)
 * and offers (all available): the lowest price a shopper can pay now (in stock first), how many stores offer it,
 * whether any has it in stock. The seed writes these with the rows instead of having triggers recompute them.
 */
function summary(offerRows: readonly { price: number; inStock: boolean }[]) {
  const inStock = offerRows.filter((o) => o.inStock);
  return {
    lowestPrice: Math.min(...(inStock.length > 0 ? inStock : offerRows).map((o) => o.price)),
    offerCount: offerRows.length,
    inStock: inStock.length > 0,
    visible: offerRows.length > 0,
  };
}

/**
 * Adds `count` generated catalogue products, each listed by one to five of our sellers (distinct open stores, each
 * at its own price) and a third of them also offered by the comparison stores, for benchmarks.
 * Generated products are distinct catalogue products (no two with the same match key and RAM), as matching
 * would keep them; they go in directly, with the match key and search aliases matching computes, for speed.
 * A million products must take minutes, not a quarter of an hour: rows go in 5,000 products at a time (COPY on
 * PostgreSQL, see bulk-writer.ts), each product with the summary its listings and offers give it and the facet
 * counts added per batch, so the per-statement triggers have nothing left to do and are skipped; the next batch is
 * generated while the database writes the last one; the search dictionary is rebuilt once at the end.
 */
export async function seedBulkProducts(ctx: AppContext, count: number, progress: BulkProgress = {}): Promise<void> {
  const storeRows = await queryRows<{ id: number }>(
    ctx.db,
    sql`select id from stores where status = 'open' order by id`,
  );
  if (storeRows.length === 0) throw new Error('no open stores: seed the demo shop first');
  const externalRows = await queryRows<{ id: number; slug: string; name: string }>(
    ctx.db,
    sql`select id, slug, name from external_stores order by id`,
  );
  const identities = new Set(
    (
      await queryRows<{ key: string; ram: number }>(
        ctx.db,
        sql`select match_key as key, ram_gb as ram from products where match_key is not null`,
      )
    ).map((r) => `${r.key}#${r.ram}`),
  );
  const existing = identities.size;
  // A different stream per run size and starting point: re-running adds more products, not the same ones again.
  const rng = new Prng(0x5eed ^ existing ^ count);
  const pool = Math.max(500, Math.ceil((existing + count) / 20));
  const now = ctx.now();
  await writeProductImages(
    ctx.config.dataDir,
    FAMILIES.map((f) => ({
      slug: familyImageSlug(f),
      name: productName(f, f.variants[0]!),
      brand: f.brand,
      category: f.category,
    })),
  );

  // The generator has some 20,000 configurations without a part number, drawn again and again: their match keys
  // are worked out once (matching's identify is most of the cost of a generated product).
  const plainKeys = new Map<string, string>();
  /** A generated product no product of the catalogue (or of this run) already is. */
  const distinctProduct = () => {
    for (let attempt = 0; ; attempt++) {
      const family = rng.pick(FAMILIES);
      const item = generated(rng, family);
      const plain = attempt < 3;
      const name = plain ? item.name : `${item.name} (${partNumber(rng, pool)})`;
      const memo = `${item.brand}#${name}#${item.ramGb}#${item.storageGb}`;
      let matchKey = plain ? plainKeys.get(memo) : undefined;
      if (matchKey === undefined) {
        matchKey = catalogueIdentity({ ...item, name }).key;
        if (plain) plainKeys.set(memo, matchKey);
      }
      const key = `${matchKey}#${item.ramGb}`;
      if (identities.has(key)) continue;
      identities.add(key);
      return { family, item: { ...item, name }, matchKey };
    }
  };

  const plan = async (size: number) => {
    const planned = [];
    for (let start = 0; start < size; start += PLAN_SLICE) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      for (let i = start; i < Math.min(size, start + PLAN_SLICE); i++) {
        const { family, item, matchKey } = distinctProduct();
        const sellers = rng.sample(storeRows, rng.pick(SELLER_COUNTS));
        const externals = rng.chance(EXTERNAL_SHARE) ? rng.sample(externalRows, rng.int(1, 3)) : [];
        planned.push({
          family,
          item,
          matchKey,
          sellers,
          externals,
          createdAt: daysAgo(now, rng.int(0, 700), rng.int(0, 23)),
        });
      }
    }
    return planned;
  };

  const build = (planned: Awaited<ReturnType<typeof plan>>, ids: number[]): BulkBatch => {
    let next = 0;
    const batch: BulkBatch = { products: [], listings: [], offers: [], facets: new Map() };
    for (const p of planned) {
      const productId = ids[next]!;
      const image = demoImageUrl(familyImageSlug(p.family));
      const gtin = rng.chance(0.8) ? bulkGtin(productId) : null;
      const productListings = p.sellers.map((store, i) => {
        const quantity = rng.chance(0.05) ? 0 : rng.int(1, 60);
        // The first seller's gtin made the product; the others typed it in or left it out.
        const listingGtin = i === 0 || rng.chance(0.5) ? gtin : null;
        return {
          id: ids[next++]!,
          productId,
          storeId: store.id,
          name: i === 0 ? p.item.name : listingName(rng, p.item.name, p.item.brand, p.item.category),
          brand: p.item.brand,
          category: p.item.category,
          description: p.item.description,
          ramGb: p.item.ramGb,
          storageGb: p.item.storageGb,
          price: i === 0 ? p.item.price : shopPrice(p.item.price * (0.95 + rng.next() * 0.11)),
          quantity,
          stock: quantity === 0 ? ('outofstock' as const) : ('instock' as const),
          image,
          thumbnail: image,
          gtin: listingGtin,
          matchedBy: i === 0 || !listingGtin ? 'name' : 'gtin',
          createdAt: p.createdAt,
          updatedAt: p.createdAt,
        };
      });
      const productOffers = p.externals.map((store) => {
        const inStock = !rng.chance(0.12);
        return {
          externalStoreId: store.id,
          productId,
          storeItemId: `BULK-${productId}`,
          url: `https://${store.slug}.example/products/bulk-${productId}.html`,
          name: `${p.item.name}${p.item.category === 'mobile' ? ' - PTA Approved' : ''}`,
          description: p.family.features,
          image,
          brand: p.item.brand,
          gtin: gtin && rng.chance(0.75) ? gtin : null,
          price: shopPrice(p.item.price * (0.88 + rng.next() * 0.22)),
          currency: 'PKR',
          inStock,
          available: true,
          matchedBy: gtin ? 'gtin' : 'name',
          lastCheckedAt: daysAgo(now, 0, rng.int(1, 6)),
          createdAt: p.createdAt,
        };
      });
      const card = summary([
        ...productListings.map((l) => ({ price: l.price, inStock: l.quantity > 0 && l.stock === 'instock' })),
        ...productOffers,
      ]);
      batch.products.push({
        id: productId,
        name: p.item.name,
        brand: p.item.brand,
        category: p.item.category,
        description: p.item.description,
        ramGb: p.item.ramGb,
        storageGb: p.item.storageGb,
        image,
        thumbnail: image,
        gtin,
        matchKey: p.matchKey,
        aliases: searchAliases(p.item.name, p.item.brand),
        views: Math.floor(5000 * rng.next() ** 3),
        ...card,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      });
      batch.listings.push(...productListings);
      batch.offers.push(...productOffers);
      if (card.visible) {
        const bucket = Math.floor(card.lowestPrice / PRICE_FILTER_STEP);
        const key = `${p.item.category}|${p.item.brand}|${p.item.ramGb}|${bucket}`;
        const facet = batch.facets.get(key);
        if (facet) facet.count++;
        else
          batch.facets.set(key, {
            category: p.item.category,
            brand: p.item.brand,
            ramGb: p.item.ramGb,
            bucket,
            count: 1,
          });
      }
    }
    return batch;
  };

  // A load larger than the catalogue it joins builds the indexes afterwards (a fresh database, the demo shop).
  const takeIds = idReservoir(ctx.db, Math.min(ID_BLOCK, count * 3));
  const writer = await openBulkWriter(ctx.database, {
    rebuildIndexes: count >= existing,
    onIndexing: () => progress.step?.('building indexes'),
  });
  let writing: Promise<void> = Promise.resolve();
  try {
    for (let done = 0; done < count;) {
      const size = Math.min(BATCH_PRODUCTS, count - done);
      const planned = await plan(size);
      // A product made for a seller's listing shares the first listing's id, as a seller's new product does.
      const ids = await takeIds(planned.reduce((n, p) => n + p.sellers.length, 0));
      const batch = build(planned, ids);
      await writing;
      done += size;
      const reached = done;
      writing = writer.write(batch).then(() => progress.products?.(reached, count));
    }
    await writing;
    await writer.finish();
    progress.step?.('rebuilding the search dictionary');
    await rebuildSearchTerms(writer.db);
    progress.step?.('updating planner statistics');
    await refreshStatistics({ ...ctx.database, db: writer.db });
  } finally {
    // A batch still being written when generation failed ends (or fails) before its connection closes.
    await writing.catch(() => {});
    await writer.close();
  }
}
