import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';

/**
 * The GTINs a catalogue product answers to (decision 023): its own (`products.gtin`, stored as 14 digits) and the
 * others an operator gave it or a merge left it (`product_aliases` of kind 'gtin'), which matching honours. A GTIN
 * belongs to one product: a second is refused (merge them instead).
 */

/** SQL for an `in`: the product a GTIN alias `gtin` (text SQL) answers to, if any. */
export const gtinAliasProductSql = (gtin: SQL) =>
  sql`(select product_id from product_aliases where kind = 'gtin' and value = ${gtin})`;

/** Product `productId`'s GTINs besides its own, in order. */
export async function extraGtins(db: Db, productId: number): Promise<string[]> {
  const rows = await queryRows<{ value: string }>(
    db,
    sql`select value from product_aliases where product_id = ${productId} and kind = 'gtin' order by value`,
  );
  return rows.map((r) => r.value);
}

/** Product `productId` answers to exactly `gtins` besides its own. */
export async function replaceExtraGtins(tx: Db, productId: number, gtins: string[]): Promise<void> {
  await tx.execute(sql`delete from product_aliases where product_id = ${productId} and kind = 'gtin'`);
  if (gtins.length === 0) return;
  await tx.execute(sql`insert into product_aliases (kind, value, product_id)
      select 'gtin', value, ${productId} from json_array_elements_text(${JSON.stringify(gtins)}::json)`);
}

/** Whether any product answers to `gtin`, as its own (leading zeros aside) or as an alias. */
export async function gtinTaken(tx: Db, gtin: string): Promise<boolean> {
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`select id from products where ltrim(gtin, '0') = ltrim(${gtin}::text, '0')
        union all select product_id from product_aliases where kind = 'gtin' and value = ${gtin} limit 1`,
  );
  return taken !== undefined;
}

/** The first of `gtins` another product than `productId` answers to, with that product; undefined when none. */
export async function gtinOfAnotherProduct(
  tx: Db,
  productId: number,
  gtins: string[],
): Promise<{ gtin: string; id: number; name: string } | undefined> {
  if (gtins.length === 0) return undefined;
  const [taken] = await queryRows<{ gtin: string; id: number; name: string }>(
    tx,
    sql`with g as (select value from json_array_elements_text(${JSON.stringify(gtins)}::json))
        select g.value as gtin, p.id, p.name from g join products p on ltrim(p.gtin, '0') = ltrim(g.value, '0')
        where p.id <> ${productId}
        union all
        select g.value, p.id, p.name from g join product_aliases a on a.kind = 'gtin' and a.value = g.value
          join products p on p.id = a.product_id
        where p.id <> ${productId}
        limit 1`,
  );
  return taken;
}
