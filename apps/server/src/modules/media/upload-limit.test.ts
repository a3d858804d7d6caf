import { describe, expect, it } from 'vitest';
import { tooManyRequests } from '../../http/rate-limit';
import { buildTestApp } from '../../testing/test-app';
import { createSeller } from '../../testing/factories';
import { UPLOAD_LIMIT } from './routes';
import { sendUpload } from './testing';

const t = await buildTestApp({ dataDir: `/tmp/pricehub-upload-limit-test-${process.pid}` });

// A request that is counted and then refused as not an image: the limit is taken before any decoding.
const upload = (cookie: string, remoteAddress: string) =>
  sendUpload(t, 'not an image', { cookie, remoteAddress, filename: 'a.jpg' });

describe('the upload limit', () => {
  it('takes 100 uploads an hour per seller, whatever the address, then answers 429', async () => {
    const seller = await createSeller(t);
    for (let i = 0; i < UPLOAD_LIMIT.perAccount; i++) {
      expect((await upload(seller.cookie, `10.6.${i % 4}.1`)).statusCode).toBe(400);
    }
    const limited = await upload(seller.cookie, '10.6.9.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(tooManyRequests);
  });

  it('takes 200 an hour per address, across sellers', async () => {
    const sellers = [await createSeller(t), await createSeller(t), await createSeller(t)];
    for (let i = 0; i < UPLOAD_LIMIT.perAddress; i++) {
      expect((await upload(sellers[i % 3]!.cookie, '10.7.0.1')).statusCode).toBe(400);
    }
    expect((await upload(sellers[0]!.cookie, '10.7.0.1')).statusCode).toBe(429);
    expect((await upload(sellers[0]!.cookie, '10.7.0.2')).statusCode).toBe(400);
  });
});
