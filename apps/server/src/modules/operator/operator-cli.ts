import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../../config';
import { withOwnDatabase } from '../../db/own-database';
import { HttpError } from '../../http/errors';
import { DatabaseBusyError } from '../offers/database-lock';
import { ADMIN_TOKEN_HEADER } from '../offers/internal-routes';
import { readServerInfo, type ServerInfo } from '../offers/server-handoff';
import { createOperator, parseOperatorInput, type OperatorAccount } from './accounts';

const USAGE = 'usage: npm run operator -- create --email <email> --name "<name>" --password <password>';

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

interface CreateArgs {
  email: string;
  name: string;
  password: string;
}

function readArgs(): CreateArgs {
  let parsed;
  try {
    parsed = parseArgs({
      options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1 || positionals[0] !== 'create') fail(USAGE, 2);
  if (values.email === undefined || values.name === undefined || values.password === undefined) fail(USAGE, 2);
  return { email: values.email, name: values.name, password: values.password };
}

/** A refusal the way the sign-up form words it: the message, and the field it is about. */
function refusal(error: unknown): string | undefined {
  if (!(error instanceof HttpError) || error.statusCode >= 500) return undefined;
  const field = Object.keys(error.fields ?? {})[0];
  return field ? `${field}: ${error.message}` : error.message;
}

/** Hands the account to the running server; undefined when it cannot be reached (a stale server.json). */
async function createThroughServer(info: ServerInfo, args: CreateArgs): Promise<OperatorAccount | undefined> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${info.port}/api/internal/operators`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [ADMIN_TOKEN_HEADER]: info.token },
      body: JSON.stringify(args),
    });
  } catch {
    return undefined;
  }
  const body = (await res.json().catch(() => ({}))) as {
    operator?: OperatorAccount;
    error?: { message?: string; fields?: Record<string, string> };
  };
  if (res.ok && body.operator) return body.operator;
  const field = Object.keys(body.error?.fields ?? {})[0];
  const message = body.error?.message ?? `HTTP ${res.status}`;
  return fail(`could not create the operator: ${field ? `${field}: ${message}` : message}`);
}

async function createDirectly(config: Config, args: CreateArgs): Promise<OperatorAccount> {
  return withOwnDatabase(config, 1, async (database) => {
    try {
      return await createOperator(database.db, args, 'command line');
    } catch (error) {
      const message = refusal(error);
      if (message) fail(`could not create the operator: ${message}`);
      throw error;
    }
  });
}

async function create(config: Config, args: CreateArgs): Promise<{ operator: OperatorAccount; via: string }> {
  if (config.databaseUrl) return { operator: await createDirectly(config, args), via: 'PostgreSQL' };
  // Wait briefly for a server that is starting (it holds the database but has not announced itself yet).
  for (let attempt = 0; ; attempt++) {
    const info = readServerInfo(config.dataDir);
    if (info) {
      const operator = await createThroughServer(info, args);
      if (operator) return { operator, via: `through the running server on port ${info.port}` };
    }
    try {
      return { operator: await createDirectly(config, args), via: `PGlite in ${config.dataDir}` };
    } catch (error) {
      if (!(error instanceof DatabaseBusyError)) throw error;
      if (attempt >= 19) fail(`${error.message}; try again when it has finished.`);
      await new Promise((r) => setTimeout(r, 1_000));
    }
  }
}

async function main() {
  const args = readArgs();
  // Bad input is refused before the database is opened (or the server asked).
  try {
    parseOperatorInput(args);
  } catch (error) {
    fail(`could not create the operator: ${refusal(error) ?? (error as Error).message}`);
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const { operator, via } = await create(config, args);
  console.log(`Created operator ${operator.email} (${operator.name}, account ${operator.id}) ${via}.`);
  console.log(`Sign in at ${config.publicUrl}/operator/login`);
}

main().catch((error) => fail(`operator command failed: ${(error as Error).stack ?? error}`));
