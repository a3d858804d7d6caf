import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Words that name a category; the search treats them as a category filter, not as text. */
export const CATEGORY_WORDS: Record<string, 'mobile' | 'laptop' | 'computer'> = {
  mobile: 'mobile',
  mobiles: 'mobile',
  phone: 'mobile',
  phones: 'mobile',
  smartphone: 'mobile',
  smartphones: 'mobile',
  laptop: 'laptop',
  laptops: 'laptop',
  notebook: 'laptop',
  notebooks: 'laptop',
  computer: 'computer',
  computers: 'computer',
  desktop: 'computer',
  desktops: 'computer',
  pc: 'computer',
};

/**
 * Rebuilds the dictionary the typo correction and the suggestions run on: every distinct lower-case word of
 * catalogue product names and their aliases (kind 'name'), every brand (kind 'brand', also each word of a multi-word brand) and the
 * category words (kind 'category'). Weight is how many products carry the word, so corrections prefer common
 * words. Small (a few thousand rows for 100k products), so a full rebuild in one transaction is cheap.
 */
export async function rebuildSearchTerms(db: Db): Promise<void> {
  const categoryRows = Object.keys(CATEGORY_WORDS).map((word) => sql`(${word})`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from search_terms`);
    await tx.execute(sql`
      insert into search_terms (term, kind, weight)
      select distinct on (term) term, kind, weight from (
        select lower(brand) as term, 'brand' as kind, count(*)::int as weight, 0 as priority
          from products where brand <> '' group by lower(brand)
        union all
        select w as term, 'brand' as kind, count(*)::int, 1
          from products, regexp_split_to_table(lower(brand), '[^a-z0-9]+') as w
          where w <> '' and lower(brand) ~ '[^a-z0-9]' group by w
        union all
        select w as term, 'category' as kind, 1000000, 2
          from (values ${sql.join(categoryRows, sql`, `)}) as c(w)
        union all
        select w as term, 'name' as kind, count(*)::int, 3
          from products, regexp_split_to_table(lower(name || ' ' || aliases), '[^a-z0-9]+') as w
          where length(w) >= 2 group by w
      ) all_terms
      -- One row per word: a brand beats a category word beats a plain name word.
      order by term, priority
    `);
  });
}

/**
 * Adds one catalogue product's words (name, aliases, brand) to the dictionary (a seller's edit must be findable and
 * correctable at once) without the full rebuild. Words of removed products stay until the next rebuild: they only ever widen a correction.
 */
export async function addSearchTerms(
  db: Db,
  product: { name: string; brand: string; aliases?: string },
): Promise<void> {
  const brand = product.brand.trim().toLowerCase();
  const rows = [
    ...(brand ? [{ term: brand, kind: 'brand' }] : []),
    ...brand
      .split(/[^a-z0-9]+/)
      .filter((w) => w && w !== brand)
      .map((term) => ({ term, kind: 'brand' })),
    ...`${product.name} ${product.aliases ?? ''}`
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((w) => w.length >= 2)
      .map((term) => ({ term, kind: 'name' })),
  ];
  // One row per word (a brand word wins): ON CONFLICT may not touch the same row twice in one statement.
  const unique = new Map<string, string>();
  for (const r of rows) if (!unique.has(r.term)) unique.set(r.term, r.kind);
  if (unique.size === 0) return;
  await db.execute(sql`
    insert into search_terms (term, kind, weight)
    values ${sql.join(
      [...unique].map(([term, kind]) => sql`(${term}, ${kind}, 1)`),
      sql`, `,
    )}
    on conflict (term) do update set weight = search_terms.weight + 1,
      kind = case when excluded.kind = 'brand' and search_terms.kind = 'name' then 'brand' else search_terms.kind end
  `);
}
