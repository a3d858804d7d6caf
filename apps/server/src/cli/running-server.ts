import type { Config } from '../config';
import { DatabaseBusyError } from '../db/database-lock';
import { readServerInfo, type ServerInfo } from '../db/server-handoff';
import { ADMIN_TOKEN_HEADER } from '../modules/ingestion/internal-routes';
import { fail } from './command-line';

/** Posts a job to the running server's loopback-only route; undefined when it cannot be reached (a stale server.json). */
export async function postToRunningServer(info: ServerInfo, path: string, job: unknown): Promise<Response | undefined> {
  try {
    return await fetch(`http://127.0.0.1:${info.port}/api/internal/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_TOKEN_HEADER]: info.token },
      body: JSON.stringify(job),
    });
  } catch {
    return undefined;
  }
}

/**
 * Does a command's work where the database is: PostgreSQL directly; the embedded PGlite through the server that holds
 * it, or directly when no server does. `through` answers undefined when the server cannot be reached.
 */
export async function throughServerOrDirectly<T>(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  through: (info: ServerInfo) => Promise<T | undefined>,
  directly: () => Promise<T>,
): Promise<{ result: T; via: string }> {
  if (config.databaseUrl) return { result: await directly(), via: 'PostgreSQL' };
  // Wait briefly for a server that is starting (it holds the database but has not announced itself yet).
  for (let attempt = 0; ; attempt++) {
    const info = readServerInfo(config.dataDir);
    if (info) {
      const result = await through(info);
      if (result) return { result, via: `through the running server on port ${info.port}` };
    }
    try {
      return { result: await directly(), via: `PGlite in ${config.dataDir}` };
    } catch (error) {
      if (!(error instanceof DatabaseBusyError)) throw error;
      if (attempt >= 19) fail(`${error.message}; try again when it has finished.`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}
