import { parseArgs } from 'node:util';
import { fail, loadCommandConfig } from '../../cli/command-line';
import { postToRunningServer, throughServerOrDirectly } from '../../cli/running-server';
import type { Config } from '../../config';
import { withOwnDatabase } from '../../db/own-database';
import type { ServerInfo } from '../../db/server-handoff';
import { HttpError } from '../../http/errors';
import { createOperator, parseOperatorInput, type OperatorAccount } from './accounts';

const USAGE = 'usage: npm run operator -- create --email <email> --name "<name>" --password <password>';

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
  const res = await postToRunningServer(info, 'operators', args);
  if (!res) return undefined;
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

async function main() {
  const args = readArgs();
  // Bad input is refused before the database is opened (or the server asked).
  try {
    parseOperatorInput(args);
  } catch (error) {
    fail(`could not create the operator: ${refusal(error) ?? (error as Error).message}`);
  }
  const config = loadCommandConfig();
  const { result: operator, via } = await throughServerOrDirectly(
    config,
    (info) => createThroughServer(info, args),
    () => createDirectly(config, args),
  );
  console.log(`Created operator ${operator.email} (${operator.name}, account ${operator.id}) ${via}.`);
  console.log(`Sign in at ${config.publicUrl}/operator/login`);
}

main().catch((error) => fail(`operator command failed: ${(error as Error).stack ?? error}`));
