import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Category } from '@pricehub/shared/schemas/product';
import { BRAND_COLOURS } from './models';

/** Public URL prefix of the generated images; the server serves DATA_DIR/uploads at /uploads/. */
export const DEMO_IMAGE_PREFIX = '/uploads/demo/';

export const demoImageDir = (dataDir: string) => join(dataDir, 'uploads', 'demo');
/**
 * Pages show the WebP rendering of each drawing: a browser draws an SVG image as a document of its own, and with its
 * text that cost 10-30 ms of main thread per picture on a page of twenty (a phone's start-up, Lighthouse).
 */
export const demoImageUrl = (slug: string) => `${DEMO_IMAGE_PREFIX}${slug}.webp`;

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Splits a model name over at most two lines of about `width` characters, so it fits under the device. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length <= 2) return lines;
  const second = lines.slice(1).join(' ');
  return [lines[0]!, second.length > width ? `${second.slice(0, width - 1)}…` : second];
}

/** The outline of the device, drawn in the brand colour; every shape stays inside y 40..270. */
function silhouette(category: Category, colour: string): string {
  switch (category) {
    case 'mobile':
      return (
        `<rect x="145" y="40" width="110" height="220" rx="18" fill="#1d1d1f"/>` +
        `<rect x="152" y="50" width="96" height="200" rx="12" fill="${colour}"/>` +
        `<rect x="185" y="56" width="30" height="7" rx="3.5" fill="#1d1d1f"/>`
      );
    case 'laptop':
      return (
        `<rect x="95" y="60" width="210" height="140" rx="8" fill="#1d1d1f"/>` +
        `<rect x="104" y="69" width="192" height="122" rx="3" fill="${colour}"/>` +
        `<path d="M70 204h260l-14 22H84z" fill="#8a8f98"/>`
      );
    case 'computer':
      return (
        `<rect x="70" y="50" width="200" height="140" rx="8" fill="#1d1d1f"/>` +
        `<rect x="79" y="59" width="182" height="122" rx="3" fill="${colour}"/>` +
        `<path d="M155 190h30l8 40h-46z" fill="#8a8f98"/><rect x="125" y="230" width="90" height="8" rx="4" fill="#8a8f98"/>` +
        `<rect x="285" y="90" width="55" height="148" rx="6" fill="#2b2d31"/><circle cx="312" cy="110" r="5" fill="${colour}"/>`
      );
  }
}

/** A small, accessible SVG "photo" of a product: device outline, brand wordmark, model name. */
export function productSvg(input: { name: string; brand: string; category: Category }): string {
  const colour = BRAND_COLOURS[input.brand] ?? '#4c6ef5';
  const model = input.name.startsWith(input.brand + ' ') ? input.name.slice(input.brand.length + 1) : input.name;
  const lines = wrap(model, 30);
  const brandY = input.category === 'laptop' ? 138 : input.category === 'mobile' ? 158 : 128;
  const brandX = input.category === 'computer' ? 170 : 200;
  // The wordmark must fit the screen: about 0.75 em per bold capital.
  const screenWidth = input.category === 'mobile' ? 84 : 170;
  const brandSize = Math.min(
    input.category === 'mobile' ? 18 : 24,
    Math.floor(screenWidth / (input.brand.length * 0.75)),
  );
  const text = lines
    .map(
      (line, i) =>
        `<text x="200" y="${300 + i * 26}" font-size="20" text-anchor="middle" fill="#212529">${escapeXml(line)}</text>`,
    )
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400" role="img" aria-labelledby="t">` +
    `<title id="t">${escapeXml(input.name)}</title>` +
    `<rect width="400" height="400" fill="#f4f5f7"/>` +
    silhouette(input.category, colour) +
    `<g font-family="DejaVu Sans, Arial, sans-serif">` +
    `<text x="${brandX}" y="${brandY}" font-size="${brandSize}" font-weight="700" text-anchor="middle" fill="#fff">${escapeXml(input.brand.toUpperCase())}</text>` +
    text +
    `<text x="200" y="372" font-size="15" font-weight="700" text-anchor="middle" fill="${colour}">${escapeXml(input.brand)}</text>` +
    `</g></svg>`
  );
}

/**
 * Writes one picture per distinct slug (products sharing a slug, the same model at several stores, share it): the SVG
 * drawing, and the WebP rendered from it that pages show. The SVG stays for databases seeded before the WebP existed.
 */
export async function writeProductImages(
  dataDir: string,
  items: { slug: string; name: string; brand: string; category: Category }[],
): Promise<void> {
  const dir = demoImageDir(dataDir);
  await mkdir(dir, { recursive: true });
  const bySlug = new Map(items.map((item) => [item.slug, item]));
  await Promise.all(
    [...bySlug.values()].map(async (item) => {
      const svg = productSvg(item);
      await writeFile(join(dir, `${item.slug}.svg`), svg);
      await sharp(Buffer.from(svg))
        .webp({ quality: 82 })
        .toFile(join(dir, `${item.slug}.webp`));
    }),
  );
}
