import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { queryRows } from '../client';
import { products } from '../schema';
import { rebuildSearchTerms } from '../../modules/catalog/search-terms';
import { refreshStatistics } from '../maintenance';
import { slugify } from '../../modules/auth/service';
import { BATCH_ROWS, insertRows } from './batch';
import { ean13, shopPrice } from './catalogue';
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

/**
 * Adds `count` generated products spread over every store, for benchmarks: 1,000 rows per INSERT, a commit every
 * 10,000, and the search dictionary rebuilt once at the end (not per batch).
 */
export async function seedBulkProducts(
  ctx: AppContext,
  count: number,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<void> {
  const storeRows = await queryRows<{ id: number }>(ctx.db, sql`select id from stores order by id`);
  if (storeRows.length === 0) throw new Error('no stores: seed the demo shop first');
  const [{ n: existing } = { n: 0 }] = await queryRows<{ n: number }>(
    ctx.db,
    sql`select count(*)::int as n from products`,
  );
  // A different stream per run size and starting point: re-running adds more products, not the same ones again.
  const rng = new Prng(0x5eed ^ existing ^ count);
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

  const perTransaction = BATCH_ROWS * 10;
  for (let done = 0; done < count;) {
    const target = Math.min(count, done + perTransaction);
    await ctx.db.transaction(async (tx) => {
      while (done < target) {
        const size = Math.min(BATCH_ROWS, target - done);
        const rows = Array.from({ length: size }, () => {
          const family = rng.pick(FAMILIES);
          const item = generated(rng, family);
          const quantity = rng.chance(0.05) ? 0 : rng.int(1, 60);
          const createdAt = daysAgo(now, rng.int(0, 700), rng.int(0, 23));
          const image = demoImageUrl(familyImageSlug(family));
          return {
            ...item,
            storeId: rng.pick(storeRows).id,
            quantity,
            stock: quantity === 0 ? ('outofstock' as const) : ('instock' as const),
            image,
            thumbnail: image,
            gtin: rng.chance(0.8) ? ean13(`${item.name}#${rng.int(0, 1e9)}`) : null,
            views: Math.floor(5000 * rng.next() ** 3),
            createdAt,
            updatedAt: createdAt,
          };
        });
        await insertRows(tx, products, rows);
        done += size;
      }
    });
    onProgress(done, count);
  }
  await rebuildSearchTerms(ctx.db);
  await refreshStatistics(ctx.database);
}
