import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES, uploadMessages } from '@pricehub/shared/schemas/product';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { makePng, sendUpload } from './testing';

const t = await buildTestApp({ dataDir: `/tmp/pricehub-media-test-${process.pid}` });
const seller = await createSeller(t);
const shopper = await createCustomer(t);

const png = await makePng(1600, 900);

describe('POST /api/uploads', () => {
  it('re-encodes a PNG to a 1200px WebP and a 400px thumbnail, served with long cache headers', async () => {
    const res = await sendUpload(t, png, { cookie: seller.cookie });
    expect(res.statusCode).toBe(201);
    const { url, thumbnailUrl } = res.json();
    expect(url).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
    expect((await sharp(join(t.ctx.config.dataDir, url)).metadata()).width).toBe(1200);
    expect((await sharp(join(t.ctx.config.dataDir, thumbnailUrl)).metadata()).width).toBe(400);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
  });

  it('refuses a text file renamed to .jpg with 400 and stores nothing', async () => {
    const res = await sendUpload(t, 'just some text, not an image at all', {
      cookie: seller.cookie,
      filename: 'evil.jpg',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(uploadMessages.badType);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const big = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES + 1024)]);
    const res = await sendUpload(t, big, { cookie: seller.cookie, filename: 'huge.png' });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(uploadMessages.tooLarge);
  });

  it('refuses a request without the file field', async () => {
    const res = await sendUpload(t, png, { cookie: seller.cookie, field: 'picture' });
    expect(res.statusCode).toBe(400);
  });

  it('is for signed-in sellers only', async () => {
    expect((await sendUpload(t, png)).statusCode).toBe(401);
    expect((await sendUpload(t, png, { cookie: shopper.cookie })).statusCode).toBe(403);
  });

  it('serves demo SVGs with a locked-down content security policy', async () => {
    const dir = join(t.ctx.config.dataDir, 'uploads', 'demo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'x.svg'), '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/demo/x.svg' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(existsSync(join(dir, 'x.svg'))).toBe(true);
  });
});
