import { readdir } from 'node:fs/promises';
import { extname, join } from 'node:path';
import sharp from 'sharp';
import { TRUNK_INPUT_SIZE } from './architecture';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import { preprocess, type RawImage } from './preprocess';

/** Bytes of one stored training image: 112×112 RGB, the trunk's input. */
export const PIXELS_PER_IMAGE = TRUNK_INPUT_SIZE * TRUNK_INPUT_SIZE * 3;

/**
 * A fixed-capacity set of labelled images in shared memory, so the training workers read it without copies.
 * Images are stored exactly as the shipped model sees them after its first (2×2 average) layer.
 */
export interface ImagePool {
  pixels: Uint8Array;
  labels: Int32Array;
  /** How many slots hold an image (the pool fills up front, then slots get replaced). */
  size: number;
}

export function createPool(capacity: number): ImagePool {
  return {
    pixels: new Uint8Array(new SharedArrayBuffer(capacity * PIXELS_PER_IMAGE)),
    labels: new Int32Array(new SharedArrayBuffer(capacity * 4)),
    size: 0,
  };
}

export function poolCapacity(pool: ImagePool): number {
  return pool.labels.length;
}

/** Runs the shared `preprocess` and the model's first average-pool, and stores the result as bytes. */
export function storeImage(
  pool: ImagePool,
  slot: number,
  label: number,
  raw: { data: Uint8Array; width: number; height: number; channels: 3 | 4 },
): void {
  const input = preprocess(raw);
  const out = pool.pixels.subarray(slot * PIXELS_PER_IMAGE, (slot + 1) * PIXELS_PER_IMAGE);
  const S = MODEL_INPUT_SIZE;
  const T = TRUNK_INPUT_SIZE;
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (2 * y * S + 2 * x) * 3 + c;
        const sum = input[i]! + input[i + 3]! + input[i + S * 3]! + input[i + S * 3 + 3]!;
        out[(y * T + x) * 3 + c] = Math.round(sum * 63.75);
      }
    }
  }
  pool.labels[slot] = label;
}

const IMAGE_EXTENSIONS = new Set(['.jpg', '.jpeg', '.png', '.webp', '.gif', '.avif', '.tif', '.tiff']);

/** Lists `<dir>/<Class>/*` images; folder names must match the class names (any case). */
export async function listFolder(dir: string): Promise<{ path: string; label: number }[]> {
  const files: { path: string; label: number }[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    const label = BRAND_CLASSES.findIndex((c) => c.toLowerCase() === entry.name.toLowerCase());
    if (label < 0) throw new Error(`Folder "${entry.name}" is not one of the classes: ${BRAND_CLASSES.join(', ')}`);
    for (const file of (await readdir(join(dir, entry.name))).sort()) {
      if (IMAGE_EXTENSIONS.has(extname(file).toLowerCase())) files.push({ path: join(dir, entry.name, file), label });
    }
  }
  return files;
}

/** Decodes any photo sharp can read (EXIF-rotated, as a phone shows it) into raw RGB for `preprocess`. */
export async function decodePhoto(
  path: string | Buffer,
): Promise<{ data: Uint8Array; width: number; height: number; channels: 3 }> {
  const { data, info } = await sharp(path)
    .rotate()
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/**
 * Writes what the model sees of a photo (centre crop, area-resized to `size`) as a PNG: at 112 px lossless for this
 * model, whose first layer averages 2×2 pixels, and a tenth of the bytes (the committed fixtures).
 */
export async function writeModelView(image: RawImage, size: number, file: string): Promise<void> {
  const view = preprocess(image, size);
  await sharp(Buffer.from(Uint8Array.from(view, (v) => Math.round(v * 255))), {
    raw: { width: size, height: size, channels: 3 },
  })
    .png({ compressionLevel: 9 })
    .toFile(file);
}
