import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { S3Settings } from './adapters/storage/s3';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

/**
 * Where the embedded database and uploads live when DATA_DIR is not set: `data/` at the repository root, whatever the
 * working directory. `npm start` runs the server in apps/server while `npm run ingest`, `seed` and `operator` run at
 * the root; a relative default sent them to two different databases.
 */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../../../data', import.meta.url));

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Off (the client's own address is used), a number of proxy hops to trust, or the proxies' addresses. Never
 * "true": trusting every hop lets any client choose the address that throttles count it under.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (!v || ['off', 'false', '0'].includes(v.toLowerCase())) return false;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 20) return hops;
    } else {
      const entries = v.split(',').map((e) => e.trim().toLowerCase());
      if (entries.every(isProxyAddress)) return entries;
    }
    ctx.addIssue({
      code: 'custom',
      message:
        'must be off, a hop count from 1 to 20, or a comma list of proxy addresses or CIDRs (e.g. 10.0.0.0/8,loopback)',
    });
    return z.NEVER;
  });

const optionalText = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .optional();

const S3_VARIABLES = [
  'S3_BUCKET',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * S3 needs its bucket and keys (the keys given, so the SDK never searches the machine or the instance metadata for
 * others); S3 variables without STORAGE=s3 would leave uploads on the local disk while the operator thinks otherwise.
 */
function checkStorage(
  env: { STORAGE: 'disk' | 's3' } & Partial<Record<(typeof S3_VARIABLES)[number], string>>,
  ctx: z.RefinementCtx,
): void {
  if (env.STORAGE === 's3') {
    for (const name of S3_REQUIRED) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'is required when STORAGE=s3' });
    }
    return;
  }
  const set = S3_VARIABLES.filter((name) => env[name] !== undefined);
  if (set.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['STORAGE'],
      message: `must be s3 when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (uploads would stay on this disk)`,
    });
  }
}

const schema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8000),
    HOST: z.string().default('0.0.0.0'),
    // Reset and order links are built from it, so it must be a web address ("localhost:8000" parses as a URL).
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// address' }).optional(),
    DATABASE_URL: z
      .string()
      .trim()
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), 'must start with postgres:// or postgresql://'),
    DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    DB_PREPARE: z.enum(['on', 'off']).default('on'),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
    DATA_DIR: z.string().optional(),
    INGEST_ALLOW_PRIVATE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
    TRUST_PROXY: trustProxy,
    SEED_DEMO: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
    SMTP_URL: optionalUrl.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'must start with smtp:// or smtps://',
    ),
    MAIL_TO_LOG: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
    MAIL_FROM: z.string().default('PriceHub <no-reply@pricehub.local>'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_BASE: optionalUrl,
    PAYMENTS_TEST_GATEWAY: z.enum(['0', '1']).optional(),
    OPENAI_API_KEY: z.string().optional(),
    OPENAI_BASE_URL: optionalUrl,
    CHAT_MODEL: z.string().default('gpt-3.5-turbo'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    JOBS: z.enum(['on', 'off']).default('on'),
    SEARCH_INDEX: z.enum(['memory', 'off'], { error: 'must be memory or off' }).optional(),
    WEB_DIST: z.string().optional(),
    STORAGE: z.enum(['disk', 's3'], { error: 'must be disk or s3' }).default('disk'),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl.refine(
      (v) => v === undefined || /^https?:\/\//.test(v),
      'must start with http:// or https://',
    ),
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    S3_FORCE_PATH_STYLE: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
  })
  .superRefine((env, ctx) => {
    // Mail carries reset links: production does not write it to the log unless told to.
    if (env.NODE_ENV === 'production' && !env.SMTP_URL && env.MAIL_TO_LOG !== '1') {
      ctx.addIssue({
        code: 'custom',
        path: ['SMTP_URL'],
        message: 'is required when NODE_ENV=production (or set MAIL_TO_LOG=1 to write mail to the log)',
      });
    }
    // Without the secret no webhook can be verified: paid orders would stay unpaid and their stock be released.
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: 'custom',
        path: ['STRIPE_WEBHOOK_SECRET'],
        message: 'is required when STRIPE_SECRET_KEY is set',
      });
    }
    checkStorage(env, ctx);
  });

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  dbPoolSize: number;
  /** Prepare statements on the PostgreSQL server (off behind a transaction-mode PgBouncer). */
  dbPrepare: boolean;
  /** PostgreSQL server: the longest a statement may run before the server cancels it. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL server: the longest a new connection may take to open. */
  dbConnectTimeoutMs: number;
  dataDir: string;
  /** Ingestion may fetch from loopback and private addresses (INGEST_ALLOW_PRIVATE=1: tests, development). */
  ingestAllowPrivate: boolean;
  /** Fastify's trustProxy: off, a hop count, or the proxies' addresses (never every hop). */
  trustProxy: false | number | string[];
  /** Seed the demo shop into an empty database at start (development and test, or SEED_DEMO=1). */
  seedDemo: boolean;
  /** Unset: mail is written to the log (allowed in production only with MAIL_TO_LOG=1). */
  smtpUrl?: string;
  mailFrom: string;
  stripe?: { secretKey: string; webhookSecret: string; apiBase?: string };
  testGateway: boolean;
  openai?: { apiKey: string; baseUrl?: string };
  chatModel: string;
  logLevel: string;
  jobs: boolean;
  /**
   * Keep the visible catalogue in this process and answer searches from it (modules/catalog/search-index), and keep
   * the product cards lists show (card-cache.ts): SEARCH_INDEX=memory, the default outside tests. Off: ask PostgreSQL
   * every time.
   */
  searchIndex: boolean;
  /** Where the built web app is; defaults to apps/web/dist. */
  webDist?: string;
  /** Where uploads are kept: DATA_DIR/uploads, or an S3 bucket. */
  storage: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
}

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the process with the variable's name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dbPoolSize: e.DB_POOL_SIZE,
    dbPrepare: e.DB_PREPARE === 'on',
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dataDir: e.DATA_DIR ? resolve(e.DATA_DIR) : DEFAULT_DATA_DIR,
    ingestAllowPrivate: e.INGEST_ALLOW_PRIVATE === '1',
    trustProxy: e.TRUST_PROXY,
    // The demo logins are public (README): never in production unless asked for.
    seedDemo: e.SEED_DEMO === '1' || (e.SEED_DEMO !== '0' && e.NODE_ENV !== 'production'),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
    testGateway: e.NODE_ENV !== 'production' || e.PAYMENTS_TEST_GATEWAY === '1',
    openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL } : undefined,
    chatModel: e.CHAT_MODEL,
    logLevel: e.LOG_LEVEL,
    jobs: e.JOBS === 'on',
    // Tests write products with raw SQL and search at once; the index hears of such writes a moment later.
    searchIndex: e.SEARCH_INDEX ? e.SEARCH_INDEX === 'memory' : e.NODE_ENV !== 'test',
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION ?? 'us-east-1',
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            // S3-compatible servers are addressed by path (their host names carry no buckets); AWS by host name.
            forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === '1' : e.S3_ENDPOINT !== undefined,
          }
        : { kind: 'disk' },
  };
}
