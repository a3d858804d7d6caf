import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { runDataMigrationOnce } from '../../db/data-migrations';
import { catalogueIdentity } from './catalogue';
import { normalizeBrand, normalizeGtinForMatch, ramCompatible, searchAliases } from './matching';

const NAME = '0005-group-catalogue';

interface Row {
  id: number;
  name: string;
  brand: string;
  gtin: string | null;
  ramGb: number;
  storageGb: number;
}

/**
 * Runs once, right after migration 0005 turned every seller's product into a listing with a catalogue product of
 * its own: gives each product its match key and search aliases, then merges the products that are one thing (same
 * GTIN, or same brand + model + specs), keeping the oldest id and a redirect for the others. Once only, so that a
 * match corrected by hand later is never undone at the next start.
 */
export async function groupCatalogueOnce(db: Db): Promise<{ merged: number }> {
  return runDataMigrationOnce(db, NAME, { merged: 0 }, async (tx) => {
    const rows = await queryRows<Row>(
      tx,
      sql`select id, name, brand, gtin, ram_gb as "ramGb", storage_gb as "storageGb" from products order by id`,
    );
    const keys = rows.map((r) => ({ ...r, identity: catalogueIdentity(r) }));
    if (keys.length > 0) {
      const values = keys.map((k) => ({ id: k.id, key: k.identity.key, aliases: searchAliases(k.name, k.brand) }));
      await tx.execute(sql`update products p set match_key = v.key, aliases = v.aliases
          from json_to_recordset(${JSON.stringify(values)}::json) as v(id int, key text, aliases text)
          where p.id = v.id`);
    }
    const groups = groupSameThings(
      keys.map((k) => ({ ...k, key: k.identity.key, ramGb: k.ramGb || k.identity.ramGb })),
    );
    let merged = 0;
    for (const group of groups) {
      const keep = group[0]!;
      await tx.execute(sql`update products set name = ${bestName(group)} where id = ${keep.id}`);
      for (const gone of group.slice(1)) {
        await tx.execute(sql`select merge_products(${keep.id}::int, ${gone.id}::int)`);
        merged++;
      }
    }
    return { merged };
  });
}

type Keyed = Row & { key: string };

/** Groups of two or more rows that are one thing, each ordered by id: GTIN decides when both have one. */
export function groupSameThings(rows: Keyed[]): Keyed[][] {
  const parent = new Map<number, number>(rows.map((r) => [r.id, r.id]));
  const find = (id: number): number => {
    let root = id;
    while (parent.get(root) !== root) root = parent.get(root)!;
    parent.set(id, root);
    return root;
  };
  const union = (a: number, b: number) => {
    const [ra, rb] = [find(a), find(b)];
    if (ra !== rb) parent.set(Math.max(ra, rb), Math.min(ra, rb));
  };
  const byGtin = new Map<string, Keyed>();
  const byKey = new Map<string, Keyed[]>();
  for (const r of rows) {
    const gtin = normalizeGtinForMatch(r.gtin);
    if (gtin) {
      const first = byGtin.get(gtin);
      if (first) union(first.id, r.id);
      else byGtin.set(gtin, r);
    }
    const list = byKey.get(r.key) ?? [];
    list.push(r);
    byKey.set(r.key, list);
  }
  for (const list of byKey.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = 0; j < i; j++) {
        const [a, b] = [list[j]!, list[i]!];
        const [ga, gb] = [normalizeGtinForMatch(a.gtin), normalizeGtinForMatch(b.gtin)];
        if (ga && gb && ga !== gb) continue;
        if (!ramCompatible(a.ramGb, b.ramGb)) continue;
        union(a.id, b.id);
        break;
      }
    }
  }
  const groups = new Map<number, Keyed[]>();
  for (const r of rows) {
    const root = find(r.id);
    groups.set(root, [...(groups.get(root) ?? []), r]);
  }
  return [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort((a, b) => a.id - b.id));
}

/** The name a shopper reads best: it starts with the brand, has no brackets or shop words, and is short. */
export function bestName(group: { name: string; brand: string }[]): string {
  const score = (r: { name: string; brand: string }) => {
    const lower = r.name.toLowerCase();
    const brand = normalizeBrand(r.brand);
    return (
      (brand && lower.replace(/[^a-z0-9]/g, '').startsWith(brand) ? 0 : 1000) +
      (/[()[\]|,]/.test(r.name) ? 100 : 0) +
      (/\b(pta|approved|warranty|box|packed)\b/i.test(r.name) ? 100 : 0) +
      r.name.length
    );
  };
  return [...group].sort((a, b) => score(a) - score(b))[0]!.name;
}
