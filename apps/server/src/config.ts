import { resolve } from 'node:path';
import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => v || undefined)
  .pipe(z.url().optional())
  .optional();

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
    DATA_DIR: z.string().default('./data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: optionalUrl.refine(
      (v) => v === undefined || /^smtps?:\/\//.test(v),
      'must start with smtp:// or smtps://',
    ),
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
    WEB_DIST: z.string().optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required when NODE_ENV=production' });
    }
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
  dataDir: string;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  stripe?: { secretKey: string; webhookSecret?: string; apiBase?: string };
  testGateway: boolean;
  openai?: { apiKey: string; baseUrl?: string };
  chatModel: string;
  logLevel: string;
  jobs: boolean;
  /** Where the built web app is; defaults to apps/web/dist. */
  webDist?: string;
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
    dataDir: resolve(e.DATA_DIR),
    // Sessions are random tokens stored hashed; the secret only signs short-lived values such as payment ids.
    sessionSecret: e.SESSION_SECRET ?? 'development-only-secret-development-only',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
      : undefined,
    testGateway: e.NODE_ENV !== 'production' || e.PAYMENTS_TEST_GATEWAY === '1',
    openai: e.OPENAI_API_KEY ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL } : undefined,
    chatModel: e.CHAT_MODEL,
    logLevel: e.LOG_LEVEL,
    jobs: e.JOBS === 'on',
    webDist: e.WEB_DIST ? resolve(e.WEB_DIST) : undefined,
  };
}
