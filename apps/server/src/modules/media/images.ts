import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { FileStorage } from '../../adapters/storage/file-storage';

export type ImageKind = 'jpeg' | 'png' | 'webp';

/** The image type from its first bytes; the file name and the declared type are not trusted. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

/** The name of one upload (`<time>-<random>`), stored as `<name>.webp` with `<name>-thumb.webp` beside it. */
export const newUploadName = () => `${Date.now().toString(36)}-${randomBytes(8).toString('hex')}`;

export const LARGE_WIDTH = 1200;
export const THUMB_WIDTH = 400;

/** An upload at its two sizes, as WebP. */
export interface EncodedImage {
  large: Buffer;
  thumb: Buffer;
}

/**
 * Re-encodes to WebP at two sizes. Re-encoding drops metadata (EXIF location) and anything smuggled after the image
 * data. Throws when the bytes do not decode.
 */
export async function encodeImage(bytes: Buffer): Promise<EncodedImage> {
  const source = sharp(bytes, { limitInputPixels: 40_000_000 }).rotate();
  const [large, thumb] = await Promise.all([
    source.clone().resize({ width: LARGE_WIDTH, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer(),
    source.clone().resize({ width: THUMB_WIDTH, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer(),
  ]);
  return { large, thumb };
}

/** Stores both sizes under a new name; the answer is what POST /api/uploads returns. */
export async function storeImage(
  storage: FileStorage,
  { large, thumb }: EncodedImage,
): Promise<{ url: string; thumbnailUrl: string }> {
  const name = newUploadName();
  await Promise.all([
    storage.put(`${name}.webp`, large, 'image/webp'),
    storage.put(`${name}-thumb.webp`, thumb, 'image/webp'),
  ]);
  return { url: `/uploads/${name}.webp`, thumbnailUrl: `/uploads/${name}-thumb.webp` };
}
