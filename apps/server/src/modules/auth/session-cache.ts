import type { SessionUser } from '@pricehub/shared/schemas/account';

/**
 * The signed-in users this process has looked up, by session token hash, so that a signed-in request does not ask
 * the database who it is every time.
 *
 * It is kept only while changes made anywhere reach this process: migration 0020's triggers announce, on the change
 * feed, every account whose lookup changed (a session ended or its expiry moved, the account's role, email or name,
 * its store), and `forget` drops them. While the feed is not hearing, nothing is kept or answered. A lookup that
 * started before something was forgotten is not kept (its answer may predate the change), and no entry outlives its
 * session's expiry or MAX_AGE_MS. A write answered by this process waits until the feed has heard its own changes
 * (http/answer-cache.ts), so its author's next request already misses the dropped entry; logout, which skips that
 * wait, drops its session here itself.
 */

/** No entry is answered longer than this after its lookup, heard or not. */
export const MAX_AGE_MS = 5 * 60_000;
/** At most this many sessions are kept; the least recently used goes first. */
const MAX_ENTRIES = 50_000;

interface Entry {
  user: SessionUser;
  /** The earlier of the session's expiry and MAX_AGE_MS after the lookup (epoch ms). */
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byAccount = new Map<number, Set<string>>();
  private seq = 0;

  constructor(
    private readonly feed: { readonly hearing: boolean },
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /** Taken before a lookup starts; `keep` refuses the lookup's answer if anything was forgotten since. */
  stamp(): number {
    return this.seq;
  }

  /** The kept user of this session, or undefined when the database must be asked. */
  get(tokenHash: string, now: number): SessionUser | undefined {
    if (!this.feed.hearing) return undefined;
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.remove(tokenHash, entry.user.id);
      return undefined;
    }
    // The most recently used last: the least recently used goes first when room is needed.
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, entry);
    return entry.user;
  }

  /** Keeps a lookup's answer, unless the feed is not hearing or something was forgotten since `stamp`. */
  keep(tokenHash: string, user: SessionUser, expiresAt: number, stamp: number, now: number): void {
    if (!this.feed.hearing || stamp !== this.seq) return;
    this.entries.delete(tokenHash);
    this.entries.set(tokenHash, { user, until: Math.min(expiresAt, now + MAX_AGE_MS) });
    let tokens = this.byAccount.get(user.id);
    if (!tokens) this.byAccount.set(user.id, (tokens = new Set()));
    tokens.add(tokenHash);
    for (const [oldest, entry] of this.entries) {
      if (this.entries.size <= this.maxEntries) break;
      this.remove(oldest, entry.user.id);
    }
  }

  /** Drops every session of these accounts, or all of them. */
  forget(accounts: number[] | 'all'): void {
    this.seq += 1;
    if (accounts === 'all') {
      this.entries.clear();
      this.byAccount.clear();
      return;
    }
    for (const id of accounts) {
      for (const token of this.byAccount.get(id) ?? []) this.entries.delete(token);
      this.byAccount.delete(id);
    }
  }

  /** Drops one session (logout, here, before its change is heard). */
  forgetSession(tokenHash: string): void {
    this.seq += 1;
    const entry = this.entries.get(tokenHash);
    if (entry) this.remove(tokenHash, entry.user.id);
  }

  get size(): number {
    return this.entries.size;
  }

  private remove(tokenHash: string, accountId: number): void {
    this.entries.delete(tokenHash);
    const tokens = this.byAccount.get(accountId);
    tokens?.delete(tokenHash);
    if (tokens?.size === 0) this.byAccount.delete(accountId);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's signed-in users (app.ts); logout drops its session from it. */
    sessionCache: SessionCache;
  }
}
