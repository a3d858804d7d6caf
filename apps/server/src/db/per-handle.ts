import type { Db } from './client';

/**
 * Something the app keeps for one database handle (the pool): a transaction or another pool's handle has none, so
 * whatever asks for it falls back to the database.
 */
export interface PerHandle<T> {
  /** Keeps `value` for `db`, replacing what was kept; answers a function that stops keeping it (if still kept). */
  keep(db: Db, value: T): () => void;
  of(db: Db): T | undefined;
}

export function perHandle<T extends object>(): PerHandle<T> {
  const byDb = new WeakMap<Db, T>();
  return {
    keep(db, value) {
      byDb.set(db, value);
      return () => {
        if (byDb.get(db) === value) byDb.delete(db);
      };
    },
    of: (db) => byDb.get(db),
  };
}
