import sharp from 'sharp';
import { BRAND_CLASSES, MODEL_INPUT_SIZE, type BrandClass } from './classes';
import { MARKS, MARK_FONTS } from './marks';
import { createRng, mixSeed, type Rng } from './prng';

/*
 * Synthetic "photo of a laptop lid / phone back" scenes: a lid surface (flat, gradient or brushed metal), sometimes
 * seen at an angle on a table, glare, clutter (stickers, camera bumps, stray text and shapes), and one brand mark,
 * varied in colour, size, rotation, skew, blur and noise. Everything derives from one seed, so a set is reproducible.
 */

export type Difficulty = 'ordinary' | 'hard';

type RGB = [number, number, number];

const S = MODEL_INPUT_SIZE;

const LID_COLOURS: RGB[] = [
  [192, 192, 196], // silver
  [110, 112, 118], // space grey
  [28, 28, 30], // black
  [236, 236, 232], // white
  [214, 190, 160], // gold
  [222, 180, 170], // rose
  [40, 60, 110], // navy
  [70, 110, 160], // blue
  [60, 90, 70], // green
  [150, 40, 50], // red
  [90, 60, 110], // purple
];

/** Words that often share a lid or box with the logo, none of them a brand we classify. */
const CLUTTER_WORDS = ['Core i7', 'Ryzen 5', '16GB', 'SSD', 'OLED', 'FHD', 'Pro', 'Book', 'Ultra', '5G', 'AI', 'Max'];

const hex = ([r, g, b]: RGB): string =>
  '#' +
  [r, g, b]
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');

const distance = (a: RGB, b: RGB): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);

const jitter = (rng: Rng, c: RGB, amount: number): RGB =>
  c.map((v) => Math.max(0, Math.min(255, v + rng.range(-amount, amount)))) as RGB;

const randomColour = (rng: Rng): RGB => [rng.int(0, 255), rng.int(0, 255), rng.int(0, 255)];

/** A logo colour at least 90 RGB units (a margin over the ~75 in STACK.md) from the lid: tone-on-tone logos stalled training (STACK.md). */
function inkFor(rng: Rng, lid: RGB): RGB {
  const lidLight = (lid[0] + lid[1] + lid[2]) / 3;
  for (let attempt = 0; attempt < 40; attempt++) {
    const kind = rng.next();
    let ink: RGB;
    if (kind < 0.3) ink = lidLight > 128 ? jitter(rng, [30, 30, 34], 25) : jitter(rng, [235, 235, 235], 20);
    else if (kind < 0.55)
      ink = lid.map((v) => (lidLight > 128 ? v * rng.range(0.2, 0.55) : v + (255 - v) * rng.range(0.5, 0.9))) as RGB;
    else if (kind < 0.7) ink = jitter(rng, [200, 200, 205], 30);
    else ink = randomColour(rng);
    if (distance(ink, lid) >= 90) return ink;
  }
  return lidLight > 128 ? [0, 0, 0] : [255, 255, 255];
}

function surface(rng: Rng, lid: RGB, defs: string[], id: string): string {
  const light = jitter(rng, lid.map((v) => v + 25) as RGB, 6);
  const dark = jitter(rng, lid.map((v) => v - 25) as RGB, 6);
  const angle = rng.int(0, 359);
  defs.push(
    `<linearGradient id="${id}g" gradientTransform="rotate(${angle} 0.5 0.5)">` +
      `<stop offset="0" stop-color="${hex(light)}"/><stop offset="1" stop-color="${hex(dark)}"/></linearGradient>`,
  );
  const layers = `<rect width="${S}" height="${S}" fill="url(#${id}g)"/>`;
  return layers;
}

function clutterItem(rng: Rng, lid: RGB): string {
  const x = rng.range(-10, S + 10);
  const y = rng.range(-10, S + 10);
  const colour = hex(rng.chance(0.5) ? randomColour(rng) : jitter(rng, lid, 60));
  const opacity = rng.range(0.35, 0.95).toFixed(2);
  switch (rng.int(0, 5)) {
    case 0: // sticker
      return `<rect x="${x}" y="${y}" width="${rng.range(14, 50)}" height="${rng.range(10, 40)}" rx="${rng.range(0, 6)}" fill="${colour}" opacity="${opacity}" transform="rotate(${rng.int(-40, 40)} ${x} ${y})"/>`;
    case 1: // camera bump / screw / port
      return `<circle cx="${x}" cy="${y}" r="${rng.range(3, 22)}" fill="${colour}" stroke="${hex(randomColour(rng))}" stroke-width="${rng.range(0, 4)}" opacity="${opacity}"/>`;
    case 2: // edge, hinge or seam line
      return `<line x1="${x}" y1="${y}" x2="${x + rng.range(-120, 120)}" y2="${y + rng.range(-120, 120)}" stroke="${colour}" stroke-width="${rng.range(1, 6)}" opacity="${opacity}"/>`;
    case 3: // stray text
      return `<text x="${x}" y="${y}" font-family="${rng.pick(MARK_FONTS)}" font-size="${rng.range(7, 18)}" fill="${colour}" opacity="${opacity}" transform="rotate(${rng.int(-30, 30)} ${x} ${y})">${rng.pick(CLUTTER_WORDS)}</text>`;
    case 4: // finger smudge / reflection
      return `<ellipse cx="${x}" cy="${y}" rx="${rng.range(8, 40)}" ry="${rng.range(4, 20)}" fill="${colour}" opacity="${(Number(opacity) * 0.4).toFixed(2)}"/>`;
    default: // barcode-ish label
      return `<g transform="translate(${x} ${y}) rotate(${rng.int(-30, 30)})"><rect width="34" height="18" fill="#f4f4f4"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${3 + i * 3.2}" y="3" width="${rng.range(0.8, 2)}" height="12" fill="#222"/>`).join('')}</g>`;
  }
}

function glare(rng: Rng, defs: string[]): string {
  // A radial gradient rather than a blurred ellipse: same soft highlight, a fraction of librsvg's time.
  const id = `glare${defs.length}`;
  defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="#fff" stop-opacity="${rng.range(0.15, 0.45).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
  );
  return `<ellipse cx="${rng.range(0, S)}" cy="${rng.range(0, S)}" rx="${rng.range(30, 120)}" ry="${rng.range(15, 60)}" fill="url(#${id})" transform="rotate(${rng.int(-40, 40)})"/>`;
}

export interface SceneOptions {
  brand: BrandClass;
  seed: number;
  difficulty: Difficulty;
}

/**
 * Brushed metal: fine streaks along one direction, added to the rendered pixels. Done here rather than with SVG
 * feTurbulence, which made a render ~5× slower on this machine.
 */
export interface Brushing {
  angle: number;
  strength: number;
  seed: number;
}

function brush(pixels: Buffer, { angle, strength, seed }: Brushing): void {
  const rng = createRng(seed);
  const length = 2 * S * 2;
  const streaks = new Float32Array(length);
  let smooth = 0;
  for (let i = 0; i < length; i++) {
    smooth = 0.5 * smooth + 0.5 * rng.normal();
    streaks[i] = smooth * strength;
  }
  const sin = Math.sin(angle);
  const cos = Math.cos(angle);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const v = streaks[Math.floor(2 * (-x * sin + y * cos) + length / 2) % length] ?? 0;
      const o = (y * S + x) * 3;
      for (let c = 0; c < 3; c++) pixels[o + c] = Math.max(0, Math.min(255, pixels[o + c]! + v));
    }
  }
}

/** Builds the scene as SVG; `renderScene` rasterises it and adds brushing, camera blur and sensor noise. */
export function sceneSvg({ brand, seed, difficulty }: SceneOptions): {
  svg: string;
  blur: number;
  noise: number;
  brushing: Brushing | null;
} {
  const rng = createRng(seed);
  const hard = difficulty === 'hard';
  const lid = rng.chance(0.75) ? jitter(rng, rng.pick(LID_COLOURS), 18) : randomColour(rng);
  const defs: string[] = [];
  let body = '';

  // A third of the scenes show the device at an angle on a table rather than filling the frame.
  const onTable = rng.chance(0.33);
  if (onTable) {
    body += `<rect width="${S}" height="${S}" fill="${hex(randomColour(rng))}"/>`;
    if (rng.chance(0.5)) body += clutterItem(rng, lid) + clutterItem(rng, lid);
    const w = rng.range(0.75, 1.1) * S;
    const h = rng.range(0.75, 1.1) * S;
    defs.push(
      `<clipPath id="lid"><rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${rng.range(4, 30)}"/></clipPath>`,
    );
    body +=
      `<g transform="translate(${S / 2 + rng.range(-20, 20)} ${S / 2 + rng.range(-20, 20)}) rotate(${rng.range(-25, 25)}) skewX(${rng.range(-10, 10)})">` +
      `<rect x="${-w / 2 + 6}" y="${-h / 2 + 8}" width="${w}" height="${h}" rx="20" fill="#000" opacity="0.35"/>` +
      `<g clip-path="url(#lid)"><g transform="translate(${-S / 2} ${-S / 2}) scale(${Math.max(w, h) / S})">${surface(rng, lid, defs, 's')}</g></g></g>`;
  } else {
    body += surface(rng, lid, defs, 's');
  }

  const clutterCount = hard ? rng.int(7, 16) : rng.int(0, 5);
  for (let i = 0; i < clutterCount; i++) body += clutterItem(rng, lid);

  // Glare sits on the lid under the logo or, more rarely, over it.
  const glareKind = rng.next();
  if (glareKind < 0.3) body += glare(rng, defs);

  // The mark is drawn about 100 units wide; scale it to the requested share of the frame.
  const fraction = hard ? rng.range(0.25, 0.5) : rng.range(0.35, 0.8);
  const scale = (fraction * S) / 110;
  const margin = (fraction * S) / 2;
  const cx = rng.range(margin, S - margin);
  const cy = rng.range(margin * 0.6, S - margin * 0.6);
  const rotation = rng.range(-1, 1) * (hard ? 30 : 22);
  const squash = rng.range(0.75, 1.2);
  const ink = inkFor(rng, lid);
  const mark = MARKS[brand]({ ink: hex(ink), paper: hex(lid), font: rng.pick(MARK_FONTS), rng });
  body +=
    `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rotation.toFixed(1)}) ` +
    `skewX(${rng.range(-14, 14).toFixed(1)}) skewY(${rng.range(-8, 8).toFixed(1)}) scale(${(scale * squash).toFixed(3)} ${(scale / squash).toFixed(3)})" ` +
    `opacity="${rng.range(0.8, 1).toFixed(2)}">${mark}</g>`;

  // Occluders in front of the logo are rare and small, so the mark stays recognisable.
  if (rng.chance(hard ? 0.35 : 0.1)) body += clutterItem(rng, lid);
  if (glareKind > 0.85) body += glare(rng, defs);
  if (rng.chance(0.3)) {
    defs.push(
      `<radialGradient id="vig"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${rng.range(0.2, 0.6).toFixed(2)}"/></radialGradient>`,
    );
    body += `<rect width="${S}" height="${S}" fill="url(#vig)"/>`;
  }

  const brushing = rng.chance(0.5)
    ? { angle: rng.pick([0, Math.PI / 2, rng.range(-0.4, 0.4)]), strength: rng.range(3, 12), seed: rng.int(1, 2 ** 30) }
    : null;
  const blur = hard ? rng.range(1.5, 3.5) : rng.chance(0.5) ? rng.range(0.3, 1.3) : 0;
  const noise = hard ? rng.range(4, 14) : rng.range(0, 8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${defs.join('')}</defs>${body}</svg>`;
  return { svg, blur, noise, brushing };
}

/** Renders one scene to 224×224 raw RGB bytes. */
export async function renderScene(options: SceneOptions): Promise<Buffer> {
  const { svg, blur, noise, brushing } = sceneSvg(options);
  let pixels = await sharp(Buffer.from(svg)).removeAlpha().raw().toBuffer();
  if (brushing) brush(pixels, brushing);
  if (blur >= 0.3)
    pixels = await sharp(pixels, { raw: { width: S, height: S, channels: 3 } })
      .blur(blur)
      .raw()
      .toBuffer();
  if (noise > 0) {
    const rng = createRng(options.seed ^ 0x5eed);
    for (let i = 0; i < pixels.length; i++) pixels[i] = Math.max(0, Math.min(255, pixels[i]! + rng.normal() * noise));
  }
  return pixels;
}

export interface GeneratedImage {
  label: number;
  pixels: Buffer;
}

/** Per-image seed: the set's seed, the class and the index, so sets with different seeds never share an image. */
export const sampleSeed = (setSeed: number, label: number, index: number): number =>
  mixSeed(setSeed, label * 1_000_003 + index);

/**
 * Renders `perClass` images for every class. `hardFraction` of them use the hard settings. Runs `concurrency`
 * renders at a time (sharp does the work on its own threads).
 */
export async function generateSet(options: {
  seed: number;
  perClass: number;
  hardFraction: number;
  concurrency?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<GeneratedImage[]> {
  const { seed, perClass, hardFraction, concurrency = 2, onProgress } = options;
  const jobs: { label: number; index: number }[] = [];
  for (let index = 0; index < perClass; index++) {
    for (let label = 0; label < BRAND_CLASSES.length; label++) jobs.push({ label, index });
  }
  const out: GeneratedImage[] = new Array(jobs.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const j = next++;
      const { label, index } = jobs[j]!;
      const s = sampleSeed(seed, label, index);
      const difficulty: Difficulty = createRng(s ^ 0xd1ff).next() < hardFraction ? 'hard' : 'ordinary';
      out[j] = { label, pixels: await renderScene({ brand: BRAND_CLASSES[label]!, seed: s, difficulty }) };
      onProgress?.(++done, jobs.length);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return out;
}
