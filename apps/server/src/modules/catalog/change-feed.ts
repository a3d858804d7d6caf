import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { nextSaleBoundary } from '../sales/pricing';

/**
 * The channel the catalogue's triggers signal on (migration 0015): product ids, '*' (everything) or 'sales'; and
 * the accounts whose session lookup changed (migration 0020): 'accounts:' with account ids, or 'accounts:*'; and
 * 'terms' when the search dictionary changed (migration 0024).
 */
export const CATALOGUE_CHANNEL = 'catalogue_changes';

/** Past this many products told apart, the feed forgets them and counts everything as changed (memory bound). */
const MAX_TRACKED_PRODUCTS = 100_000;
/** A local write waits at most this long for its own changes to come back before dropping everything instead. */
const SYNC_TIMEOUT_MS = 1_000;
/**
 * How long the feed remembers when it heard each change. A list page is kept until some product changes and a few
 * seconds more (http/page-cache.ts), at most LIST_KEEP_MS, which must not be longer than this.
 */
const CHANGES_REMEMBERED_MS = 2 * 60_000;
/** setTimeout's limit: a sale boundary further away is looked at again then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Log {
  warn: (obj: object, msg: string) => void;
}

/**
 * What this process has heard of catalogue changes, whoever made them: the one LISTEN of the process on
 * `catalogue_changes` (PostgreSQL: a client of its own outside the pool, reconnected after a drop; PGlite: its
 * `listen`). Caches take a `stamp()` when they start working out an entry and ask `unchangedSince(stamp, products)`
 * before sending it again. While the LISTEN is down nothing can be told apart: the drop and the reconnect both count
 * as "everything changed", and `hearing` is false so that caches keep entries only briefly meanwhile.
 */
export class CatalogueChanges {
  private seq = 0;
  private everythingAt = 0;
  /** The last change to the search dictionary (search_terms) heard. */
  private termsAt = 0;
  private readonly productAt = new Map<number, number>();
  /** When each change was heard, in order: the change numbered `seq` is at index seq - heardAt[0].seq. */
  private readonly heardAt: { seq: number; at: number }[] = [];
  private readonly syncs = new Map<string, () => void>();
  private readonly accountListeners = new Set<(ids: number[] | 'all') => void>();
  private readonly productListeners = new Set<(ids: number[] | 'all') => void>();
  private readonly instance = randomBytes(6).toString('hex');
  private syncCount = 0;
  /** A sync whose notify is not sent yet: callers until then share it. */
  private unsentSync?: { done?: Promise<void> };
  /** The sync notify on its way, if any: the next one waits for it. */
  private sending: Promise<void> = Promise.resolve();
  /**
   * Sends a sync's notify. On PostgreSQL, over the LISTEN's own connection (set once it listens), which is otherwise
   * idle: a sync never queues behind the pool's work, where a rush of buyers would hold it. On PGlite, its one
   * connection.
   */
  private sendNotify: (token: string) => Promise<unknown> = (token) =>
    this.database.db.execute(sql`select pg_notify(${CATALOGUE_CHANNEL}, ${token})`);
  private listening = false;
  private closed = false;
  private stopListening?: () => Promise<void>;
  private reconnectTimer?: NodeJS.Timeout;
  private saleTimer?: NodeJS.Timeout;

  constructor(
    private readonly database: Database,
    private readonly log: Log,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether changes made anywhere reach this process now: product entries may then be kept long. */
  get hearing(): boolean {
    return this.listening;
  }

  /** Where the feed stands now: an entry worked out from here on is stale once something it shows changes. */
  stamp(): number {
    return this.seq;
  }

  /** Whether none of `products` (nor everything) changed after `stamp`. */
  unchangedSince(stamp: number, products: readonly number[]): boolean {
    if (this.everythingAt > stamp) return false;
    for (const id of products) if ((this.productAt.get(id) ?? 0) > stamp) return false;
    return true;
  }

  /** Whether the search dictionary (search_terms) is unchanged since `stamp`: no 'terms' heard, nor everything. */
  termsUnchangedSince(stamp: number): boolean {
    return this.everythingAt <= stamp && this.termsAt <= stamp;
  }

  /**
   * When the first change after `stamp` was heard (this process's clock), or undefined when none was: an entry that
   * lists many products is stale some seconds after that. A change heard too long ago to be remembered answers 0.
   */
  firstChangeAfter(stamp: number): number | undefined {
    if (this.seq <= stamp) return undefined;
    const first = this.heardAt[0];
    return first && stamp + 1 >= first.seq ? this.heardAt[stamp + 1 - first.seq]!.at : 0;
  }

  /** Where the feed stood at `time` (this process's clock): the stamp taken then. */
  stampAt(time: number): number {
    let i = this.heardAt.length - 1;
    while (i >= 0 && this.heardAt[i]!.at > time) i -= 1;
    if (i >= 0) return this.heardAt[i]!.seq;
    // Every change remembered came later (the one before them was heard before `time`), or none is remembered.
    return this.heardAt[0] ? this.heardAt[0].seq - 1 : this.seq;
  }

  /**
   * Calls `listener` with the accounts whose session lookup changed (migration 0020), as they are heard, or with
   * 'all' whenever some may have gone unheard (the LISTEN dropped or came back, a sync went unanswered).
   */
  onAccountsChanged(listener: (ids: number[] | 'all') => void): () => void {
    this.accountListeners.add(listener);
    return () => this.accountListeners.delete(listener);
  }

  /**
   * Calls `listener` with the catalogue products that changed, as they are heard, or with 'all' whenever everything
   * counts as changed (a '*' notify, a sale starting or ending, the LISTEN dropped or came back).
   */
  onProductsChanged(listener: (ids: number[] | 'all') => void): () => void {
    this.productListeners.add(listener);
    return () => this.productListeners.delete(listener);
  }

  productsChanged(ids: readonly number[]): void {
    this.changeHeard();
    for (const id of ids) this.productAt.set(id, this.seq);
    for (const listener of this.productListeners) listener([...ids]);
    if (this.productAt.size > MAX_TRACKED_PRODUCTS) this.everythingChanged();
  }

  everythingChanged(): void {
    this.changeHeard();
    this.everythingAt = this.seq;
    this.productAt.clear();
    for (const listener of this.productListeners) listener('all');
  }

  termsChanged(): void {
    this.changeHeard();
    this.termsAt = this.seq;
  }

  /** Some change may have gone unheard: everything in the catalogue, and every account, counts as changed. */
  private lostTrack(): void {
    this.everythingChanged();
    for (const listener of this.accountListeners) listener('all');
  }

  private changeHeard(): void {
    this.seq += 1;
    const at = this.now();
    this.heardAt.push({ seq: this.seq, at });
    while (this.heardAt[0]!.at < at - CHANGES_REMEMBERED_MS) this.heardAt.shift();
  }

  /**
   * Settles once every change committed before the call has been heard, so that a write's answer leaves only after
   * this process dropped what the write changed: the writer reads it back at once. A notify sent now arrives after
   * those of every transaction committed before it (PostgreSQL delivers in commit order). Not hearing, or no answer
   * within a second: everything counts as changed.
   *
   * Callers share a sync whose notify has not been sent yet (it waits for the one before): it goes out after their
   * writes too. In a rush of writes that is one round trip for many answers instead of one each.
   */
  sync(): Promise<void> {
    if (!this.listening) {
      this.lostTrack();
      return Promise.resolve();
    }
    if (!this.unsentSync) {
      const batch: { done?: Promise<void> } = {};
      batch.done = this.sendSync(batch);
      this.unsentSync = batch;
    }
    return this.unsentSync.done!;
  }

  private async sendSync(batch: object): Promise<void> {
    const token = `sync:${this.instance}:${++this.syncCount}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<boolean>((resolve) => {
      this.syncs.set(token, () => resolve(true));
      timer = setTimeout(() => resolve(false), SYNC_TIMEOUT_MS);
    });
    const close = () => {
      // From here on the notify may be on its way: whoever writes later needs a sync of their own.
      if (this.unsentSync === batch) this.unsentSync = undefined;
    };
    try {
      // One notify at a time: those who ask while one is on its way share the next.
      await this.sending;
      close();
      const sent = this.sendNotify(token);
      this.sending = sent.then(
        () => {},
        () => {},
      );
      await sent;
      if (!(await heard)) this.lostTrack();
    } catch (error) {
      this.log.warn({ err: error }, 'could not wait for the catalogue change feed');
      this.lostTrack();
    } finally {
      close();
      clearTimeout(timer);
      this.syncs.delete(token);
    }
  }

  /** Starts the LISTEN; a failure is logged and retried (PostgreSQL), entries are kept briefly meanwhile. */
  async start(): Promise<void> {
    try {
      if (this.database.kind === 'pglite') await this.listenPglite();
      else await this.connectPg();
    } catch (error) {
      this.log.warn({ err: error }, 'catalogue change feed failed to start; pages are kept briefly until it does');
    }
    await this.watchSales();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    // A write waiting on its sync goes out now rather than holding the shutdown for a second.
    for (const heard of this.syncs.values()) heard();
    clearTimeout(this.reconnectTimer);
    clearTimeout(this.saleTimer);
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.().catch(() => {});
  }

  private heard(payload: string | undefined) {
    if (!payload) return;
    if (payload.startsWith('sync:')) return this.syncs.get(payload)?.();
    if (payload === '*') return this.everythingChanged();
    if (payload === 'sales') return void this.watchSales();
    if (payload.startsWith('accounts:')) return this.accountsHeard(payload.slice('accounts:'.length));
    if (payload === 'terms') return this.termsChanged();
    this.productsChanged(payload.split(',').map(Number));
  }

  private accountsHeard(list: string) {
    const ids = list === '*' ? 'all' : list.split(',').map(Number);
    for (const listener of this.accountListeners) listener(ids);
  }

  private async listenPglite() {
    const unlisten = await this.database.pglite!.listen(CATALOGUE_CHANNEL, (payload) => this.heard(payload));
    this.stopListening = () => unlisten();
    this.listening = !this.closed;
  }

  private async connectPg(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.database.url,
      connectionTimeoutMillis: 5_000,
      application_name: 'pricehub-catalogue-changes',
    });
    let dropped = false;
    const reconnect = (error?: unknown) => {
      if (dropped || this.closed) return;
      dropped = true;
      // Whatever changed until the LISTEN is back goes unheard.
      this.listening = false;
      this.lostTrack();
      if (error) this.log.warn({ err: error }, 'catalogue change feed lost its connection; reconnecting');
      client.end().catch(() => {});
      this.reconnectTimer = setTimeout(() => void this.connectPg().catch(() => {}), 1_000);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (message) => {
      if (message.channel === CATALOGUE_CHANNEL) this.heard(message.payload);
    });
    this.stopListening = async () => {
      dropped = true;
      await client.end();
    };
    try {
      await client.connect();
      await client.query(`listen ${CATALOGUE_CHANNEL}`);
      this.sendNotify = (token) => client.query('select pg_notify($1, $2)', [CATALOGUE_CHANNEL, token]);
    } catch (error) {
      reconnect(error);
      throw error;
    }
    if (this.closed) return void (await client.end().catch(() => {}));
    // Anything kept before this point may have missed a change made while nobody listened.
    this.lostTrack();
    this.listening = true;
  }

  /**
   * A sale changes its listings' prices when it starts and ends, with no write: at the next such moment everything
   * counts as changed (sales are few; a product page shows its listings' sale price).
   */
  private async watchSales(): Promise<void> {
    clearTimeout(this.saleTimer);
    if (this.closed) return;
    const now = new Date();
    try {
      const at = await nextSaleBoundary(this.database.db, now);
      if (!at || this.closed) return;
      const wait = at.getTime() - Date.now();
      this.saleTimer = setTimeout(
        () => {
          if (wait <= MAX_TIMER_MS) this.everythingChanged();
          void this.watchSales();
        },
        Math.min(Math.max(wait, 0), MAX_TIMER_MS),
      );
      this.saleTimer.unref();
    } catch (error) {
      this.log.warn({ err: error }, 'could not read when the next sale starts or ends');
    }
  }
}
