import type { RawImage } from '@pricehub/brand-model/preprocess';

/** Bigger photos are scaled down first: preprocessing averages to 224 px anyway, and 12-MP canvases are slow. */
const MAX_SIDE = 1024;

/** Decodes an image file (upright, as EXIF says) into RGBA pixels for `preprocess`. */
export async function readPhotoPixels(file: Blob): Promise<RawImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('Canvas 2D is not available');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    const { data } = context.getImageData(0, 0, width, height);
    return { data, width, height, channels: 4 };
  } finally {
    bitmap.close();
  }
}
