import { parse, protocol, types, type PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { isPlannedPerRun } from './planned-per-run';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

/** The types drizzle asks PGlite to hand back as text (it converts them itself): dates, times, intervals, arrays. */
const TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
const asText = (value: string) => value;

/** Named statements kept in the embedded database; the least recently used is closed beyond this. */
export const MAX_STATEMENTS = 1000;

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: unknown;
  blob?: unknown;
}

interface Statement {
  name: string;
  paramTypes: number[];
  /** The statement's RowDescription from Describe, reused for every run (null: it returns no rows). */
  rowDescription: BackendMessage | null;
}

const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * Runs drizzle's queries on PGlite through named prepared statements, as a PostgreSQL server connection would.
 *
 * PGlite's own `query()` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into the WebAssembly
 * module and plans the statement every time; drizzle also hands it a parser table that PGlite copies per query.
 * Here a statement is parsed once, and each run is one call into the module: three times
 * cheaper for the short queries a request makes, and the same rows, errors and locking as `query()`. The row
 * description from that first parse is kept too, so a run is Bind, Execute and Sync only.
 */
export function preparedPglite(client: PGlite): PGlite {
  const statements = new Map<string, Statement>();
  let counter = 0;

  // Drizzle's parsers are installed on the instance once (PGlite re-derives array parsers after some DDL).
  const installParsers = () => {
    if (client.parsers[types.TIMESTAMP] === asText && client.parsers[1115] === asText) return;
    for (const type of TEXT_TYPES) client.parsers[type] = asText;
  };

  async function prepare(text: string): Promise<Statement> {
    const known = statements.get(text);
    if (known) {
      statements.delete(text);
      statements.set(text, known);
      return known;
    }
    const name = `ph_${++counter}`;
    const described = await client.execProtocolStream(
      joined([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      rowDescription: described.find((m) => m.name === 'rowDescription') ?? null,
    };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldText, old] = statements.entries().next().value!;
      statements.delete(oldText);
      await client.execProtocolStream(joined([serialize.close({ type: 'S', name: old.name }), serialize.sync()]), {
        syncToFs: false,
        throwOnError: false,
      });
    }
    return statement;
  }

  /** Parses (first time) and runs one statement; the caller holds PGlite's query lock. */
  async function run(text: string, params: unknown[], options: QueryOptions): Promise<Results> {
    installParsers();
    const statement = await prepare(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = client.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      joined([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    // The row shape was described when the statement was parsed; the results are read against it.
    if (statement.rowDescription) messages.unshift(statement.rowDescription);
    return parse.parseResults(messages, client.parsers, { rowMode: options.rowMode })[0]!;
  }

  // A statement marked to be planned with its values (db/planned-per-run.ts) goes through PGlite's own query(), which
  // parses and plans it every time.
  const usable = (
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): params is unknown[] => !!params && params.length > 0 && !options?.blob && !isPlannedPerRun(text);
  const withoutParsers = (options: QueryOptions | undefined) => ({ rowMode: options?.rowMode });

  const query = async (text: string, params?: unknown[], options?: QueryOptions): Promise<Results> => {
    if (!usable(text, params, options)) {
      installParsers();
      return client.query(text, params, withoutParsers(options));
    }
    // As PGlite's query(): wait for any transaction, then run alone, then flush to the file system.
    return client._runExclusiveTransaction(async () => {
      const result = await client.runExclusive(() => run(text, params, options ?? {}));
      await client.syncToFs();
      return result;
    });
  };

  const inTransaction = (tx: Transaction): Transaction =>
    new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== 'query') return Reflect.get(target, property, receiver);
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          if (target.closed) throw new Error('Transaction is closed');
          if (!usable(text, params, options)) {
            installParsers();
            return target.query(text, params, withoutParsers(options));
          }
          return client.runExclusive(() => run(text, params, options ?? {}));
        };
      },
    });

  return new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'query') return query;
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) =>
          target.transaction((tx) => callback(inTransaction(tx)));
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
