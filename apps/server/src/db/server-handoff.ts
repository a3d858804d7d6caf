import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';

/**
 * The embedded database can be opened by one process only, so a running server announces itself in
 * DATA_DIR/server.json (port and a random admin token, readable by its owner only) and `npm run ingest` hands
 * the job to it through a loopback-only route instead of opening the database a second time.
 */
export interface ServerInfo {
  pid: number;
  port: number;
  token: string;
}

let currentToken: string | undefined;

export const serverInfoPath = (dataDir: string) => join(dataDir, 'server.json');

/** Call once after the server listens; the file is removed when the process exits. */
export function announceServer(config: Pick<Config, 'dataDir'>, port: number): ServerInfo {
  const info: ServerInfo = { pid: process.pid, port, token: randomBytes(32).toString('hex') };
  mkdirSync(config.dataDir, { recursive: true });
  const path = serverInfoPath(config.dataDir);
  writeFileSync(path, JSON.stringify(info), { mode: 0o600 });
  currentToken = info.token;
  process.once('exit', () => withdrawServer(config));
  return info;
}

export function withdrawServer(config: Pick<Config, 'dataDir'>): void {
  const path = serverInfoPath(config.dataDir);
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as ServerInfo;
    if (info.pid === process.pid) rmSync(path, { force: true });
  } catch {
    // Already gone.
  }
  currentToken = undefined;
}

export function readServerInfo(dataDir: string): ServerInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(serverInfoPath(dataDir), 'utf8')) as ServerInfo;
    return processAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function adminTokenMatches(token: string | undefined): boolean {
  if (!currentToken || !token) return false;
  const a = Buffer.from(token);
  const b = Buffer.from(currentToken);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const isLoopback = (address: string | undefined) =>
  address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';

/**
 * Announces the server once it listens, when it runs on an embedded database kept on disk (the only case where a
 * second process must not open it).
 */
export function announceOnListen(
  app: {
    addHook(name: 'onListen', hook: () => Promise<void>): unknown;
    addHook(name: 'onClose', hook: () => Promise<void>): unknown;
    server: { address(): unknown };
  },
  ctx: { config: Pick<Config, 'dataDir'>; database: { pglite?: { dataDir?: string } } },
): void {
  if (!ctx.database.pglite?.dataDir) return;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object' && 'port' in address) announceServer(ctx.config, Number(address.port));
  });
  app.addHook('onClose', async () => withdrawServer(ctx.config));
}
