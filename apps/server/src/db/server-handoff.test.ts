import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { announceOnListen, readServerInfo, serverInfoPath } from './server-handoff';

/** A bare server announcing itself as main.ts's does, over an embedded database kept on disk or in memory. */
async function listeningServer(onDisk: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-announce-'));
  const app = Fastify();
  announceOnListen(app, {
    config: { dataDir },
    database: { pglite: onDisk ? { dataDir: join(dataDir, 'pglite') } : {} },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, dataDir, port: (app.server.address() as { port: number }).port };
}

describe('announcing the server in DATA_DIR/server.json', () => {
  it('writes its port once it listens and removes the file when it closes', async () => {
    const { app, dataDir, port } = await listeningServer(true);
    expect(readServerInfo(dataDir)).toMatchObject({ pid: process.pid, port });
    await app.close();
    expect(existsSync(serverInfoPath(dataDir))).toBe(false);
  });

  it('says nothing when no other process could open its database', async () => {
    const { app, dataDir } = await listeningServer(false);
    expect(existsSync(serverInfoPath(dataDir))).toBe(false);
    await app.close();
  });
});
