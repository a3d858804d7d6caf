import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { cached } from '../../cache/catalogue-cache';

export interface BrandCount {
  name: string;
  productCount: number;
}

/** Every visible brand with its product count, most products first (cached like search results). */
export function brandCounts(db: Db): Promise<BrandCount[]> {
  return cached('brands', async () => {
    // From the facet counts (kept by triggers, visible products only): a few thousand rows, not every product.
    const rows = await queryRows<{ brand: string; n: number }>(
      db,
      sql`select brand, sum(count)::int as n from product_facet_counts where count > 0
          group by brand order by n desc, brand`,
    );
    return rows.map((r) => ({ name: r.brand, productCount: r.n }));
  });
}

/** lower-case brand → the spellings stored ("Apple", "APPLE"), so brand filters ignore case and use the index. */
export async function brandSpellings(db: Db): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  for (const { name } of await brandCounts(db)) {
    const key = name.toLowerCase();
    map.set(key, [...(map.get(key) ?? []), name]);
  }
  return map;
}
