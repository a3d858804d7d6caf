import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { hashToken, newToken } from '../auth/tokens';
import { insertUnsubscribeToken, subscriberOf, unsubscribeByToken } from './repository';

/** The address of a mail's unsubscribe link; the same URL answers the RFC 8058 one-click POST. */
export const unsubscribeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api/wishlist/alerts/unsubscribe/${token}`;

/**
 * A new random token for one alert mail, written in the mail's own transaction. Only its hash is stored; it does
 * one thing (turn wishlist alerts off) and keeps working, so an old mail's link still unsubscribes.
 */
export async function issueUnsubscribeToken(db: Db, accountId: number): Promise<string> {
  const token = newToken();
  await insertUnsubscribeToken(db, hashToken(token), accountId);
  return token;
}

export interface Subscriber {
  email: string;
  subscribed: boolean;
}

/** Whom a link unsubscribes, or null for an unknown link (or a deleted account's). */
export async function findSubscriber(ctx: AppContext, token: string): Promise<Subscriber | null> {
  return (await subscriberOf(ctx.db, hashToken(token))) ?? null;
}

/** Turns the link owner's wishlist alerts off; null for an unknown link. Doing it twice changes nothing. */
export async function unsubscribe(ctx: AppContext, token: string): Promise<Subscriber | null> {
  const email = await unsubscribeByToken(ctx.db, hashToken(token), ctx.now());
  return email === undefined ? null : { email, subscribed: false };
}

/** "hina@example.com" → "h***@example.com": the page confirms whose alerts stop without showing the whole address. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
