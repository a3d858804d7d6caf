import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { blogs } from '../../db/schema';
import { storeNameSql, storeSellerSql, type StoreSeller } from '../accounts/queries';

/**
 * What other modules may read or write of blog posts (decision 023): the operator's moderation lists every store's
 * posts, hides them and shows them again.
 */

type BlogColumns = typeof blogs.$inferSelect;

/** A post as the moderation list shows it, with its store's name and slug and the count of all that match. */
export type ModeratedBlogRow = Pick<BlogColumns, 'id' | 'title' | 'summary' | 'hiddenReason'> & {
  store: { name: string; slug: string };
  createdAt: Date | string;
  hiddenAt: Date | string | null;
  total: number;
};

/** Which posts the moderation list shows: by words of the title or the store's name, hidden or not, or one post. */
export interface BlogModerationFilter {
  /** Already escaped for `ilike`, with its `%`s. */
  like?: string;
  hidden?: boolean;
  id?: number;
}

const store = sql`b.store_id`;

function filtered(filter: BlogModerationFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.like !== undefined) {
    parts.push(sql`(b.title ilike ${filter.like} or ${storeNameSql(store)}->>'name' ilike ${filter.like})`);
  }
  if (filter.hidden === true) parts.push(sql`b.hidden_at is not null`);
  if (filter.hidden === false) parts.push(sql`b.hidden_at is null`);
  if (filter.id !== undefined) parts.push(sql`b.id = ${filter.id}`);
  return sql.join(parts, sql` and `);
}

/** One page of every store's posts matching `filter`, newest first. */
export function moderatedBlogs(
  db: Db,
  filter: BlogModerationFilter,
  page: { limit: number; offset: number },
): Promise<ModeratedBlogRow[]> {
  return queryRows<ModeratedBlogRow>(
    db,
    sql`select b.id, b.title, b.summary, ${storeNameSql(store)} as store, b.created_at as "createdAt",
               b.hidden_at as "hiddenAt", b.hidden_reason as "hiddenReason", count(*) over ()::int as total
        from blogs b
        where ${filtered(filter)}
        order by b.created_at desc, b.id desc
        limit ${page.limit} offset ${page.offset}`,
  );
}

/** The post as hiding sees it, with the seller to mail (the fields the mails address). */
export type LockedBlog = Pick<BlogColumns, 'id' | 'title' | 'hiddenReason'> &
  StoreSeller & { hiddenAt: Date | string | null };

/** Post `id`, locked for this transaction, with its seller; undefined when there is none. */
export async function lockBlogForModeration(tx: Db, id: number): Promise<LockedBlog | undefined> {
  const [row] = await queryRows<Omit<LockedBlog, keyof StoreSeller> & { seller: StoreSeller }>(
    tx,
    sql`select b.id, b.title, b.hidden_at as "hiddenAt", b.hidden_reason as "hiddenReason",
               ${storeSellerSql(store)} as seller
        from blogs b
        where b.id = ${id} for update of b`,
  );
  if (!row) return undefined;
  const { seller, ...blog } = row;
  return { ...blog, ...seller };
}

/** Hides post `id` from the public list and page (with the reason mailed to its seller), or shows it again (null). */
export async function setBlogHidden(tx: Db, id: number, hidden: { at: Date; reason: string } | null): Promise<void> {
  await tx.execute(
    sql`update blogs set hidden_at = ${hidden?.at ?? null}, hidden_reason = ${hidden?.reason ?? null} where id = ${id}`,
  );
}

/** The store's posts as its seller downloads them with their data (modules/account-data), oldest first. */
export async function exportStoreBlogs(db: Db, storeId: number): Promise<unknown[]> {
  const rows = await queryRows<{ item: unknown }>(
    db,
    sql`select json_build_object('id', id, 'title', title, 'content', content, 'createdAt', created_at,
          'updatedAt', updated_at) as item
        from blogs where store_id = ${storeId} order by created_at, id`,
  );
  return rows.map((r) => r.item);
}

/** A deleted seller's posts go with the store. */
export async function eraseStoreBlogs(tx: Db, storeId: number): Promise<void> {
  await tx.execute(sql`delete from blogs where store_id = ${storeId}`);
}

/**
 * A post's columns that may show one of our uploads (its markdown, and the HTML drawn from it): media keeps a file
 * while one of them mentions it. The app hands them to media (modules/registry.ts), which cannot import blogs.
 */
export const blogUploadColumns = [blogs.content, blogs.html];
