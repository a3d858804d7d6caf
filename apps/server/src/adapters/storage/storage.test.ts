import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import type { FileStorage } from './file-storage';
import { openStorage, uploadsDirOf } from './open-storage';
import { startS3StandIn } from './s3-stand-in';

const standIn = await startS3StandIn({ pageSize: 2 });
afterAll(() => standIn.close());

const s3Env = {
  STORAGE: 's3',
  S3_BUCKET: standIn.bucket,
  S3_ENDPOINT: standIn.endpoint,
  S3_ACCESS_KEY_ID: standIn.accessKeyId,
  S3_SECRET_ACCESS_KEY: 'stand-in-secret',
};

/** Storage as the server opens it, from environment variables. */
const storageFrom = (env: Record<string, string>) => openStorage(loadConfig(env));

const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-storage-'));
const disk = await storageFrom({ DATA_DIR: dataDir });
const s3 = await storageFrom(s3Env);

async function keysIn(storage: FileStorage): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list()) keys.push(file.key);
  return keys.sort();
}

describe.each([
  ['disk', disk],
  ['s3', s3],
])('%s storage', (kind, storage) => {
  it('is the one the configuration chose', () => {
    expect(storage.kind).toBe(kind);
  });

  it('gives back what was put, with its size, and lists it with its time', async () => {
    const before = Date.now() - 1000;
    await storage.put(`${kind}-a.webp`, Buffer.from('first photo'), 'image/webp');
    const file = await storage.get(`${kind}-a.webp`);
    expect(file?.size).toBe('first photo'.length);
    expect(await text(file!.body)).toBe('first photo');
    const listed: { key: string; modifiedAt: Date }[] = [];
    for await (const entry of storage.list()) listed.push(entry);
    const entry = listed.find((e) => e.key === `${kind}-a.webp`);
    expect(entry?.modifiedAt.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('answers null for a file that is not there, and deletes one whether or not it is', async () => {
    expect(await storage.get(`${kind}-missing.webp`)).toBeNull();
    await storage.put(`${kind}-b.webp`, Buffer.from('x'), 'image/webp');
    await storage.delete(`${kind}-b.webp`);
    await storage.delete(`${kind}-b.webp`);
    expect(await storage.get(`${kind}-b.webp`)).toBeNull();
    expect(await keysIn(storage)).not.toContain(`${kind}-b.webp`);
  });

  it('takes plain file names only, never a path', async () => {
    for (const key of ['../outside.webp', 'demo/x.svg', '.hidden', '']) {
      await expect(storage.put(key, Buffer.from('x'), 'image/webp'), key).rejects.toThrow('not a storage key');
      await expect(storage.get(key), key).rejects.toThrow('not a storage key');
    }
  });
});

describe('disk storage', () => {
  it('keeps files in DATA_DIR/uploads, where every earlier upload is, and shows no folder or link', async () => {
    const dir = uploadsDirOf(dataDir);
    mkdirSync(join(dir, 'demo'), { recursive: true });
    writeFileSync(join(dir, 'earlier.webp'), 'uploaded before the adapter');
    writeFileSync(join(dir, 'demo', 'laptop.svg'), '<svg/>');
    writeFileSync(join(dataDir, 'secret.txt'), 'outside the uploads');
    symlinkSync(join(dataDir, 'secret.txt'), join(dir, 'link.webp'));

    expect(await text((await disk.get('earlier.webp'))!.body)).toBe('uploaded before the adapter');
    expect(await disk.get('link.webp'), 'a link is not followed').toBeNull();
    expect(await disk.get('demo'), 'a folder is not a file').toBeNull();
    const keys = await keysIn(disk);
    expect(keys).toContain('earlier.webp');
    expect(keys).not.toContain('demo');
    expect(keys).not.toContain('link.webp');
  });
});

describe('S3 storage', () => {
  it('lists a bucket page by page, leaving out keys inside folders', async () => {
    standIn.objects.clear();
    const keys = ['p1.webp', 'p2.webp', 'p3.webp', 'p4.webp', 'p5.webp'];
    for (const key of keys) await s3.put(key, Buffer.from(key), 'image/webp');
    standIn.objects.set('demo/laptop.svg', {
      body: Buffer.from('<svg/>'),
      contentType: 'image/svg+xml',
      modifiedAt: new Date(),
    });
    const pages = standIn.requests.length;
    expect(await keysIn(s3)).toEqual(keys);
    expect(standIn.requests.length - pages, 'three pages of two').toBe(3);
  });

  it('stores the content type and signs every request with the configured key', async () => {
    await s3.put('typed.webp', Buffer.from('x'), 'image/webp');
    expect(standIn.objects.get('typed.webp')?.contentType).toBe('image/webp');
    const stranger = await storageFrom({ ...s3Env, S3_ACCESS_KEY_ID: 'SOMEONE-ELSE' });
    await expect(stranger.put('nope.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
    expect(standIn.objects.has('nope.webp')).toBe(false);
  });
});

describe('choosing the storage', () => {
  const problems = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      if (error instanceof ConfigError) return error.message;
      throw error;
    }
  };

  it('uses the disk unless STORAGE=s3', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(problems({ STORAGE: 'ftp' })).toContain('STORAGE: must be disk or s3');
  });

  it('stops at start, naming each missing variable, when S3 is half-configured', () => {
    const message = problems({ STORAGE: 's3', S3_BUCKET: 'photos' });
    expect(message).toContain('S3_ACCESS_KEY_ID: is required when STORAGE=s3');
    expect(message).toContain('S3_SECRET_ACCESS_KEY: is required when STORAGE=s3');
    expect(message).not.toContain('S3_BUCKET');
    expect(problems({ S3_BUCKET: 'photos' })).toContain('STORAGE: must be s3 when S3_BUCKET is set');
    expect(problems({ ...s3Env, S3_ENDPOINT: 'ftp://files.example' })).toContain('S3_ENDPOINT: must start with http');
    expect(problems({ ...s3Env, S3_FORCE_PATH_STYLE: 'yes' })).toContain('S3_FORCE_PATH_STYLE: must be 0 or 1');
  });

  it('addresses an S3-compatible server by path and AWS by host name, unless told otherwise', () => {
    const style = (env: Record<string, string>) => {
      const { storage } = loadConfig({ ...s3Env, ...env });
      return storage.kind === 's3' && { forcePathStyle: storage.forcePathStyle, region: storage.region };
    };
    expect(style({})).toEqual({ forcePathStyle: true, region: 'us-east-1' });
    expect(style({ S3_ENDPOINT: '', S3_REGION: 'eu-central-1' })).toEqual({
      forcePathStyle: false,
      region: 'eu-central-1',
    });
    expect(style({ S3_FORCE_PATH_STYLE: '0' })).toEqual({ forcePathStyle: false, region: 'us-east-1' });
  });
});
