import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';
import { intsParam, queryRows } from '../../db/client';

/** The channel a writer of seller notifications signals on; the payload is the store id. */
export const SELLER_NOTIFICATIONS_CHANNEL = 'seller_notifications';

/** The listener of each open database (one per server process): tests and the bench look at its registry. */
export const listeners = new WeakMap<Database, StoreListener>();

/** Woken with the newest id the store has (when known), or undefined ("look, something may be new"). */
export type Wake = (newestId?: number) => void;

export interface ListenerOptions {
  /** How often the process checks for notifications a lost NOTIFY would hide (default 60 s). */
  recheckMs: number;
  log: { warn: (obj: object, msg: string) => void };
}

/**
 * The one LISTEN of a server process, fanning each store's NOTIFY out to its open streams. PostgreSQL: a client
 * of its own outside the pool, reconnected after a drop (every stream then re-reads once, as a notify may have been
 * lost meanwhile). PGlite: its `listen`. A slow re-check (one query for all watched stores) covers anything else.
 */
export class StoreListener {
  private readonly streams = new Map<number, Set<Wake>>();
  private started?: Promise<void>;
  private stopListening?: () => Promise<void>;
  private client?: pg.Client;
  private reconnectTimer?: NodeJS.Timeout;
  private recheckTimer?: NodeJS.Timeout;
  private closed = false;

  constructor(
    private readonly database: Database,
    private readonly options: ListenerOptions,
  ) {}

  /** Registers a stream of a store; the returned function removes it. Starts the LISTEN on first use. */
  async subscribe(storeId: number, wake: Wake): Promise<() => void> {
    let set = this.streams.get(storeId);
    if (!set) this.streams.set(storeId, (set = new Set()));
    set.add(wake);
    const unsubscribe = () => {
      const current = this.streams.get(storeId);
      if (!current) return;
      current.delete(wake);
      if (current.size === 0) this.streams.delete(storeId);
    };
    try {
      await this.start();
    } catch (error) {
      // The re-check still delivers; a PostgreSQL listener keeps trying to connect meanwhile.
      this.options.log.warn({ err: error }, 'notification listener failed to start');
    }
    return unsubscribe;
  }

  /** How many streams are registered (all stores, or one): for tests and the bench. */
  size(storeId?: number): number {
    if (storeId !== undefined) return this.streams.get(storeId)?.size ?? 0;
    let n = 0;
    for (const set of this.streams.values()) n += set.size;
    return n;
  }

  /** Settles once the LISTEN has taken effect (or failed to start): for tests and the bench. */
  async listening(): Promise<void> {
    await this.started?.catch(() => {});
  }

  /** The PostgreSQL backend holding the LISTEN (tests cut it to see the reconnect). */
  backendPid(): number | undefined {
    return (this.client as unknown as { processID?: number } | undefined)?.processID;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.recheckTimer);
    this.streams.clear();
    const stop = this.stopListening;
    this.stopListening = undefined;
    await stop?.().catch(() => {});
  }

  private start(): Promise<void> {
    if (!this.started) {
      this.recheckTimer = setInterval(() => void this.recheck(), this.options.recheckMs);
      this.recheckTimer.unref();
      this.started = this.database.kind === 'pglite' ? this.listenPglite() : this.connectPg();
    }
    return this.started;
  }

  private dispatch(payload: string | undefined, newestId?: number) {
    const storeId = Number(payload);
    for (const wake of this.streams.get(storeId) ?? []) wake(newestId);
  }

  private wakeAll() {
    for (const set of this.streams.values()) for (const wake of set) wake();
  }

  private async listenPglite() {
    const unlisten = await this.database.pglite!.listen(SELLER_NOTIFICATIONS_CHANNEL, (payload) =>
      this.dispatch(payload),
    );
    this.stopListening = () => unlisten();
    if (this.closed) await this.close();
  }

  private async connectPg(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.database.url,
      connectionTimeoutMillis: 5_000,
      application_name: 'pricehub-notifications',
    });
    this.client = client;
    let dropped = false;
    const reconnect = (error?: unknown) => {
      if (dropped || this.closed) return;
      dropped = true;
      if (error) this.options.log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      client.end().catch(() => {});
      this.reconnectTimer = setTimeout(() => {
        this.connectPg()
          .then(() => this.wakeAll())
          .catch(() => {});
      }, 1_000);
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    client.on('notification', (message) => {
      if (message.channel === SELLER_NOTIFICATIONS_CHANNEL) this.dispatch(message.payload);
    });
    this.stopListening = async () => {
      dropped = true;
      await client.end();
    };
    try {
      await client.connect();
      await client.query(`listen ${SELLER_NOTIFICATIONS_CHANNEL}`);
    } catch (error) {
      reconnect(error);
      throw error;
    }
  }

  /** The safety net: one query for every watched store, waking only those whose newest id moved. */
  private async recheck() {
    if (this.closed || this.streams.size === 0) return;
    const ids = [...this.streams.keys()];
    try {
      const rows = await queryRows<{ store_id: number; id: number }>(
        this.database.db,
        sql`select store_id, max(id) as id from notifications
            where store_id = any(${intsParam(ids)}) group by store_id`,
      );
      for (const row of rows) this.dispatch(String(row.store_id), Number(row.id));
    } catch (error) {
      this.options.log.warn({ err: error }, 'notification re-check failed');
    }
  }
}
