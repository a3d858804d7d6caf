import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { cached } from './cache';
import { visibleProduct } from './repository';

export interface BrandCount {
  name: string;
  productCount: number;
}

/** Every visible brand with its product count, most products first (cached like search results). */
export function brandCounts(db: Db): Promise<BrandCount[]> {
  return cached('brands', async () => {
    const rows = await queryRows<{ brand: string; n: number }>(
      db,
      sql`select p.brand, count(*)::int as n from products p where ${visibleProduct('p')}
          group by p.brand order by n desc, p.brand`,
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
