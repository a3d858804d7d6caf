import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

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
      dataDir: resolve('./data'),
      smtpUrl: undefined,
      mailFrom: 'PriceHub <no-reply@pricehub.local>',
      stripe: undefined,
      testGateway: true,
      openai: undefined,
      chatModel: 'gpt-3.5-turbo',
      logLevel: 'info',
      jobs: true,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
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
    ['SESSION_SECRET', { SESSION_SECRET: 'too-short' }],
  ])('refuses a bad %s, naming it', (name, env) => {
    expect(failure(env)).toMatch(new RegExp(`^\\s+${name}: `, 'm'));
  });

  it('requires SESSION_SECRET in production and accepts a long one', () => {
    expect(failure({ NODE_ENV: 'production' })).toMatch(/SESSION_SECRET: is required when NODE_ENV=production/);
    const secret = 'x'.repeat(40);
    const config = loadConfig({ NODE_ENV: 'production', SESSION_SECRET: secret });
    expect(config.sessionSecret).toBe(secret);
    // Production never offers the test payment gateway unless asked to.
    expect(config.testGateway).toBe(false);
  });

  it('names every bad variable at once', () => {
    const message = failure({ PORT: '-1', SMTP_URL: 'nope', NODE_ENV: 'production' });
    for (const name of ['PORT', 'SMTP_URL', 'SESSION_SECRET']) expect(message).toContain(`${name}: `);
  });
});
