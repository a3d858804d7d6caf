import sharp from 'sharp';
import type { TestApp } from '../../testing/test-app';

/** A PNG of the given size, made on the spot. */
export const makePng = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

/** POST /api/uploads with one file in a multipart body, as the browser's form sends it. */
export function sendUpload(
  t: TestApp,
  bytes: Buffer | string,
  { cookie, filename = 'photo.png', field = 'file', remoteAddress }: UploadOptions = {},
) {
  const boundary = '----pricehub-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    ...(remoteAddress ? { remoteAddress } : {}),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(cookie ? { cookie } : {}) },
    payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${boundary}--\r\n`)]),
  });
}

interface UploadOptions {
  cookie?: string;
  filename?: string;
  field?: string;
  remoteAddress?: string;
}

/** An upload that must succeed: its URLs, and its storage keys (`<name>.webp`, `<name>-thumb.webp`). */
export async function uploadPhoto(t: TestApp, cookie: string, png: Buffer) {
  const res = await sendUpload(t, png, { cookie });
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  const { url, thumbnailUrl } = res.json() as { url: string; thumbnailUrl: string };
  const keys = [url, thumbnailUrl].map((u) => u.slice('/uploads/'.length));
  return { url, thumbnailUrl, keys, name: keys[0]!.slice(0, -'.webp'.length) };
}
