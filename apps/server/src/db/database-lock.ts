import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { processAlive } from './server-handoff';

/**
 * An exclusive lock file beside the embedded database: PGlite must never be opened by two processes at once.
 * Created with O_EXCL, holding the owner's pid; a lock whose owner died is taken over.
 */
export interface DatabaseLock {
  release(): void;
}

export class DatabaseBusyError extends Error {
  constructor(readonly pid: number) {
    super(`the embedded database is in use by process ${pid}`);
  }
}

export const lockPath = (dataDir: string) => join(dataDir, 'pglite.lock');

export function acquireDatabaseLock(dataDir: string): DatabaseLock {
  mkdirSync(dataDir, { recursive: true });
  const path = lockPath(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
      process.once('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number(readFileSync(path, 'utf8').trim());
      if (owner && processAlive(owner)) throw new DatabaseBusyError(owner);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`could not take ${path}`);
}
