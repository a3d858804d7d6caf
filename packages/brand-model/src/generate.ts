import sharp from 'sharp';
import { BRAND_CLASSES, MODEL_INPUT_SIZE, type BrandClass } from './classes';
import { useBundledFonts } from './fonts';
import { MARKS, TRAIN_FONTS } from './marks';
import { createRng, mixSeed, type Rng } from './prng';

/*
 * The training renderer: synthetic "photo of a laptop lid / phone back" scenes, randomised along every axis we could
 * think of (domain randomisation), so the model has to learn the brands' shapes rather than one way of drawing them:
 *
 * - the lid: flat, gradient, brushed, carbon weave, dimpled or speckled, filling the frame or lying at an angle on a
 *   table (wood, fabric, plain), laptop- or phone-shaped;
 * - the mark: one of each brand's variants (marks.ts) in one of 11 font families, in a material: printed,
 *   low-contrast, outlined, engraved, embossed or glossy; any size, rotation, skew, squash, sometimes turned 180° or
 *   90°, partly hidden or partly out of frame;
 * - the camera: lighting gradients and spots, colour casts, gamma, perspective, defocus and motion blur, down- and
 *   up-scaling, sensor noise and JPEG artefacts.
 *
 * Everything derives from one seed, so a set is reproducible. The held-out renderer (holdout-render.ts) is written
 * independently and is never used for training.
 */

useBundledFonts();

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
const CLUTTER_WORDS = [
  'Core i7',
  'Ryzen 5',
  '16GB',
  'SSD',
  'OLED',
  'FHD',
  'Pro',
  'Book',
  'Ultra',
  '5G',
  'AI',
  'Max',
  'intel',
  'AMD',
  'GeForce RTX',
  'ENERGY STAR',
  'Made in China',
  'CE',
  'FCC ID',
  'Model: 15-1',
  'S/N 4C0X',
  'Thin',
  'Air',
  'Plus',
];

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

/** A logo colour at least `min` RGB units from the lid (tone-on-tone printing stalled training: STACK.md). */
function inkFor(rng: Rng, lid: RGB, min = 90): RGB {
  const lidLight = (lid[0] + lid[1] + lid[2]) / 3;
  for (let attempt = 0; attempt < 40; attempt++) {
    const kind = rng.next();
    let ink: RGB;
    if (kind < 0.3) ink = lidLight > 128 ? jitter(rng, [30, 30, 34], 25) : jitter(rng, [235, 235, 235], 20);
    else if (kind < 0.55)
      ink = lid.map((v) => (lidLight > 128 ? v * rng.range(0.2, 0.55) : v + (255 - v) * rng.range(0.5, 0.9))) as RGB;
    else if (kind < 0.7) ink = jitter(rng, [200, 200, 205], 30);
    else ink = randomColour(rng);
    if (distance(ink, lid) >= min) return ink;
  }
  return lidLight > 128 ? [0, 0, 0] : [255, 255, 255];
}

/** A low-contrast ink: the lid's own colour, a little lighter or darker (a tone-on-tone logo). */
function lowContrastInk(rng: Rng, lid: RGB, hard: boolean): RGB {
  const lidLight = (lid[0] + lid[1] + lid[2]) / 3;
  const delta =
    rng.range(hard ? 45 : 32, hard ? 70 : 60) * (lidLight > 150 ? -1 : lidLight < 70 ? 1 : rng.chance(0.5) ? 1 : -1);
  return jitter(rng, lid.map((v) => v + delta) as RGB, 6);
}

/** The lid's surface: a gradient, sometimes with a texture on top. */
function surface(rng: Rng, lid: RGB, defs: string[], id: string): string {
  const light = jitter(rng, lid.map((v) => v + rng.range(10, 35)) as RGB, 6);
  const dark = jitter(rng, lid.map((v) => v - rng.range(10, 35)) as RGB, 6);
  const angle = rng.int(0, 359);
  defs.push(
    `<linearGradient id="${id}g" gradientTransform="rotate(${angle} 0.5 0.5)">` +
      `<stop offset="0" stop-color="${hex(light)}"/><stop offset="1" stop-color="${hex(dark)}"/></linearGradient>`,
  );
  let layers = `<rect width="${S}" height="${S}" fill="url(#${id}g)"/>`;
  const texture = rng.next();
  const tone = (d: number) => hex(lid.map((v) => v + d) as RGB);
  if (texture < 0.12) {
    // Carbon-fibre weave.
    const p = rng.range(3, 7);
    defs.push(
      `<pattern id="${id}cf" width="${2 * p}" height="${2 * p}" patternUnits="userSpaceOnUse" patternTransform="rotate(${rng.int(0, 90)})">` +
        `<rect width="${p}" height="${p}" fill="${tone(14)}"/><rect x="${p}" y="${p}" width="${p}" height="${p}" fill="${tone(14)}"/></pattern>`,
    );
    layers += `<rect width="${S}" height="${S}" fill="url(#${id}cf)" opacity="${rng.range(0.3, 0.8).toFixed(2)}"/>`;
  } else if (texture < 0.22) {
    // Dimpled or perforated plastic.
    const p = rng.range(5, 12);
    defs.push(
      `<pattern id="${id}dp" width="${p}" height="${p}" patternUnits="userSpaceOnUse"><circle cx="${p / 2}" cy="${p / 2}" r="${(p * rng.range(0.12, 0.3)).toFixed(2)}" fill="${tone(rng.chance(0.5) ? -30 : 30)}"/></pattern>`,
    );
    layers += `<rect width="${S}" height="${S}" fill="url(#${id}dp)" opacity="${rng.range(0.3, 0.9).toFixed(2)}"/>`;
  } else if (texture < 0.3) {
    // Broad stripes of reflected room light.
    for (let i = 0; i < rng.int(1, 3); i++) {
      layers += `<rect x="${rng.range(-50, S).toFixed(0)}" y="-60" width="${rng.range(8, 50).toFixed(0)}" height="${S + 120}" fill="#fff" opacity="${rng.range(0.05, 0.2).toFixed(2)}" transform="rotate(${rng.int(-40, 40)} ${S / 2} ${S / 2})"/>`;
    }
  }
  return layers;
}

/** What the device lies on when it does not fill the frame. */
function table(rng: Rng, defs: string[]): string {
  const base = randomColour(rng);
  let out = `<rect width="${S}" height="${S}" fill="${hex(base)}"/>`;
  const kind = rng.next();
  if (kind < 0.35) {
    // Wood grain: wavy lines.
    const lines = Array.from({ length: rng.int(8, 20) }, () => {
      const y = rng.range(-20, S + 20);
      const a = rng.range(2, 10);
      return `<path d="M-10,${y.toFixed(0)} C${S / 3},${(y + a).toFixed(0)} ${(2 * S) / 3},${(y - a).toFixed(0)} ${S + 10},${y.toFixed(0)}" stroke="${hex(jitter(rng, base, 40))}" stroke-width="${rng.range(1, 5).toFixed(1)}" fill="none" opacity="0.6"/>`;
    }).join('');
    out += `<g transform="rotate(${rng.int(-60, 60)} ${S / 2} ${S / 2})">${lines}</g>`;
  } else if (kind < 0.55) {
    // Fabric / desk mat grid.
    const p = rng.range(3, 9);
    defs.push(
      `<pattern id="tab" width="${p}" height="${p}" patternUnits="userSpaceOnUse"><rect width="${p}" height="${p / 2}" fill="${hex(jitter(rng, base, 30))}"/></pattern>`,
    );
    out += `<rect width="${S}" height="${S}" fill="url(#tab)" opacity="0.6"/>`;
  }
  return out;
}

function clutterItem(rng: Rng, lid: RGB): string {
  const x = rng.range(-10, S + 10);
  const y = rng.range(-10, S + 10);
  const colour = hex(rng.chance(0.5) ? randomColour(rng) : jitter(rng, lid, 60));
  const opacity = rng.range(0.35, 0.95).toFixed(2);
  switch (rng.int(0, 6)) {
    case 0: // sticker
      return `<rect x="${x}" y="${y}" width="${rng.range(14, 50)}" height="${rng.range(10, 40)}" rx="${rng.range(0, 6)}" fill="${colour}" opacity="${opacity}" transform="rotate(${rng.int(-40, 40)} ${x} ${y})"/>`;
    case 1: // camera bump / screw / port
      return `<circle cx="${x}" cy="${y}" r="${rng.range(3, 22)}" fill="${colour}" stroke="${hex(randomColour(rng))}" stroke-width="${rng.range(0, 4)}" opacity="${opacity}"/>`;
    case 2: // edge, hinge or seam line
      return `<line x1="${x}" y1="${y}" x2="${x + rng.range(-120, 120)}" y2="${y + rng.range(-120, 120)}" stroke="${colour}" stroke-width="${rng.range(1, 6)}" opacity="${opacity}"/>`;
    case 3: // stray text
      return `<text x="${x}" y="${y}" font-family="${rng.pick(TRAIN_FONTS)}" font-weight="${rng.pick([400, 700])}" font-size="${rng.range(7, 20)}" fill="${colour}" opacity="${opacity}" transform="rotate(${rng.int(-30, 30)} ${x} ${y})">${rng.pick(CLUTTER_WORDS)}</text>`;
    case 4: // finger smudge / reflection
      return `<ellipse cx="${x}" cy="${y}" rx="${rng.range(8, 40)}" ry="${rng.range(4, 20)}" fill="${colour}" opacity="${(Number(opacity) * 0.4).toFixed(2)}"/>`;
    case 5: // a finger or thumb over the edge
      return `<ellipse cx="${x}" cy="${y}" rx="${rng.range(14, 26)}" ry="${rng.range(30, 60)}" fill="${hex(jitter(rng, [200, 150, 120], 50))}" transform="rotate(${rng.int(-60, 60)} ${x} ${y})"/>`;
    default: // barcode-ish label
      return `<g transform="translate(${x} ${y}) rotate(${rng.int(-30, 30)})"><rect width="34" height="18" fill="#f4f4f4"/>${Array.from({ length: 9 }, (_, i) => `<rect x="${3 + i * 3.2}" y="3" width="${rng.range(0.8, 2)}" height="12" fill="#222"/>`).join('')}</g>`;
  }
}

function glare(rng: Rng, defs: string[]): string {
  // A radial gradient rather than a blurred ellipse: same soft highlight, a fraction of librsvg's time.
  const id = `glare${defs.length}`;
  defs.push(
    `<radialGradient id="${id}"><stop offset="0" stop-color="#fff" stop-opacity="${rng.range(0.15, 0.5).toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
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

export type Material = 'print' | 'lowContrast' | 'outline' | 'engraved' | 'embossed' | 'glossy';

/** Everything `renderScene` needs beyond the three SVG layers. */
interface ScenePlan {
  background: string;
  mark: string;
  foreground: string | null;
  material: Material;
  ink: RGB;
  markOpacity: number;
  /** Light direction for engraved/embossed/glossy, radians. */
  lightAngle: number;
  relief: number;
  tone: number;
  outlineWidth: number;
  brushing: Brushing | null;
  lighting: { slope: number; angle: number; spot: number; spotX: number; spotY: number; gamma: number; cast: RGB };
  perspective: number[] | null;
  blur: number;
  motion: number;
  motionAngle: number;
  rescale: number;
  noise: number;
  jpeg: number;
  noiseSeed: number;
}

/** Subtle materials (low contrast, engraved, embossed) are rarer in hard scenes, which are blurred and small already. */
function pickMaterial(rng: Rng, hard: boolean): Material {
  const r = rng.next();
  const subtle = hard ? 0.06 : 0.1;
  if (r < 0.44) return 'print';
  if (r < 0.44 + subtle) return 'lowContrast';
  if (r < 0.56 + subtle) return 'outline';
  if (r < 0.56 + 2 * subtle) return 'engraved';
  if (r < 0.56 + 3 * subtle) return 'embossed';
  return 'glossy';
}

/** Plans one scene: the SVG layers and every effect's parameters, all from the seed. */
export function planScene({ brand, seed, difficulty }: SceneOptions): ScenePlan {
  const rng = createRng(seed);
  const hard = difficulty === 'hard';
  const lid = rng.chance(0.75) ? jitter(rng, rng.pick(LID_COLOURS), 18) : randomColour(rng);
  const defs: string[] = [];
  let body = '';

  // A third of the scenes show the device at an angle on a table rather than filling the frame.
  const onTable = rng.chance(0.35);
  if (onTable) {
    body += table(rng, defs);
    if (rng.chance(0.5)) body += clutterItem(rng, lid) + clutterItem(rng, lid);
    const phone = rng.chance(0.35);
    const w = (phone ? rng.range(0.5, 0.7) : rng.range(0.75, 1.1)) * S;
    const h = (phone ? rng.range(0.95, 1.3) : rng.range(0.75, 1.1)) * S;
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

  const clutterCount = hard ? rng.int(6, 16) : rng.int(0, 6);
  for (let i = 0; i < clutterCount; i++) body += clutterItem(rng, lid);
  const glareKind = rng.next();
  if (glareKind < 0.3) body += glare(rng, defs);
  const background = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${defs.join('')}</defs>${body}</svg>`;

  // The mark is drawn about 100 units wide; scale it to the requested share of the frame.
  const fraction = hard ? rng.range(0.25, 0.5) : rng.range(0.32, 0.8);
  const scale = (fraction * S) / 110;
  const margin = (fraction * S) / 2;
  // Now and then the mark runs partly out of the frame.
  const slack = rng.chance(hard ? 0.05 : 0.1) ? margin * 0.4 : 0;
  const cx = rng.range(margin - slack, S - margin + slack);
  const cy = rng.range(margin * 0.6 - slack, S - margin * 0.6 + slack);
  const turn = rng.next();
  const baseRotation = turn < 0.1 ? 180 : turn < 0.14 ? 90 : turn < 0.18 ? -90 : 0;
  const rotation = baseRotation + rng.range(-1, 1) * (hard ? 30 : 22);
  const squash = rng.range(0.75, 1.25);
  const material = pickMaterial(rng, hard);
  const ink =
    material === 'lowContrast' || material === 'engraved' || material === 'embossed'
      ? lowContrastInk(rng, lid, hard)
      : inkFor(rng, lid);
  const mark = MARKS[brand]({ ink: hex(ink), font: rng.pick(TRAIN_FONTS), rng, id: 'm' });
  const markSvg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">` +
    `<g transform="translate(${cx.toFixed(1)} ${cy.toFixed(1)}) rotate(${rotation.toFixed(1)}) ` +
    `skewX(${rng.range(-14, 14).toFixed(1)}) skewY(${rng.range(-8, 8).toFixed(1)}) scale(${(scale * squash).toFixed(3)} ${(scale / squash).toFixed(3)})">${mark}</g></svg>`;

  // In front of the mark: occluders (rarely in ordinary scenes), glare, vignetting.
  const front: string[] = [];
  const fdefs: string[] = [];
  const occluders = rng.chance(hard ? 0.4 : 0.12) ? rng.int(1, hard ? 3 : 1) : 0;
  for (let i = 0; i < occluders; i++) front.push(clutterItem(rng, lid));
  if (glareKind > 0.82) front.push(glare(rng, fdefs));
  if (rng.chance(0.3)) {
    fdefs.push(
      `<radialGradient id="vig"><stop offset="0.5" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${rng.range(0.2, 0.6).toFixed(2)}"/></radialGradient>`,
    );
    front.push(`<rect width="${S}" height="${S}" fill="url(#vig)"/>`);
  }
  const foreground = front.length
    ? `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}"><defs>${fdefs.join('')}</defs>${front.join('')}</svg>`
    : null;

  const brushing = rng.chance(0.4)
    ? { angle: rng.pick([0, Math.PI / 2, rng.range(-0.4, 0.4)]), strength: rng.range(3, 12), seed: rng.int(1, 2 ** 30) }
    : null;
  const lighting = {
    slope: rng.chance(0.6) ? rng.range(-0.5, 0.5) : 0,
    angle: rng.range(0, 2 * Math.PI),
    spot: rng.chance(0.25) ? rng.range(0.15, 0.5) : 0,
    spotX: rng.range(0, S),
    spotY: rng.range(0, S),
    gamma: rng.chance(0.5) ? rng.range(0.7, 1.4) : 1,
    cast: (rng.chance(0.5) ? [0, 1, 2].map(() => rng.range(0.85, 1.15)) : [1, 1, 1]) as RGB,
  };
  const p = hard ? 0.16 : 0.12;
  const perspective = rng.chance(0.5) ? Array.from({ length: 8 }, () => rng.range(-p, p) * S) : null;
  const blur = hard ? rng.range(1.2, 3.2) : rng.chance(0.5) ? rng.range(0.3, 1.4) : 0;
  const motion = rng.chance(hard ? 0.25 : 0.1) ? rng.int(3, hard ? 9 : 6) : 0;
  const rescale = rng.chance(hard ? 0.4 : 0.25) ? rng.range(hard ? 48 : 64, 150) : 0;
  const noise = hard ? rng.range(4, 14) : rng.range(0, 8);
  const jpeg = rng.chance(hard ? 0.6 : 0.4) ? rng.int(hard ? 10 : 20, 80) : 0;

  return {
    background,
    mark: markSvg,
    foreground,
    material,
    ink,
    markOpacity: rng.range(0.8, 1),
    lightAngle: rng.range(0, 2 * Math.PI),
    relief: rng.range(0.35, 0.7),
    tone: rng.range(0.3, 1),
    outlineWidth: rng.range(1, 2.5),
    brushing,
    lighting,
    perspective,
    blur,
    motion,
    motionAngle: rng.range(0, Math.PI),
    rescale,
    noise,
    jpeg,
    noiseSeed: rng.int(1, 2 ** 30),
  };
}

const clamp255 = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : v);

/** Alpha of the mark layer (0-1) at a fractional offset, bilinear, 0 outside. */
function sampleAlpha(alpha: Float32Array, x: number, y: number): number {
  if (x < 0 || y < 0 || x >= S - 1 || y >= S - 1) return 0;
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * S + x0;
  const top = alpha[i]! + (alpha[i + 1]! - alpha[i]!) * fx;
  const bottom = alpha[i + S]! + (alpha[i + S + 1]! - alpha[i + S]!) * fx;
  return top + (bottom - top) * fy;
}

/** Puts the mark layer on the background in the planned material. */
function compositeMark(bg: Buffer, layer: Buffer, plan: ScenePlan): void {
  const alpha = new Float32Array(S * S);
  for (let i = 0; i < S * S; i++) alpha[i] = (layer[i * 4 + 3]! / 255) * plan.markOpacity;
  const dx = Math.cos(plan.lightAngle);
  const dy = Math.sin(plan.lightAngle);
  const [ir, ig, ib] = plan.ink;
  if (plan.material === 'engraved' || plan.material === 'embossed') {
    // Relief: a highlight on one edge and a shadow on the other, over a faint tone-on-tone fill.
    const sign = plan.material === 'embossed' ? 1 : -1;
    const d = 1.2;
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) {
        const i = y * S + x;
        const edge = sampleAlpha(alpha, x - dx * d, y - dy * d) - sampleAlpha(alpha, x + dx * d, y + dy * d);
        const a = alpha[i]! * plan.tone * 0.6;
        const lift = sign * edge * plan.relief * 255;
        const o = i * 3;
        bg[o] = clamp255(bg[o]! * (1 - a) + ir * a + lift);
        bg[o + 1] = clamp255(bg[o + 1]! * (1 - a) + ig * a + lift);
        bg[o + 2] = clamp255(bg[o + 2]! * (1 - a) + ib * a + lift);
      }
    }
    return;
  }
  let cover = alpha;
  if (plan.material === 'outline') {
    // The mark's outline only: dilated alpha minus alpha.
    const r = plan.outlineWidth;
    const dilated = new Float32Array(S * S);
    const R = Math.ceil(r);
    for (let y = 0; y < S; y++) {
      for (let x = 0; x < S; x++) {
        let m = 0;
        for (let oy = -R; oy <= R; oy++) {
          const yy = y + oy;
          if (yy < 0 || yy >= S) continue;
          for (let ox = -R; ox <= R; ox++) {
            const xx = x + ox;
            if (xx < 0 || xx >= S || ox * ox + oy * oy > r * r + 0.5) continue;
            const v = alpha[yy * S + xx]!;
            if (v > m) m = v;
          }
        }
        dilated[y * S + x] = m;
      }
    }
    cover = dilated.map((v, i) => Math.max(0, v - alpha[i]!));
  }
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const i = y * S + x;
      const a = cover[i]!;
      if (a <= 0) continue;
      const o = i * 3;
      let r = plan.material === 'outline' ? ir : layer[i * 4]!;
      let g = plan.material === 'outline' ? ig : layer[i * 4 + 1]!;
      let b = plan.material === 'outline' ? ib : layer[i * 4 + 2]!;
      if (plan.material === 'glossy') {
        // Shading across the mark plus a specular band.
        const u = ((x - S / 2) * dx + (y - S / 2) * dy) / S;
        const shade = 1 + 0.6 * u + 0.5 * Math.exp(-((u - 0.1) ** 2) / 0.004);
        r = r * shade + 30 * (shade - 1);
        g = g * shade + 30 * (shade - 1);
        b = b * shade + 30 * (shade - 1);
      }
      bg[o] = clamp255(bg[o]! * (1 - a) + r * a);
      bg[o + 1] = clamp255(bg[o + 1]! * (1 - a) + g * a);
      bg[o + 2] = clamp255(bg[o + 2]! * (1 - a) + b * a);
    }
  }
}

function compositeOver(bg: Buffer, layer: Buffer): void {
  for (let i = 0; i < S * S; i++) {
    const a = layer[i * 4 + 3]! / 255;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) bg[i * 3 + c] = clamp255(bg[i * 3 + c]! * (1 - a) + layer[i * 4 + c]! * a);
  }
}

function light(pixels: Buffer, l: ScenePlan['lighting']): void {
  const cos = Math.cos(l.angle);
  const sin = Math.sin(l.angle);
  const lut = new Float32Array(256);
  for (let v = 0; v < 256; v++) lut[v] = 255 * (v / 255) ** l.gamma;
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const u = ((x - S / 2) * cos + (y - S / 2) * sin) / S;
      const spot = l.spot ? l.spot * Math.exp(-((x - l.spotX) ** 2 + (y - l.spotY) ** 2) / (2 * 50 * 50)) : 0;
      const gain = 1 + l.slope * u;
      const o = (y * S + x) * 3;
      for (let c = 0; c < 3; c++) {
        pixels[o + c] = clamp255(lut[pixels[o + c]!]! * gain * l.cast[c]! + spot * 255);
      }
    }
  }
}

/** Solves the 8 homography coefficients mapping the 4 `from` points to the 4 `to` points. */
function homography(from: number[][], to: number[][]): number[] {
  const A: number[][] = [];
  const b: number[] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    A.push([x!, y!, 1, 0, 0, 0, -u! * x!, -u! * y!]);
    b.push(u!);
    A.push([0, 0, 0, x!, y!, 1, -v! * x!, -v! * y!]);
    b.push(v!);
  }
  // Gaussian elimination with partial pivoting.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(A[r]![c]!) > Math.abs(A[p]![c]!)) p = r;
    [A[c], A[p]] = [A[p]!, A[c]!];
    [b[c], b[p]] = [b[p]!, b[c]!];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = A[r]![c]! / A[c]![c]!;
      for (let k = c; k < 8; k++) A[r]![k]! -= f * A[c]![k]!;
      b[r]! -= f * b[c]!;
    }
  }
  return b.map((v, i) => v / A[i]![i]!);
}

/** A perspective view: the output's corners come from the source corners moved by `offsets` (edges clamped). */
function warp(pixels: Buffer, offsets: number[]): Buffer {
  const corners = [
    [0, 0],
    [S, 0],
    [S, S],
    [0, S],
  ];
  const moved = corners.map(([x, y], i) => [x! + offsets[2 * i]!, y! + offsets[2 * i + 1]!]);
  // Maps output pixel → source pixel.
  const h = homography(corners, moved);
  const out = Buffer.alloc(pixels.length);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const w = h[6]! * x + h[7]! * y + 1;
      const sx = Math.min(S - 1.001, Math.max(0, (h[0]! * x + h[1]! * y + h[2]!) / w));
      const sy = Math.min(S - 1.001, Math.max(0, (h[3]! * x + h[4]! * y + h[5]!) / w));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = (y0 * S + x0) * 3;
      for (let c = 0; c < 3; c++) {
        const top = pixels[i + c]! + (pixels[i + 3 + c]! - pixels[i + c]!) * fx;
        const bottom = pixels[i + S * 3 + c]! + (pixels[i + S * 3 + 3 + c]! - pixels[i + S * 3 + c]!) * fx;
        out[(y * S + x) * 3 + c] = Math.round(top + (bottom - top) * fy);
      }
    }
  }
  return out;
}

function motionKernel(length: number, angle: number): { width: number; height: number; kernel: number[] } {
  const n = length % 2 ? length : length + 1;
  const kernel = new Array<number>(n * n).fill(0);
  const c = (n - 1) / 2;
  for (let t = -c; t <= c; t += 0.25) {
    const x = Math.round(c + t * Math.cos(angle));
    const y = Math.round(c + t * Math.sin(angle));
    kernel[y * n + x] = 1;
  }
  return { width: n, height: n, kernel };
}

const raw = { raw: { width: S, height: S, channels: 3 as const } };

/** Renders one scene to 224×224 raw RGB bytes. */
export async function renderScene(options: SceneOptions): Promise<Buffer> {
  const plan = planScene(options);
  let pixels: Buffer = await sharp(Buffer.from(plan.background)).removeAlpha().raw().toBuffer();
  if (plan.brushing) brush(pixels, plan.brushing);
  compositeMark(pixels, await sharp(Buffer.from(plan.mark)).ensureAlpha().raw().toBuffer(), plan);
  if (plan.foreground) compositeOver(pixels, await sharp(Buffer.from(plan.foreground)).ensureAlpha().raw().toBuffer());
  light(pixels, plan.lighting);
  if (plan.perspective) pixels = warp(pixels, plan.perspective);
  if (plan.motion)
    pixels = await sharp(pixels, raw).convolve(motionKernel(plan.motion, plan.motionAngle)).raw().toBuffer();
  if (plan.blur >= 0.3) pixels = await sharp(pixels, raw).blur(plan.blur).raw().toBuffer();
  if (plan.rescale) {
    const small = Math.round(plan.rescale);
    const kernel = plan.rescale > 100 ? 'nearest' : 'linear';
    const down = await sharp(pixels, raw).resize(small, small, { kernel: 'linear' }).raw().toBuffer();
    pixels = await sharp(down, { raw: { width: small, height: small, channels: 3 } })
      .resize(S, S, { kernel })
      .raw()
      .toBuffer();
  }
  if (plan.noise > 0) {
    const rng = createRng(plan.noiseSeed);
    for (let i = 0; i < pixels.length; i++) pixels[i] = clamp255(pixels[i]! + rng.normal() * plan.noise);
  }
  if (plan.jpeg) {
    const jpeg = await sharp(pixels, raw).jpeg({ quality: plan.jpeg }).toBuffer();
    pixels = await sharp(jpeg).removeAlpha().raw().toBuffer();
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
