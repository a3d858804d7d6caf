import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { queryRows, type Db } from '../../db/client';
import { unsubscribeTokens } from '../../db/schema';
import { hashToken, newToken } from '../auth/tokens';

/** The address of a mail's unsubscribe link; the same URL answers the RFC 8058 one-click POST. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/wishlist/alerts/unsubscribe/${token}`;

/**
 * A new random token for one alert mail, written in the mail's own transaction. Only its hash is stored; it does
 * one thing (turn wishlist alerts off) and keeps working, so an old mail's link still unsubscribes.
 */
export async function issueUnsubscribeToken(db: Db, accountId: number): Promise<string> {
  const token = newToken();
  await db.insert(unsubscribeTokens).values({ tokenHash: hashToken(token), accountId });
  return token;
}

export interface Subscriber {
  email: string;
  subscribed: boolean;
}

/** Whom a link unsubscribes, or null for an unknown link (or a deleted account's). */
export async function findSubscriber(ctx: AppContext, token: string): Promise<Subscriber | null> {
  const [row] = await queryRows<{ email: string; wishlist_alerts: boolean }>(
    ctx.db,
    sql`select a.email, a.wishlist_alerts from unsubscribe_tokens u join accounts a on a.id = u.account_id
        where u.token_hash = ${hashToken(token)} and a.deleted_at is null`,
  );
  return row ? { email: row.email, subscribed: row.wishlist_alerts } : null;
}

/** Turns the link owner's wishlist alerts off; null for an unknown link. Doing it twice changes nothing. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<Subscriber | null> {
  const [row] = await queryRows<{ email: string }>(
    ctx.db,
    sql`update accounts a set wishlist_alerts = false, updated_at = ${ctx.now().toISOString()}::timestamptz
        from unsubscribe_tokens u
        where u.token_hash = ${hashToken(token)} and a.id = u.account_id and a.deleted_at is null
        returning a.email`,
  );
  return row ? { email: row.email, subscribed: false } : null;
}

/** "hina@example.com" → "h***@example.com": the page confirms whose alerts stop without showing the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
