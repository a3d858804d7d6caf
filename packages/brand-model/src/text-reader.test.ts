import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import './fonts';
import { openNodeTextReader } from './node-text-reader';
import { READ_MAX_SIDE, readablePixels, resizeRgba, stretchContrast } from './text-reader';
import { brandsNamedIn } from './wordmark';

describe('resizing pixels for the text reader', () => {
  const flat = (w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4).fill(200), width: w, height: h });

  it('keeps a flat image flat, shrinking and growing', () => {
    for (const [w, h] of [
      [7, 5],
      [40, 3],
      [3, 40],
    ] as const) {
      const out = resizeRgba(flat(13, 9), w, h);
      expect(out.data.length).toBe(w * h * 4);
      expect(out.data.every((v) => v === 200)).toBe(true);
    }
  });

  it('averages when it shrinks and interpolates when it grows', () => {
    // One row: black, white.
    const row = { data: Uint8ClampedArray.from([0, 0, 0, 255, 255, 255, 255, 255]), width: 2, height: 1 };
    expect(Array.from(resizeRgba(row, 1, 1).data.subarray(0, 3))).toEqual([128, 128, 128]);
    const grown = resizeRgba(row, 4, 1).data;
    const reds = [0, 4, 8, 12].map((i) => grown[i]);
    expect(reds[0]).toBe(0);
    expect(reds[3]).toBe(255);
    expect(reds[1]! > 0 && reds[1]! < reds[2]! && reds[2]! < 255).toBe(true);
  });

  it('takes RGB or RGBA and scales a large photo down to the reading size', () => {
    const big = { data: new Uint8Array(2000 * 1000 * 3).fill(90), width: 2000, height: 1000, channels: 3 as const };
    const out = readablePixels(big);
    expect([out.width, out.height]).toEqual([READ_MAX_SIDE, READ_MAX_SIDE / 2]);
    expect(Array.from(out.data.subarray(0, 4))).toEqual([90, 90, 90, 255]);
  });
});

describe('stretching a faint photo’s contrast', () => {
  it('takes the darkest and lightest tones to black and white, and keeps the order of the rest', () => {
    // A grey lid (120) with a slightly lighter mark (140) and a mid tone between.
    const tones = [
      ...new Array<number>(60).fill(120),
      ...new Array<number>(30).fill(130),
      ...new Array<number>(10).fill(140),
    ];
    const image = { data: Uint8ClampedArray.from(tones.flatMap((t) => [t, t, t, 255])), width: 100, height: 1 };
    stretchContrast(image);
    const red = (i: number) => image.data[i * 4]!;
    expect([red(0), red(60), red(99)]).toEqual([0, 128, 255]);
    expect(image.data[3]).toBe(255);
  });

  it('leaves a flat photo alone', () => {
    const image = { data: new Uint8ClampedArray(4 * 16).fill(90), width: 4, height: 4 };
    stretchContrast(image);
    expect(image.data.every((v) => v === 90)).toBe(true);
  });
});

describe('reading a brand’s name from a photo (PP-OCRv4 on onnxruntime-web)', () => {
  const photo = async (svg: string) => {
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 as const };
  };
  const lid = (word: string, fill: string, lidColour: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
      <rect width="400" height="300" fill="#6b5a48"/>
      <rect x="30" y="40" width="340" height="220" rx="12" fill="${lidColour}"/>
      <text x="200" y="170" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="${fill}"
        text-anchor="middle" transform="rotate(-6 200 150)">${word}</text>
    </svg>`;

  it('reads the name on a lid, and nothing where there is none', async () => {
    const reader = await openNodeTextReader();
    expect(brandsNamedIn(await reader.read(await photo(lid('lenovo', '#f4f4f4', '#303236'))))).toEqual(['Lenovo']);
    expect(brandsNamedIn(await reader.read(await photo(lid('SAMSUNG', '#1f2f8c', '#c9cbcf'))))).toEqual(['Samsung']);
    expect(brandsNamedIn(await reader.read(await photo(lid('', '#000', '#c9cbcf'))))).toEqual([]);
  }, 60_000);
});
