import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows } from '../client';
import { listings, offers, products } from '../schema';
import { catalogueIdentity } from '../../modules/offers/catalogue';
import { searchAliases } from '../../modules/offers/matching';
import { rebuildSearchTerms } from '../../modules/catalog/search-terms';
import { refreshStatistics } from '../maintenance';
import { slugify } from '../../modules/auth/service';
import { allocateIds, BATCH_ROWS, insertRows } from './batch';
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

/**
 * Adds `count` generated catalogue products, each listed by one to five of our sellers (distinct open stores, each
 * at its own price) and a third of them also offered by the comparison stores, for benchmarks. Set-based: every
 * table is written 1,000 rows per INSERT (the triggers that keep products' prices, counts and facet counts run once
 * per statement), a commit every 10,000 products, and the search dictionary rebuilt once at the end.
 * Generated products are distinct catalogue products (no two with the same match key and RAM), as matching
 * would keep them; they go in directly, with the match key and search aliases matching computes, for speed.
 */
export async function seedBulkProducts(
  ctx: AppContext,
  count: number,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
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

  /** A generated product no product of the catalogue (or of this run) already is. */
  const distinctProduct = () => {
    for (let attempt = 0; ; attempt++) {
      const family = rng.pick(FAMILIES);
      const item = generated(rng, family);
      const name = attempt < 3 ? item.name : `${item.name} (${partNumber(rng, pool)})`;
      const identity = catalogueIdentity({ ...item, name });
      const key = `${identity.key}#${item.ramGb}`;
      if (identities.has(key)) continue;
      identities.add(key);
      return { family, item: { ...item, name }, matchKey: identity.key };
    }
  };

  const perTransaction = BATCH_ROWS * 10;
  for (let done = 0; done < count;) {
    const target = Math.min(count, done + perTransaction);
    await ctx.db.transaction(async (tx) => {
      while (done < target) {
        const size = Math.min(BATCH_ROWS, target - done);
        const planned = Array.from({ length: size }, () => {
          const { family, item, matchKey } = distinctProduct();
          const sellers = rng.sample(storeRows, rng.pick(SELLER_COUNTS));
          const externals = rng.chance(EXTERNAL_SHARE) ? rng.sample(externalRows, rng.int(1, 3)) : [];
          return {
            family,
            item,
            matchKey,
            sellers,
            externals,
            createdAt: daysAgo(now, rng.int(0, 700), rng.int(0, 23)),
          };
        });
        // A product made for a seller's listing shares the first listing's id, as a seller's new product does.
        const ids = await allocateIds(
          tx,
          products,
          planned.reduce((n, p) => n + p.sellers.length, 0),
        );
        let next = 0;
        const productRows: (typeof products.$inferInsert)[] = [];
        const listingRows: (typeof listings.$inferInsert)[] = [];
        const offerRows: (typeof offers.$inferInsert)[] = [];
        for (const p of planned) {
          const productId = ids[next]!;
          const image = demoImageUrl(familyImageSlug(p.family));
          const gtin = rng.chance(0.8) ? bulkGtin(productId) : null;
          productRows.push({
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
            createdAt: p.createdAt,
            updatedAt: p.createdAt,
          });
          p.sellers.forEach((store, i) => {
            const quantity = rng.chance(0.05) ? 0 : rng.int(1, 60);
            // The first seller's gtin made the product; the others typed it in or left it out.
            const listingGtin = i === 0 || rng.chance(0.5) ? gtin : null;
            listingRows.push({
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
            });
          });
          for (const store of p.externals) {
            const inStock = !rng.chance(0.12);
            offerRows.push({
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
            });
          }
        }
        await insertRows(tx, products, productRows);
        await insertRows(tx, listings, listingRows);
        await insertRows(tx, offers, offerRows);
        done += size;
      }
    });
    onProgress(done, count);
  }
  await rebuildSearchTerms(ctx.db);
  await refreshStatistics(ctx.database);
}
