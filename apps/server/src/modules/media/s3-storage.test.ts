import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../adapters/storage/s3-stand-in';
import { loadConfig } from '../../config';
import { createSeller } from '../../testing/factories';
import { buildTestApp } from '../../testing/test-app';
import { addProduct, productBody } from '../catalog/test-fixtures';
import { sweepUploads, UPLOAD_GRACE_MS } from './sweep';
import { makePng, uploadPhoto } from './testing';

const standIn = await startS3StandIn();
afterAll(() => standIn.close());
const dataDir = mkdtempSync(join(tmpdir(), 'pricehub-s3-uploads-'));
const { storage } = loadConfig({
  STORAGE: 's3',
  S3_BUCKET: standIn.bucket,
  S3_ENDPOINT: standIn.endpoint,
  S3_ACCESS_KEY_ID: standIn.accessKeyId,
  S3_SECRET_ACCESS_KEY: 'stand-in-secret',
});
const t = await buildTestApp({ dataDir, storage });
const seller = await createSeller(t);
const png = await makePng(1600, 900);

const fetchUpload = (url: string) => t.app.inject({ method: 'GET', url });
const inBucket = (keys: string[]) => keys.map((key) => standIn.objects.has(key));
/** An object some other program keeps in the bucket. */
const note = { body: Buffer.from('private'), contentType: 'text/plain', modifiedAt: new Date(0) };

describe('uploads with STORAGE=s3', () => {
  it('stores both sizes in the bucket, nothing on disk, and serves them back at their /uploads/ URLs', async () => {
    const photo = await uploadPhoto(t, seller.cookie, png);
    expect(inBucket(photo.keys)).toEqual([true, true]);
    for (const key of photo.keys) expect(existsSync(join(dataDir, 'uploads', key)), key).toBe(false);

    const served = await fetchUpload(photo.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    expect(served.rawPayload.equals(standIn.objects.get(photo.keys[0]!)!.body)).toBe(true);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(1200);
    expect((await sharp((await fetchUpload(photo.thumbnailUrl)).rawPayload).metadata()).width).toBe(400);
  });

  it('answers 404 for an upload the bucket does not have, and for names no upload has', async () => {
    expect((await fetchUpload('/uploads/mf000000-0123456789abcdef.webp')).statusCode).toBe(404);
    standIn.objects.set('private.txt', note);
    expect((await fetchUpload('/uploads/private.txt')).statusCode).toBe(404);
    expect((await fetchUpload('/uploads/..%2Fprivate.txt')).statusCode).toBe(404);
  });

  it('still serves the demo images from this machine', async () => {
    const demo = join(dataDir, 'uploads', 'demo');
    mkdirSync(demo, { recursive: true });
    writeFileSync(join(demo, 'phone.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    const res = await fetchUpload('/uploads/demo/phone.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });

  it("deletes a listing's replaced photo from the bucket at once", async () => {
    const [first, second] = [await uploadPhoto(t, seller.cookie, png), await uploadPhoto(t, seller.cookie, png)];
    const name = 'Bucket Phone 1';
    const { listingId } = await addProduct(t, seller, { name, image: first.url });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/seller/products/${listingId}`,
      headers: { cookie: seller.cookie },
      payload: productBody({ name, image: second.url, stock: 'instock' }),
    });
    expect(res.statusCode).toBe(200);
    expect(inBucket(first.keys)).toEqual([false, false]);
    expect(inBucket(second.keys)).toEqual([true, true]);
  });

  it('lets the sweep delete old uploads nothing shows from the bucket, and keep shown ones', async () => {
    const [orphan, shown] = [await uploadPhoto(t, seller.cookie, png), await uploadPhoto(t, seller.cookie, png)];
    standIn.objects.set('notes.txt', note);
    await addProduct(t, seller, { name: 'Bucket Phone 2', image: shown.url });
    const fresh = await sweepUploads(t.ctx);
    expect(fresh, 'uploads younger than the grace period stay').toEqual([]);

    const gone = await sweepUploads(t.ctx, { now: Date.now() + UPLOAD_GRACE_MS + 60_000 });
    expect(gone).toContain(orphan.name);
    expect(gone).not.toContain(shown.name);
    expect(inBucket(orphan.keys)).toEqual([false, false]);
    expect((await fetchUpload(orphan.url)).statusCode).toBe(404);
    expect((await fetchUpload(shown.url)).statusCode).toBe(200);
    expect(standIn.objects.has('notes.txt'), 'a file the upload route did not write').toBe(true);
  });
});
