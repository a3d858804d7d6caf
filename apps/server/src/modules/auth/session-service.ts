import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { SessionUser } from '@pricehub/shared/schemas/account';
import { preparedOn, type Db } from '../../db/client';
import { sessions } from '../../db/schema';
import { accountUsers } from '../accounts/queries';
import type { SessionCache } from './session-cache';
import { hashToken, newToken } from './tokens';

export const SESSION_COOKIE = 'ph_session';
export const SESSION_DAYS = 30;

export async function createSession(db: Db, accountId: number, now: Date): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + SESSION_DAYS * 86_400_000);
  await db.insert(sessions).values({ tokenHash: hashToken(token), accountId, expiresAt });
  return { token, expiresAt };
}

/** Every signed-in request runs this lookup: prepared once per database handle, so it is planned once per connection. */
const prepareSessionLookup = (db: Db) =>
  db
    .select({
      id: accountUsers.id,
      role: accountUsers.role,
      email: accountUsers.email,
      name: accountUsers.name,
      storeId: accountUsers.storeId,
      storeSlug: accountUsers.storeSlug,
      storeName: accountUsers.storeName,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .innerJoin(accountUsers, eq(accountUsers.id, sessions.accountId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user');

export async function findSessionUser(db: Db, token: string, now: Date): Promise<SessionUser | null> {
  return (await findSession(db, hashToken(token), now))?.user ?? null;
}

/** The signed-in user of the session with this token hash, and when the session expires; null when there is none. */
async function findSession(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ user: SessionUser; expiresAt: Date } | null> {
  const lookup = preparedOn(db, 'session_user', prepareSessionLookup);
  const [row] = await lookup.execute({ tokenHash, now: now.toISOString() });
  if (!row) return null;
  const user: SessionUser = {
    id: row.id,
    role: row.role,
    email: row.email,
    name: row.name,
    store: row.storeId ? { id: row.storeId, slug: row.storeSlug!, name: row.storeName! } : null,
  };
  return { user, expiresAt: new Date(row.expiresAt) };
}

/** findSessionUser, answered from this process's `cache` when it holds the session (session-cache.ts). */
export async function cachedSessionUser(
  cache: SessionCache,
  db: Db,
  token: string,
  now: Date,
): Promise<SessionUser | null> {
  const tokenHash = hashToken(token);
  const kept = cache.get(tokenHash, now.getTime());
  if (kept) return kept;
  const stamp = cache.stamp();
  const found = await findSession(db, tokenHash, now);
  if (!found) return null;
  cache.keep(tokenHash, found.user, found.expiresAt.getTime(), stamp, now.getTime());
  return found.user;
}

export async function destroySession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
}

/** After a password change or reset, every other session of the account ends. */
export async function destroyOtherSessions(db: Db, accountId: number, keepToken?: string): Promise<void> {
  const keep = keepToken ? hashToken(keepToken) : '';
  await db.delete(sessions).where(and(eq(sessions.accountId, accountId), sql`${sessions.tokenHash} <> ${keep}`));
}

export async function purgeExpiredSessions(db: Db, now: Date): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}
