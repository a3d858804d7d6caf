import { existsSync, mkdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ADDRESS } from '../../testing/shop';
import { addProduct, productBody } from '../catalog/test-fixtures';
import { moduleJobs } from '../registry';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller, type TestSeller } from '../../testing/factories';
import { uploadsDirOf } from '../../adapters/storage/open-storage';
import { sweepUploads, UPLOAD_GRACE_MS } from './sweep';
import { makePng, uploadPhoto } from './testing';

const dataDir = join(tmpdir(), `pricehub-upload-cleanup-${process.pid}`);
const t = await buildTestApp({ dataDir });
const dir = uploadsDirOf(dataDir);
const seller = await createSeller(t);
const other = await createSeller(t);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const png = await makePng(64, 48);

/** Uploads a photo through the real route; `files` are its two files on disk. */
async function upload(as: TestSeller = seller) {
  const { url, keys } = await uploadPhoto(t, as.cookie, png);
  const files = keys.map((key) => join(dir, key));
  return { url, files, exists: () => files.map((f) => existsSync(f)) };
}

const both = [true, true];
const none = [false, false];

const send = (method: 'PUT' | 'DELETE' | 'POST', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const replaceImage = (as: TestSeller, listingId: number, name: string, image: string) =>
  send('PUT', `/api/seller/products/${listingId}`, as.cookie, productBody({ name, image, stock: 'instock' }));

/** Makes a file look as old as `ms` ago. */
const age = (file: string, ms: number) => {
  const then = new Date(Date.now() - ms);
  utimesSync(file, then, then);
};

describe('replacing or deleting what shows an upload', () => {
  it("deletes a listing's replaced photo, both sizes, and keeps the new one", async () => {
    const [first, second] = [await upload(), await upload()];
    const name = 'Cleanup Phone 1';
    const { listingId } = await addProduct(t, seller, { name, image: first.url });
    expect(first.exists()).toEqual(both);
    const res = await replaceImage(seller, listingId, name, second.url);
    expect(res.statusCode).toBe(200);
    expect(first.exists()).toEqual(none);
    expect(second.exists()).toEqual(both);
    // Saving again with the same photo deletes nothing.
    await replaceImage(seller, listingId, name, second.url);
    expect(second.exists()).toEqual(both);
  });

  it('keeps a replaced photo that another listing, the catalogue product or an order still shows', async () => {
    const shared = await upload();
    const ours = await addProduct(t, seller, { name: 'Cleanup Laptop 2', image: shared.url });
    const theirs = await addProduct(t, other, { name: 'Cleanup Tablet 3', image: shared.url, category: 'computer' });
    await replaceImage(seller, ours.listingId, 'Cleanup Laptop 2', (await upload()).url);
    expect(shared.exists(), 'the other listing shows it').toEqual(both);

    // Deleting the listing leaves its catalogue product, which still shows the photo.
    const deleted = await send('DELETE', `/api/seller/products/${theirs.listingId}`, other.cookie);
    expect(deleted.statusCode).toBe(200);
    expect(shared.exists(), 'its catalogue product shows it').toEqual(both);

    // A photo bought with is on the shopper's order for good.
    const bought = await upload();
    const sold = await addProduct(t, seller, { name: 'Cleanup Desktop 4', image: bought.url, category: 'computer' });
    const shopper = await createCustomer(t);
    expect((await send('POST', '/api/cart/items', shopper.cookie, { listingId: sold.listingId })).statusCode).toBe(201);
    const order = await send('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'cashOnDel',
      shippingAddress: ADDRESS,
    });
    expect(order.statusCode, order.body).toBe(201);
    await replaceImage(seller, sold.listingId, 'Cleanup Desktop 4', (await upload()).url);
    expect(bought.exists(), 'the order shows it').toEqual(both);
  });

  it("deletes a blog post's photo when an edit drops it or the post is deleted", async () => {
    const [kept, dropped, withPost] = [await upload(), await upload(), await upload()];
    const post = await send('POST', '/api/seller/blogs', seller.cookie, {
      title: 'Photos',
      content: `![front](${kept.url})\n\n![back](${dropped.url})`,
    });
    const id = post.json().blog.id as number;
    await send('PUT', `/api/seller/blogs/${id}`, seller.cookie, { title: 'Photos', content: `![front](${kept.url})` });
    expect(dropped.exists()).toEqual(none);
    expect(kept.exists()).toEqual(both);

    const second = await send('POST', '/api/seller/blogs', seller.cookie, {
      title: 'More',
      content: `![a](${withPost.url}) and ![again](${kept.url})`,
    });
    await send('DELETE', `/api/seller/blogs/${second.json().blog.id}`, seller.cookie);
    expect(withPost.exists()).toEqual(none);
    expect(kept.exists(), 'the first post still shows it').toEqual(both);
  });
});

describe('the sweep of unreferenced uploads', () => {
  it('deletes old uploads nothing shows, keeps shown and fresh ones, and touches nothing else', async () => {
    const [orphan, shown, fresh, halfFresh] = [await upload(), await upload(), await upload(), await upload()];
    await addProduct(t, seller, { name: 'Cleanup Phone 5', image: shown.url });
    const old = UPLOAD_GRACE_MS + 60_000;
    for (const file of [...orphan.files, ...shown.files, halfFresh.files[0]!]) age(file, old);
    age(fresh.files[0]!, UPLOAD_GRACE_MS - 60_000);

    // Old files the upload route did not write: a demo image, a note, a folder and a link named like uploads.
    mkdirSync(join(dir, 'demo'), { recursive: true });
    const outside = join(dataDir, 'outside.webp');
    const strangers = [
      join(dir, 'demo', 'laptop.svg'),
      join(dir, 'demo', 'mf000000-0000000000000000.webp'),
      join(dir, 'notes.txt'),
      outside,
    ];
    for (const file of strangers) writeFileSync(file, 'x');
    const folder = join(dir, 'mf000001-0000000000000001.webp');
    mkdirSync(folder, { recursive: true });
    const link = join(dir, 'mf000002-0000000000000002.webp');
    rmSync(link, { force: true });
    symlinkSync(outside, link);
    for (const file of [...strangers, folder]) age(file, old);

    const gone = await sweepUploads(t.ctx);
    expect(gone).toEqual([orphan.url.slice('/uploads/'.length, -'.webp'.length)]);
    expect(orphan.exists()).toEqual(none);
    expect(shown.exists()).toEqual(both);
    expect(fresh.exists()).toEqual(both);
    expect(halfFresh.exists(), 'a fresh thumbnail keeps its upload').toEqual(both);
    for (const file of [...strangers, folder, link]) expect(existsSync(file), file).toBe(true);
    expect(await sweepUploads(t.ctx)).toEqual([]);
  });

  it('runs every hour as a scheduled job', () => {
    const job = moduleJobs.flatMap((jobs) => jobs(t.ctx)).find((j) => j.name === 'media:sweep-uploads');
    expect(job?.intervalSeconds).toBe(3600);
  });
});
