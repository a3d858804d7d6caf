import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDatabaseLock, DatabaseBusyError, lockPath } from './database-lock';

describe('the embedded database lock', () => {
  it('never lets two processes hold the database lock', () => {
    const own = mkdtempSync(join(tmpdir(), 'pricehub-lock-'));
    const lock = acquireDatabaseLock(own);
    // The holder is this (live) process: a second taker is refused.
    expect(() => acquireDatabaseLock(own)).toThrow(DatabaseBusyError);
    lock.release();
    acquireDatabaseLock(own).release();
  });

  it('takes over a lock whose owner died, and removes it on release', () => {
    const own = mkdtempSync(join(tmpdir(), 'pricehub-lock-'));
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(lockPath(own), String(gone));
    const lock = acquireDatabaseLock(own);
    expect(readFileSync(lockPath(own), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(lockPath(own))).toBe(false);
  });
});
