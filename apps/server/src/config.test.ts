import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from './config';

const failure = (env: NodeJS.ProcessEnv): string => {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('expected the configuration to be refused');
};

describe('configuration from the environment', () => {
  it('keeps data in data/ at the repository root by default, wherever a command runs, and DATA_DIR from the cwd', () => {
    // The root holds the workspace's package-lock.json; the server's own folder does not.
    expect(existsSync(join(DEFAULT_DATA_DIR, '..', 'package-lock.json'))).toBe(true);
    expect(DEFAULT_DATA_DIR.endsWith('/data')).toBe(true);
    expect(loadConfig({ DATA_DIR: 'relative/here' }).dataDir).toBe(resolve('relative/here'));
  });

  it('starts with working defaults when nothing is set', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 8000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:8000',
      databaseUrl: undefined,
      dbPoolSize: 10,
      dbPrepare: true,
      dbStatementTimeoutMs: 15_000,
      dbConnectTimeoutMs: 5_000,
      dataDir: DEFAULT_DATA_DIR,
      smtpUrl: undefined,
      mailFrom: 'PriceHub <no-reply@pricehub.local>',
      stripe: undefined,
      testGateway: true,
      openai: undefined,
      chatModel: 'gpt-3.5-turbo',
      logLevel: 'info',
      jobs: true,
      trustProxy: false,
      seedDemo: true,
    });
  });

  it('reads the database timeouts and refuses ones that would disable them', () => {
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '30000', DB_CONNECT_TIMEOUT_MS: '2000' })).toMatchObject({
      dbStatementTimeoutMs: 30_000,
      dbConnectTimeoutMs: 2_000,
    });
    expect(failure({ DB_STATEMENT_TIMEOUT_MS: '0' })).toMatch(/DB_STATEMENT_TIMEOUT_MS/);
    expect(failure({ DB_CONNECT_TIMEOUT_MS: 'soon' })).toMatch(/DB_CONNECT_TIMEOUT_MS/);
  });

  it('reads the values it is given', () => {
    const config = loadConfig({
      PORT: '9001',
      PUBLIC_URL: 'https://shop.example.com/',
      DATABASE_URL: 'postgres://app@db.internal:5432/pricehub',
      DATA_DIR: '/var/lib/pricehub',
      SMTP_URL: 'smtps://mailer:secret@mail.example.com:465',
      MAIL_FROM: 'Shop <shop@example.com>',
      JOBS: 'off',
    });
    expect(config).toMatchObject({
      port: 9001,
      publicUrl: 'https://shop.example.com',
      databaseUrl: 'postgres://app@db.internal:5432/pricehub',
      dataDir: '/var/lib/pricehub',
      smtpUrl: 'smtps://mailer:secret@mail.example.com:465',
      mailFrom: 'Shop <shop@example.com>',
      jobs: false,
    });
  });

  it('treats empty DATABASE_URL and SMTP_URL as unset (embedded database, mail to the log)', () => {
    const config = loadConfig({ DATABASE_URL: '', SMTP_URL: '  ' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
  });

  it.each([
    ['PORT', { PORT: 'eighty' }],
    ['PORT', { PORT: '70000' }],
    ['PORT', { PORT: '80.5' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://root@localhost/shop' }],
    ['DATABASE_URL', { DATABASE_URL: 'not a url' }],
    ['SMTP_URL', { SMTP_URL: 'mail.example.com:587' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail.example.com' }],
    ['PUBLIC_URL', { PUBLIC_URL: 'localhost:8000' }],
    ['TRUST_PROXY', { TRUST_PROXY: 'true' }],
    ['TRUST_PROXY', { TRUST_PROXY: '-1' }],
    ['TRUST_PROXY', { TRUST_PROXY: '1000' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.1,proxy.internal' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/33' }],
    ['TRUST_PROXY', { TRUST_PROXY: '10.0.0.0/8/1' }],
    ['SEED_DEMO', { SEED_DEMO: 'yes' }],
    ['MAIL_TO_LOG', { MAIL_TO_LOG: 'true' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(failure(env)).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('needs STRIPE_WEBHOOK_SECRET whenever STRIPE_SECRET_KEY is set, naming it', () => {
    expect(failure({ STRIPE_SECRET_KEY: 'sk_live_x' })).toMatch(
      /^\s+STRIPE_WEBHOOK_SECRET: is required when STRIPE_SECRET_KEY is set/m,
    );
    expect(failure({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: '' })).toMatch(/STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toEqual({
      secretKey: 'sk_live_x',
      webhookSecret: 'whsec_x',
      apiBase: undefined,
    });
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_x' }).stripe).toBeUndefined();
  });

  it('in production, needs SMTP_URL or an explicit MAIL_TO_LOG=1, and turns the test gateway off', () => {
    expect(failure({ NODE_ENV: 'production' })).toMatch(
      /SMTP_URL: is required when NODE_ENV=production \(or set MAIL_TO_LOG=1 to write mail to the log\)/,
    );
    expect(failure({ NODE_ENV: 'production', MAIL_TO_LOG: '0' })).toMatch(/SMTP_URL: is required/);
    expect(loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com' }).smtpUrl).toBe(
      'smtp://mail.example.com',
    );
    const config = loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: '1' });
    expect(config.smtpUrl).toBeUndefined();
    // Production never offers the test payment gateway unless asked to.
    expect(config.testGateway).toBe(false);
    // Development and tests write mail to the log without being told.
    expect(loadConfig({ NODE_ENV: 'test' }).smtpUrl).toBeUndefined();
  });

  it('has no SESSION_SECRET: nothing is signed with it (sessions and reset links are random tokens stored hashed)', () => {
    const config = loadConfig({ NODE_ENV: 'production', MAIL_TO_LOG: '1', SESSION_SECRET: 'too-short' });
    expect(config).not.toHaveProperty('sessionSecret');
  });

  it('seeds the demo shop in development and test only, unless SEED_DEMO says otherwise', () => {
    const prod = { NODE_ENV: 'production', MAIL_TO_LOG: '1' };
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test' }).seedDemo).toBe(true);
    expect(loadConfig(prod).seedDemo).toBe(false);
    expect(loadConfig({ ...prod, SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it.each([
    ['', false],
    ['off', false],
    ['0', false],
    ['1', 1],
    [' 2 ', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.10 ,loopback', ['10.0.0.0/8', '192.168.1.10', 'loopback']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('reads TRUST_PROXY=%j as %j', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('names every bad variable at once', () => {
    const message = failure({ PORT: '-1', SMTP_URL: 'nope', TRUST_PROXY: 'yes', NODE_ENV: 'production' });
    for (const name of ['PORT', 'SMTP_URL', 'TRUST_PROXY']) expect(message).toContain(`${name}: `);
  });
});
