import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BRAND_CLASSES, MODEL_INPUT_SIZE } from './classes';
import './fonts';
import { renderScene, sampleSeed } from './generate';
import { openNodeTextReader } from './node-text-reader';
import {
  cropBox,
  decodeLine,
  READ_MAX_SIDE,
  readablePixels,
  resizeRgba,
  stretchContrast,
  textBoxes,
  turnedHalf,
} from './text-reader';
import { brandNamesOn, brandsNamedIn } from './wordmark';

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

describe('outlining and cutting out lines of text', () => {
  /** A detector's map with a line of text 40 × 8 turned by `degrees` around (50, 30), and a speck. */
  const map = (degrees: number) => {
    const width = 100;
    const height = 60;
    const out = new Float32Array(width * height);
    const [c, s] = [Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180)];
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const u = (x - 50) * c + (y - 30) * s;
        const v = -(x - 50) * s + (y - 30) * c;
        if (Math.abs(u) <= 20 && Math.abs(v) <= 4) out[y * width + x] = 0.9;
      }
    }
    out[2 * width + 2] = 0.9;
    return { out, width, height };
  };

  it('finds a turned line as one rotated box, grown as PaddleOCR grows it, and leaves out a speck', () => {
    const { out, width, height } = map(20);
    const boxes = textBoxes(out, width, height);
    expect(boxes).toHaveLength(1);
    const [box] = boxes;
    expect(box!.cx).toBeCloseTo(50, 0);
    expect(box!.cy).toBeCloseTo(30, 0);
    expect(Math.atan2(box!.uy, box!.ux) * (180 / Math.PI)).toBeCloseTo(20, -1);
    // The core is about 40 × 8; unclip adds area × 1.5 / perimeter (about 5) on each side.
    expect(box!.length).toBeGreaterThan(46);
    expect(box!.length).toBeLessThan(54);
    expect(box!.thickness).toBeGreaterThan(14);
    expect(box!.thickness).toBeLessThan(22);
  });

  it('turns a line 180°: the last pixel first, each pixel’s channels kept in order', () => {
    const line = { data: Uint8ClampedArray.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), width: 3, height: 1 };
    expect(Array.from(turnedHalf(line).data)).toEqual([9, 10, 11, 12, 5, 6, 7, 8, 1, 2, 3, 4]);
    // A view into a larger buffer, at an offset that is not a whole pixel's worth of bytes.
    const view = { data: new Uint8ClampedArray([0, 1, 2, 3, 4, 5, 6, 7, 8]).subarray(1), width: 2, height: 1 };
    expect(Array.from(turnedHalf(view).data)).toEqual([5, 6, 7, 8, 1, 2, 3, 4]);
  });

  it('cuts a box out straightened: a turned bar comes out level', () => {
    const { out, width, height } = map(20);
    const image = { data: new Uint8ClampedArray(width * height * 4), width, height };
    out.forEach((p, i) => image.data.fill(p > 0.5 ? 255 : 0, i * 4, i * 4 + 4));
    const box = { ...textBoxes(out, width, height)[0]!, thickness: 8, length: 40 };
    const crop = cropBox(image, box);
    expect([crop.width, crop.height]).toEqual([40, 8]);
    // Inside the bar everywhere but its last pixels at the edges.
    const lit = Array.from({ length: crop.width * crop.height }, (_, i) => crop.data[i * 4]!).filter((v) => v > 128);
    expect(lit.length).toBeGreaterThan(0.85 * crop.width * crop.height);
  });

  it('decodes a line: repeats merged, blanks dropped, with the mean confidence', () => {
    // Steps of three classes (blank, "h", "p"): h h blank p p → "hp".
    const steps = [
      [0.1, 0.8, 0.1],
      [0.1, 0.6, 0.3],
      [0.9, 0.05, 0.05],
      [0.2, 0.1, 0.7],
      [0.1, 0.1, 0.8],
    ];
    const { text, confidence } = decodeLine(steps.flat(), steps.length, 3, ['h', 'p']);
    expect(text).toBe('hp');
    expect(confidence).toBeCloseTo((0.8 + 0.7) / 2, 5);
  });
});

describe('reading a brand’s name from a photo (PP-OCRv4 on onnxruntime-web)', () => {
  const photo = async (svg: string) => {
    const { data, info } = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, channels: 3 as const };
  };
  const lid = (word: string, fill: string, lidColour: string, degrees = -6) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">
      <rect width="400" height="300" fill="#6b5a48"/>
      <rect x="30" y="40" width="340" height="220" rx="12" fill="${lidColour}"/>
      <text x="200" y="170" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="${fill}"
        text-anchor="middle" transform="rotate(${degrees} 200 150)">${word}</text>
    </svg>`;
  // The models are opened once, by the first test that reads, and shared: opening them takes a second or two.
  let opened: ReturnType<typeof openNodeTextReader> | undefined;
  const textReader = () => (opened ??= openNodeTextReader());

  it('reads the name on a lid, and nothing where there is none', async () => {
    const reader = await textReader();
    expect(brandsNamedIn(await reader.read(await photo(lid('lenovo', '#f4f4f4', '#303236'))))).toEqual(['Lenovo']);
    expect(brandsNamedIn(await reader.read(await photo(lid('SAMSUNG', '#1f2f8c', '#c9cbcf'))))).toEqual(['Samsung']);
    expect(brandsNamedIn(await reader.read(await photo(lid('', '#000', '#c9cbcf'))))).toEqual([]);
  }, 60_000);

  it('reads a name whose first and last letters the detector clips, by cutting the lines wider', async () => {
    // A training-renderer scene (seed 9001, the README's test set: Lenovo's second photo): read as it is, its wordmark
    // comes out "enova"; stretched, ".enov".
    const lenovo = BRAND_CLASSES.indexOf('Lenovo');
    const data = await renderScene({ brand: 'Lenovo', seed: sampleSeed(9001, lenovo, 1), difficulty: 'ordinary' });
    const scene = { data, width: MODEL_INPUT_SIZE, height: MODEL_INPUT_SIZE, channels: 3 as const };
    expect((await brandNamesOn(await textReader(), scene)).brands).toEqual(['Lenovo']);
  }, 60_000);

  it('reads a name written upside down, as on a lid photographed the other way up', async () => {
    const reader = await textReader();
    for (const [word, brand] of [
      ['lenovo', 'Lenovo'],
      ['acer', 'Acer'],
    ] as const) {
      expect(brandsNamedIn(await reader.read(await photo(lid(word, '#f4f4f4', '#303236', 174))))).toEqual([brand]);
    }
  }, 60_000);
});
