import { sql, type SQL } from 'drizzle-orm';
import { intArrayText, queryRows, type Db } from '../../db/client';
import { pgCode } from '../../db/errors';
import { listings } from '../../db/schema';

/**
 * A listing's shelf as orders change it (decision 023): checkout takes units off, a cancellation or a return puts
 * them back, and an order shows the catalogue product of each line. Each is a function or, where the orders'
 * statement must stay one round trip, SQL for it.
 *
 * Lock order: taking units off a listing also updates its catalogue product's summary (a trigger, when it sells
 * out), so every transaction that changes listings takes all its listing rows first, in listing id order, then the
 * catalogue products, in product id order; two checkouts (or a checkout and a cancellation) can then never wait on
 * each other in a circle. A change of one listing does that with its one update; a longer one locks its listings
 * first.
 */

/** A listing's units on the shelf and whether it is in stock. */
export type ListingShelf = Pick<typeof listings.$inferSelect, 'id' | 'quantity' | 'stock'>;

/** Units of one listing to take off or put back on its shelf. */
export interface ListingUnits {
  listingId: number;
  quantity: number;
}

/**
 * SQL for a `from` or `join` (alias it): every listing with its `id`, `product_id` (its catalogue product),
 * `store_id`, `name`, `image`, `brand`, `price`, `quantity` and `stock`. A plain subquery, which the planner pulls up
 * into the caller's join: checkout's first statement, an order's lines and the line a review names join it.
 */
export const listingsSql = sql`(select id, product_id, store_id, name, image, brand, price, quantity, stock
  from listings)`;

/**
 * SQL for a statement that locks listings `listingIds` (an int[]) FOR NO KEY UPDATE, in id order, until the
 * transaction ends, after `before`: a condition with no column of the statement, which PostgreSQL evaluates once,
 * first. Checkout passes its buyers' account locks, which every checkout takes before any listing.
 */
export const lockListingsSql = (listingIds: SQL, before: SQL) =>
  sql`select id from listings where id = any(${listingIds}) and ${before} order by id for no key update`;

/**
 * Locks these listings in id order and answers their catalogue products. FOR NO KEY UPDATE, the lock an UPDATE
 * takes: order lines written earlier in the same transactions hold KEY SHARE locks on them, which this does not wait
 * for.
 */
async function lockListings(
  tx: Db,
  listingIds: number[],
): Promise<Pick<typeof listings.$inferSelect, 'id' | 'productId' | 'quantity' | 'stock'>[]> {
  return queryRows(
    tx,
    sql`select id, product_id as "productId", quantity, stock from listings
        where id in (${sql.join(
          listingIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by id for no key update`,
  );
}

/**
 * `items` in the order a transaction that changes their listings updates them: by catalogue product, then by listing
 * id. With more than one listing it locks them all first (lockListings, in id order), since an update may also change
 * the product's summary; one listing needs no lock beforehand: its own update takes it.
 */
async function inListingLockOrder<T extends ListingUnits>(tx: Db, items: T[]): Promise<T[]> {
  const byListing = [...items].sort((a, b) => a.listingId - b.listingId);
  if (byListing.length < 2) return byListing;
  const locked = await lockListings(
    tx,
    byListing.map((item) => item.listingId),
  );
  const productOf = new Map(locked.map((l) => [l.id, l.productId]));
  const product = (item: T) => productOf.get(item.listingId) ?? 0;
  return byListing.sort((a, b) => product(a) - product(b) || a.listingId - b.listingId);
}

/** The SQLSTATE taking stock raises when a line is short (class PH: PriceHub's own). */
const SHORT_STOCK = 'PH409';

/** Whether a transaction failed because a listing was short (SHORT_STOCK, from takeStockSql or takeStock). */
export const isShortStock = (error: unknown): boolean => pgCode(error) === SHORT_STOCK;

/*
 * Taking the units off the shelf. The `quantity >= n` guard is what makes overselling impossible: PostgreSQL
 * re-checks it after waiting for a concurrent buyer's row lock.
 */

/**
 * What a listing's shelf held right after a checkout took from it, read in that checkout's transaction while it
 * held the row: the units still buyable, and when it was read (microseconds; reads of one listing are in the order
 * their checkouts took the row).
 */
export interface ShelfAfter {
  listingId: number;
  quantity: number;
  at: number;
}

const shelfAfterColumns = `id as "listingId", case when stock = 'instock' then quantity else 0 end as quantity,
  (extract(epoch from clock_timestamp()) * 1000000)::bigint::text as at`;
/** A row of shelfAfterColumns (`at` comes as text: a bigint). */
export type ShelfRow = { listingId: number; quantity: number; at: string };
const shelfAfter = (row: ShelfRow): ShelfAfter => ({
  listingId: row.listingId,
  quantity: row.quantity,
  at: Number(row.at),
});

const takeUnits = ({ listingId, quantity }: ListingUnits) =>
  sql`update listings set quantity = quantity - ${quantity}, units_sold = units_sold + ${quantity},
        stock = case when quantity = ${quantity} then 'outofstock'::stock_status else stock end, updated_at = now()
      where id = ${listingId} and quantity >= ${quantity} and stock = 'instock'
      returning ${sql.raw(shelfAfterColumns)}`;

/** An int[] literal written into SQL text (for the statements below that take no parameters). */
const intArray = (xs: number[]) => `'${intArrayText(xs)}'::int[]`;

/**
 * PostgreSQL: one statement that takes every line or fails with SHORT_STOCK (and the transaction with it), so that
 * checkout can send it with the COMMIT: a listing row is then locked only while the update runs and the commit is
 * flushed, not over a round trip as well. Ids and quantities are integers from the database, written into the text:
 * a DO block takes no parameters.
 */
export function takeStockSql(lines: ListingUnits[]): SQL {
  const byListing = [...lines].sort((a, b) => a.listingId - b.listingId);
  const ids = intArray(byListing.map((r) => r.listingId));
  const counts = intArray(byListing.map((r) => r.quantity));
  return sql.raw(`do $$
    declare line record;
    begin
      ${byListing.length > 1 ? `perform 1 from listings where id = any(${ids}) order by id for no key update;` : ''}
      for line in select c.id, c.n from unnest(${ids}, ${counts}) as c(id, n) left join listings l on l.id = c.id
                  order by l.product_id, c.id loop
        update listings set quantity = quantity - line.n, units_sold = units_sold + line.n,
               stock = case when quantity = line.n then 'outofstock'::stock_status else stock end, updated_at = now()
         where id = line.id and quantity >= line.n and stock = 'instock';
        if not found then
          raise exception 'listing % is short', line.id using errcode = '${SHORT_STOCK}';
        end if;
      end loop;
    end $$`);
}

/**
 * PGlite: the same with prepared statements (a DO block is compiled on every run, which costs PGlite 2 ms), inside
 * the caller's transaction; a short line fails with SHORT_STOCK too.
 */
export async function takeStock(tx: Db, lines: ListingUnits[]): Promise<ShelfAfter[]> {
  const shelves: ShelfAfter[] = [];
  for (const line of await inListingLockOrder(tx, lines)) {
    const [taken] = await queryRows<ShelfRow>(tx, takeUnits(line));
    if (!taken) throw Object.assign(new Error(`listing ${line.listingId} is short`), { code: SHORT_STOCK });
    shelves.push(shelfAfter(taken));
  }
  return shelves;
}

/**
 * PostgreSQL: takeStockSql's lines as the shelf holds them after it, read in the same transaction (their rows are
 * still held); sent after it, with the COMMIT.
 */
export function shelvesAfterSql(lines: ListingUnits[]): SQL {
  const ids = intArray(lines.map((l) => l.listingId));
  return sql.raw(`select ${shelfAfterColumns} from listings where id = any(${ids})`);
}

/** The rows of shelvesAfterSql's statement. */
export const shelvesAfterRows = (rows: ShelfRow[]): ShelfAfter[] => rows.map(shelfAfter);

/**
 * Puts these units back on their listings' shelves and takes them off units_sold (one entry per listing), inside
 * the caller's transaction, in the lock order above.
 */
export async function restockListings(tx: Db, lines: ListingUnits[]): Promise<void> {
  for (const line of await inListingLockOrder(tx, lines)) {
    await tx.execute(
      sql`update listings set quantity = quantity + ${line.quantity},
            units_sold = greatest(units_sold - ${line.quantity}, 0), updated_at = now(),
            stock = case when quantity = 0 then 'instock'::stock_status else stock end
          where id = ${line.listingId}`,
    );
  }
}

/** What the shelf holds now of these listings: read after a checkout failed to take them. */
export function listingShelves(db: Db, listingIds: number[]): Promise<ListingShelf[]> {
  return queryRows(
    db,
    sql`select id, quantity, stock from listings where id in (${sql.join(
      listingIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
