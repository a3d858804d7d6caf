import sharp from 'sharp';
import { MODEL_INPUT_SIZE, type BrandClass } from './classes';
import { useBundledFonts } from './fonts';
import { createRng, type Rng } from './prng';

/*
 * The second held-out renderer (no shipped model trains on it), written independently of generate.ts and
 * holdout-render.ts: a phone photo of a lid, phone back, box or sticker with one brand mark on it. Wordmarks come either from the training fonts or from a small
 * stroked geometric alphabet defined here (so letterforms vary beyond the fonts); the Apple, HP and Microsoft symbols
 * are paths. The SVG is rasterised at 224×224 and then degraded on the raw buffer (perspective warp, blur, colour cast,
 * noise, resampling, JPEG).
 */

export type ThirdDifficulty = 'ordinary' | 'hard';
export interface ThirdOptions {
  brand: BrandClass;
  seed: number;
  difficulty: ThirdDifficulty;
}

const S = MODEL_INPUT_SIZE;
const f = (v: number) => (Math.round(v * 100) / 100).toString();

// ---------------------------------------------------------------- colours

type RGB = [number, number, number];
const hex = (c: RGB) =>
  '#' +
  c
    .map((v) =>
      Math.max(0, Math.min(255, Math.round(v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('');
const parse = (h: string): RGB => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as RGB;
const lum = (c: RGB) => (0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]) / 255;
const mix = (a: RGB, b: RGB, t: number): RGB => [0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * t) as RGB;
const shade = (c: RGB, d: number): RGB => (d >= 0 ? mix(c, [255, 255, 255], d) : mix(c, [0, 0, 0], -d));

const NATIVE: Record<BrandClass, string[]> = {
  Dell: ['#007db8', '#0672cb'],
  HP: ['#0096d6', '#024ad8'],
  Acer: ['#83b81a', '#6aa121'],
  Lenovo: ['#e2231a', '#d3202f'],
  Apple: ['#a2aaad', '#111111'],
  Asus: ['#00539b', '#1a1a1a'],
  Microsoft: ['#737373', '#505050'],
  Samsung: ['#1428a0', '#0c4da2'],
};

// ---------------------------------------------------------------- fonts

interface Font {
  family: string;
  weight: number;
  cap: number; // cap height / em
  wu: number; // mean uppercase advance / em
  wl: number; // mean lowercase advance / em
}
const FONTS: Font[] = [
  { family: 'Liberation Sans', weight: 700, cap: 0.72, wu: 0.72, wl: 0.6 },
  { family: 'Liberation Sans', weight: 400, cap: 0.72, wu: 0.68, wl: 0.54 },
  { family: 'Liberation Sans Narrow', weight: 700, cap: 0.72, wu: 0.6, wl: 0.49 },
  { family: 'Liberation Serif', weight: 700, cap: 0.66, wu: 0.72, wl: 0.5 },
  { family: 'FreeSans', weight: 700, cap: 0.72, wu: 0.72, wl: 0.6 },
  { family: 'Cantarell', weight: 400, cap: 0.7, wu: 0.66, wl: 0.55 },
  { family: 'Cantarell', weight: 800, cap: 0.7, wu: 0.7, wl: 0.6 },
  { family: 'Comfortaa', weight: 700, cap: 0.78, wu: 0.76, wl: 0.62 },
  { family: 'Bebas Neue', weight: 700, cap: 0.7, wu: 0.4, wl: 0.4 },
  { family: 'URW Gothic', weight: 400, cap: 0.74, wu: 0.75, wl: 0.58 },
  { family: 'URW Gothic', weight: 600, cap: 0.74, wu: 0.77, wl: 0.6 },
  { family: 'DejaVu Sans', weight: 700, cap: 0.73, wu: 0.77, wl: 0.66 },
  { family: 'DejaVu Sans', weight: 200, cap: 0.73, wu: 0.7, wl: 0.6 },
  { family: 'DejaVu Sans Condensed', weight: 700, cap: 0.73, wu: 0.68, wl: 0.58 },
  { family: 'DejaVu Serif', weight: 700, cap: 0.73, wu: 0.8, wl: 0.64 },
  { family: 'DejaVu Sans Mono', weight: 700, cap: 0.73, wu: 0.6, wl: 0.6 },
];
const fontAttr = (font: Font) => `font-family="'${font.family}', 'DejaVu Sans'" font-weight="${font.weight}"`;
const textWidth = (text: string, font: Font) =>
  [...text].reduce(
    (s, ch) => s + (ch === ' ' ? 0.3 : ch === 'i' || ch === 'l' || ch === 'I' ? 0.3 : ch >= 'a' ? font.wl : font.wu),
    0,
  );

// ---------------------------------------------------------------- ink

/** How a mark is painted: fg colour (or gradient url), surface colour for knock-outs, outline-only or filled. */
interface Ink {
  fg: string;
  bg: string;
  outline: boolean;
  ow: number; // outline width in mark units
  native: boolean; // use the brand's own colours where the mark has them
}
const fillAttr = (ink: Ink, colour = ink.fg) =>
  ink.outline ? `fill="none" stroke="${colour}" stroke-width="${f(ink.ow)}"` : `fill="${colour}"`;

/** A mark drawn centred on 0,0 in its own units; w,h is its extent. */
interface Mark {
  w: number;
  h: number;
  draw(ink: Ink): string;
}

// ---------------------------------------------------------------- geometric stroked alphabet

/** Point on an ellipse, angle in degrees, y down. */
const pt = (cx: number, cy: number, rx: number, ry: number, a: number) =>
  `${f(cx + rx * Math.cos((a * Math.PI) / 180))},${f(cy + ry * Math.sin((a * Math.PI) / 180))}`;
function arc(cx: number, cy: number, rx: number, ry: number, a0: number, a1: number, move = true): string {
  const large = Math.abs(a1 - a0) > 180 ? 1 : 0;
  const sweep = a1 > a0 ? 1 : 0;
  return `${move ? 'M' : 'L'}${pt(cx, cy, rx, ry, a0)} A${f(rx)} ${f(ry)} 0 ${large} ${sweep} ${pt(cx, cy, rx, ry, a1)}`;
}
const ellipse = (cx: number, cy: number, rx: number, ry: number) =>
  `${arc(cx, cy, rx, ry, 0, 180)} ${arc(cx, cy, rx, ry, 180, 360, false)}`;

interface GlyphCtx {
  xh: number; // x-height (cap height = 100, baseline y = 100, cap top y = 0)
  bar: boolean; // A crossbar
}
type GlyphFn = (x: number, w: number, c: GlyphCtx) => string;
const sCurve = (x: number, w: number, top: number, h: number) => {
  const P = (u: number, v: number) => `${f(x + u * w)},${f(top + v * h)}`;
  return `M${P(0.92, 0.14)} C${P(0.72, -0.03)} ${P(0.05, -0.04)} ${P(0.06, 0.27)} C${P(0.08, 0.52)} ${P(0.95, 0.45)} ${P(0.95, 0.72)} C${P(0.95, 1.04)} ${P(0.25, 1.04)} ${P(0.04, 0.86)}`;
};
const GLYPHS: Record<string, [number, GlyphFn]> = {
  A: [
    0.8,
    (x, w, c) =>
      `M${x},100 L${f(x + w / 2)},0 L${f(x + w)},100` + (c.bar ? ` M${f(x + w * 0.26)},64 L${f(x + w * 0.74)},64` : ''),
  ],
  C: [0.76, (x, w) => arc(x + w / 2, 50, w / 2, 50, -42, -318)],
  D: [0.74, (x, w) => `M${x},0 L${x},100 L${f(x + w * 0.42)},100 A${f(w * 0.58)} 50 0 0 0 ${f(x + w * 0.42)},0 Z`],
  E: [0.6, (x, w) => `M${f(x + w)},0 L${x},0 L${x},100 L${f(x + w)},100 M${x},50 L${f(x + w * 0.85)},50`],
  F: [0.56, (x, w) => `M${f(x + w)},0 L${x},0 L${x},100 M${x},50 L${f(x + w * 0.85)},50`],
  G: [0.8, (x, w) => `${arc(x + w / 2, 50, w / 2, 50, -40, -360)} L${f(x + w * 0.55)},50`],
  H: [0.7, (x, w) => `M${x},0 L${x},100 M${f(x + w)},0 L${f(x + w)},100 M${x},50 L${f(x + w)},50`],
  I: [0, (x) => `M${x},0 L${x},100`],
  K: [0.66, (x, w) => `M${x},0 L${x},100 M${f(x + w)},0 L${x},62 M${f(x + w * 0.3)},45 L${f(x + w)},100`],
  L: [0.54, (x, w) => `M${x},0 L${x},100 L${f(x + w)},100`],
  M: [0.86, (x, w) => `M${x},100 L${x},0 L${f(x + w / 2)},72 L${f(x + w)},0 L${f(x + w)},100`],
  N: [0.72, (x, w) => `M${x},100 L${x},0 L${f(x + w)},100 L${f(x + w)},0`],
  O: [0.86, (x, w) => ellipse(x + w / 2, 50, w / 2, 50)],
  P: [0.62, (x, w) => `M${x},100 L${x},0 L${f(x + w * 0.5)},0 A${f(w * 0.5)} 27 0 0 1 ${f(x + w * 0.5)},54 L${x},54`],
  R: [
    0.66,
    (x, w) =>
      `M${x},100 L${x},0 L${f(x + w * 0.5)},0 A${f(w * 0.5)} 26 0 0 1 ${f(x + w * 0.5)},52 L${x},52 M${f(x + w * 0.45)},52 L${f(x + w)},100`,
  ],
  S: [0.62, (x, w) => sCurve(x, w, 0, 100)],
  T: [0.7, (x, w) => `M${x},0 L${f(x + w)},0 M${f(x + w / 2)},0 L${f(x + w / 2)},100`],
  U: [0.7, (x, w) => `M${x},0 L${x},60 A${f(w / 2)} 40 0 0 0 ${f(x + w)},60 L${f(x + w)},0`],
  V: [0.76, (x, w) => `M${x},0 L${f(x + w / 2)},100 L${f(x + w)},0`],
  a: [
    0.6,
    (x, w, c) =>
      `${ellipse(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2)} M${f(x + w)},${f(100 - c.xh)} L${f(x + w)},100`,
  ],
  c: [0.56, (x, w, c) => arc(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2, -45, -315)],
  d: [0.6, (x, w, c) => `${ellipse(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2)} M${f(x + w)},0 L${f(x + w)},100`],
  e: [
    0.6,
    (x, w, c) =>
      `M${x},${f(100 - c.xh / 2)} L${f(x + w)},${f(100 - c.xh / 2)} ${arc(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2, 0, -318, false)}`,
  ],
  f: [
    0.42,
    (x, w, c) =>
      `M${f(x + w)},6 Q${f(x + w * 0.3)},-4 ${f(x + w * 0.3)},24 L${f(x + w * 0.3)},100 M${x},${f(100 - c.xh)} L${f(x + w * 0.85)},${f(100 - c.xh)}`,
  ],
  g: [
    0.6,
    (x, w, c) =>
      `${ellipse(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2)} M${f(x + w)},${f(100 - c.xh)} L${f(x + w)},110 A${f(w / 2)} 20 0 0 1 ${x},110`,
  ],
  h: [
    0.56,
    (x, w, c) =>
      `M${x},0 L${x},100 M${x},${f(100 - c.xh * 0.55)} A${f(w / 2)} ${f(c.xh * 0.45)} 0 0 1 ${f(x + w)},${f(100 - c.xh * 0.55)} L${f(x + w)},100`,
  ],
  i: [0, (x, _w, c) => `M${x},${f(100 - c.xh)} L${x},100 M${x},${f(100 - c.xh - 20)} L${x},${f(100 - c.xh - 19.5)}`],
  l: [0, (x) => `M${x},0 L${x},100`],
  m: [
    0.95,
    (x, w, c) => {
      const y = f(100 - c.xh * 0.55);
      const r = `${f(w / 4)} ${f(c.xh * 0.45)} 0 0 1`;
      return `M${x},${f(100 - c.xh)} L${x},100 M${x},${y} A${r} ${f(x + w / 2)},${y} L${f(x + w / 2)},100 M${f(x + w / 2)},${y} A${r} ${f(x + w)},${y} L${f(x + w)},100`;
    },
  ],
  n: [
    0.56,
    (x, w, c) =>
      `M${x},${f(100 - c.xh)} L${x},100 M${x},${f(100 - c.xh * 0.55)} A${f(w / 2)} ${f(c.xh * 0.45)} 0 0 1 ${f(x + w)},${f(100 - c.xh * 0.55)} L${f(x + w)},100`,
  ],
  o: [0.62, (x, w, c) => ellipse(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2)],
  p: [0.6, (x, w, c) => `${ellipse(x + w / 2, 100 - c.xh / 2, w / 2, c.xh / 2)} M${x},${f(100 - c.xh)} L${x},132`],
  r: [
    0.42,
    (x, w, c) =>
      `M${x},100 L${x},${f(100 - c.xh)} M${x},${f(100 - c.xh * 0.5)} Q${x},${f(100 - c.xh)} ${f(x + w)},${f(100 - c.xh + 2)}`,
  ],
  s: [0.5, (x, w, c) => sCurve(x, w, 100 - c.xh, c.xh)],
  t: [
    0.46,
    (x, w, c) =>
      `M${f(x + w * 0.35)},${f(100 - c.xh - 24)} L${f(x + w * 0.35)},86 Q${f(x + w * 0.35)},100 ${f(x + w)},99 M${x},${f(100 - c.xh)} L${f(x + w * 0.9)},${f(100 - c.xh)}`,
  ],
  u: [
    0.56,
    (x, w, c) =>
      `M${x},${f(100 - c.xh)} L${x},${f(100 - c.xh * 0.45)} A${f(w / 2)} ${f(c.xh * 0.45)} 0 0 0 ${f(x + w)},${f(100 - c.xh * 0.45)} M${f(x + w)},${f(100 - c.xh)} L${f(x + w)},100`,
  ],
  v: [0.6, (x, w, c) => `M${x},${f(100 - c.xh)} L${f(x + w / 2)},100 L${f(x + w)},${f(100 - c.xh)}`],
};

interface WordStyle {
  kind: 'stroke' | 'font';
  font: Font;
  sw: number; // stroke width (stroke kind), cap height 100
  ext: number; // horizontal extension factor
  track: number; // extra letter spacing, cap-height units
  slant: number; // skewX degrees (negative leans right)
  xh: number;
  round: boolean;
}

function randomStyle(rng: Rng, hard: boolean): WordStyle {
  return {
    kind: rng.chance(0.45) ? 'stroke' : 'font',
    font: rng.pick(FONTS),
    sw: rng.range(7, hard ? 24 : 21),
    ext: rng.chance(0.25) ? rng.range(0.55, 0.8) : rng.range(0.85, 1.5),
    track: rng.chance(0.25) ? rng.range(18, 60) : rng.range(2, 14),
    slant: rng.chance(0.3) ? rng.range(-20, -6) : rng.range(-3, 3),
    xh: rng.range(0.55, 0.72) * 100,
    round: rng.chance(0.6),
  };
}

/** A wordmark; `tilt` rotates letter index -> degrees (Dell's E). */
function word(text: string, st: WordStyle, opts: { bar?: boolean; tilt?: Record<number, number> } = {}): Mark {
  const ctx: GlyphCtx = { xh: st.xh, bar: opts.bar ?? true };
  const hasAsc = /[A-Zbdfhklt]/.test(text);
  const hasDesc = /[gpqy]/.test(text);
  const y0 = hasAsc ? 0 : 100 - st.xh;
  const y1 = hasDesc ? 132 : 100;
  const h = y1 - y0;
  const cy = (y0 + y1) / 2;
  if (st.kind === 'stroke') {
    let x = st.sw / 2;
    const parts: string[] = [];
    [...text].forEach((ch, i) => {
      const g = GLYPHS[ch];
      if (!g) throw new Error(`render-third: no glyph for ${ch}`);
      const w = g[0] * 100 * st.ext;
      const d = g[1](x, w, ctx);
      const tilt = opts.tilt?.[i];
      parts.push(
        tilt ? `<g transform="rotate(${f(tilt)} ${f(x + w / 2)} 50)"><path d="${d}"/></g>` : `<path d="${d}"/>`,
      );
      x += w + st.sw + st.track + 8;
    });
    const w = x - st.track - 8 + st.sw / 2;
    const inner = parts.join('');
    const cap = st.round ? 'round' : 'butt';
    const join = st.round ? 'round' : 'miter';
    return {
      w: w + Math.abs(Math.tan((st.slant * Math.PI) / 180)) * h,
      h: h + st.sw,
      draw: (ink) => {
        const base = `stroke-linecap="${cap}" stroke-linejoin="${join}" fill="none"`;
        const t = `transform="skewX(${f(st.slant)}) translate(${f(-w / 2)},${f(-cy)})"`;
        const main = `<g ${t} ${base} stroke="${ink.fg}" stroke-width="${f(st.sw)}">${inner}</g>`;
        if (!ink.outline || st.sw < 3 * ink.ow) return main;
        const hole = `<g ${t} ${base} stroke="${ink.bg}" stroke-width="${f(st.sw - 2 * ink.ow)}">${inner}</g>`;
        return main + hole;
      },
    };
  }
  // Font wordmark: size so the cap height is 100 units; letters placed one by one when some are tilted.
  const font = st.font;
  const size = 100 / font.cap;
  const track = st.track * 0.6;
  const widths = [...text].map((ch) => textWidth(ch, font) * size * st.ext);
  const w = widths.reduce((a, b) => a + b, 0) + track * (text.length - 1);
  const fontH = hasDesc ? 125 : 100;
  const ty = hasAsc ? 50 : 50 + (100 - st.xh) / 2;
  return {
    w: w + Math.abs(Math.tan((st.slant * Math.PI) / 180)) * fontH,
    h: fontH,
    draw: (ink) => {
      const attrs = `${fontAttr(font)} font-size="${f(size)}" ${fillAttr(ink)}`;
      const t = `transform="skewX(${f(st.slant)}) scale(${f(st.ext)},1) translate(${f(-w / 2 / st.ext)},${f(ty)})"`;
      if (!opts.tilt) {
        return `<g ${t}><text x="0" y="0" ${attrs} letter-spacing="${f(track / st.ext)}">${text}</text></g>`;
      }
      let x = 0;
      const letters = [...text].map((ch, i) => {
        const lw = widths[i]! / st.ext;
        const tilt = opts.tilt?.[i];
        const el = `<text x="${f(x)}" y="0" ${attrs}${tilt ? ` transform="rotate(${f(tilt)} ${f(x + lw / 2)} -50)"` : ''}>${ch}</text>`;
        x += lw + track / st.ext;
        return el;
      });
      return `<g ${t}>${letters.join('')}</g>`;
    },
  };
}

// ---------------------------------------------------------------- brand marks

function frameMark(
  inner: Mark,
  shape: 'circle' | 'ellipse' | 'rect',
  solid: boolean,
  rng: Rng,
  fillColour?: string,
  tilt = 0,
): Mark {
  const pad = shape === 'ellipse' ? rng.range(1.3, 1.55) : rng.range(1.15, 1.45);
  const w = shape === 'circle' ? Math.max(inner.w, inner.h) * pad * 1.05 : inner.w * pad;
  const h =
    shape === 'circle'
      ? w
      : shape === 'ellipse'
        ? Math.max(inner.h * pad * 1.8, w * rng.range(0.3, 0.4))
        : inner.h * rng.range(1.5, 2.1);
  const ring = w * rng.range(0.03, 0.07);
  return {
    w,
    h,
    draw: (ink) => {
      const c = fillColour && ink.native ? fillColour : ink.fg;
      const geom =
        shape === 'circle'
          ? `<circle r="${f(w / 2 - ring / 2)}"`
          : shape === 'ellipse'
            ? `<ellipse rx="${f(w / 2 - ring / 2)}" ry="${f(h / 2 - ring / 2)}" transform="rotate(${f(tilt)})"`
            : `<rect x="${f(-w / 2)}" y="${f(-h / 2)}" width="${f(w)}" height="${f(h)}" rx="${f(h * 0.06)}"`;
      if (solid && !ink.outline) {
        const knock = inner.draw({ ...ink, fg: fillColour && ink.native ? '#ffffff' : ink.bg, outline: false });
        return `${geom} fill="${c}"/>${knock}`;
      }
      return `${geom} fill="none" stroke="${c}" stroke-width="${f(ink.outline ? ink.ow : ring)}"/>${inner.draw(ink)}`;
    },
  };
}

function appleMark(rng: Rng): Mark {
  const sx = rng.range(0.88, 1.1);
  const bite = rng.range(0.16, 0.23);
  const dip = rng.range(0.06, 0.12);
  const P = (x: number, y: number) => `${f(x * 100 * sx)},${f(y * 100)}`;
  const by = rng.range(-0.12, -0.02);
  const body =
    `M${P(0, -0.36 + dip * 0.3)} C${P(0.12, -0.45)} ${P(0.36, -0.48)} ${P(0.45, -0.3)} ` +
    `L${P(0.47, by - bite)} A${f(bite * 100)} ${f(bite * 100)} 0 0 0 ${P(0.47, by + bite)} ` +
    `C${P(0.47, 0.3)} ${P(0.36, 0.56)} ${P(0.22, 0.58)} C${P(0.12, 0.6)} ${P(0.08, 0.53)} ${P(0, 0.53)} ` +
    `C${P(-0.08, 0.53)} ${P(-0.12, 0.6)} ${P(-0.22, 0.58)} C${P(-0.42, 0.55)} ${P(-0.54, 0.2)} ${P(-0.52, -0.05)} ` +
    `C${P(-0.5, -0.35)} ${P(-0.3, -0.48)} ${P(-0.14, -0.43)} C${P(-0.08, -0.41)} ${P(-0.04, -0.38)} ${P(0, -0.36 + dip * 0.3)} Z`;
  const lt = rng.range(-10, 25);
  const ls = rng.range(0.8, 1.15);
  const leaf = `M${P(0.02, -0.5)} C${P(0, -0.64 * ls)} ${P(0.1, -0.76 * ls)} ${P(0.24, -0.78 * ls)} C${P(0.25, -0.64 * ls)} ${P(0.16, -0.52)} ${P(0.02, -0.5)} Z`;
  return {
    w: 100 * sx,
    h: 140,
    draw: (ink) =>
      `<g transform="translate(0,8)"><path d="${body}" ${fillAttr(ink)}/><path d="${leaf}" ${fillAttr(ink)} transform="rotate(${f(lt)} ${P(0.02, -0.5)})"/></g>`,
  };
}

function hpStrokes(rng: Rng): Mark {
  // Four parallel slanted bars whose breaks read as "hp".
  const t = Math.tan((rng.range(18, 28) * Math.PI) / 180);
  const bw = rng.range(14, 20);
  const gap = rng.range(12, 20);
  const bar = (x: number, y0: number, y1: number) =>
    `M${f(x - y0 * t)},${f(y0)} L${f(x + bw - y0 * t)},${f(y0)} L${f(x + bw - y1 * t)},${f(y1)} L${f(x - y1 * t)},${f(y1)} Z`;
  const step = bw + gap;
  const d = bar(-1.5 * step, -60, 25) + bar(-0.5 * step, -20, 25) + bar(0.5 * step, -20, 60) + bar(1.5 * step, -20, 25);
  return { w: 4 * step + 120 * t, h: 120, draw: (ink) => `<path d="${d}" ${fillAttr(ink)}/>` };
}

function microsoftSquares(rng: Rng, single: boolean): Mark {
  const s = 46;
  const g = rng.range(3, 8);
  const cols = ['#f25022', '#7fba00', '#00a4ef', '#ffb900'];
  return {
    w: 2 * s + g,
    h: 2 * s + g,
    draw: (ink) =>
      [0, 1, 2, 3]
        .map((i) => {
          const x = (i % 2 ? g / 2 : -g / 2 - s).toFixed(1);
          const y = (i > 1 ? g / 2 : -g / 2 - s).toFixed(1);
          return `<rect x="${x}" y="${y}" width="${s}" height="${s}" ${fillAttr(ink, ink.native && !single ? cols[i] : ink.fg)}/>`;
        })
        .join(''),
  };
}

function row(items: Mark[], gap: number): Mark {
  const w = items.reduce((a, m) => a + m.w, 0) + gap * (items.length - 1);
  const h = Math.max(...items.map((m) => m.h));
  return {
    w,
    h,
    draw: (ink) => {
      let x = -w / 2;
      return items
        .map((m) => {
          const el = `<g transform="translate(${f(x + m.w / 2)},0)">${m.draw(ink)}</g>`;
          x += m.w + gap;
          return el;
        })
        .join('');
    },
  };
}

/** Recolours a sub-mark with a fixed colour when the ink is native. */
const tinted = (m: Mark, colour: string): Mark => ({
  ...m,
  draw: (ink) => m.draw(ink.native ? { ...ink, fg: colour } : ink),
});

function brandMark(brand: BrandClass, rng: Rng, hard: boolean): Mark {
  const st = randomStyle(rng, hard);
  const v = rng.next();
  switch (brand) {
    case 'Dell': {
      const tilt = { 1: rng.range(-34, -18) };
      const text = v < 0.85 ? 'DELL' : 'Dell';
      const m = word(text, { ...st, slant: rng.range(-4, 4), track: rng.range(2, 16) }, { tilt });
      return rng.chance(0.45) ? frameMark(m, 'circle', false, rng) : m;
    }
    case 'HP': {
      if (v < 0.25) return hpStrokes(rng);
      if (v < 0.32) return word('HP', st);
      const hp = word('hp', {
        ...st,
        slant: rng.range(-22, -8),
        track: rng.range(-2, 10),
        xh: rng.range(0.5, 0.62) * 100,
      });
      return v < 0.85 ? frameMark(hp, 'circle', rng.chance(0.65), rng) : hp;
    }
    case 'Acer':
      return word(v < 0.75 ? 'acer' : 'ACER', { ...st, slant: rng.chance(0.5) ? rng.range(-16, -5) : st.slant });
    case 'Lenovo': {
      const m = word(v < 0.5 ? 'lenovo' : v < 0.75 ? 'Lenovo' : 'LENOVO', st);
      return rng.chance(0.35) ? frameMark(m, 'rect', true, rng, '#e2231a') : m;
    }
    case 'Apple':
      return appleMark(rng);
    case 'Asus':
      return word('ASUS', { ...st, track: rng.chance(0.4) ? rng.range(25, 70) : st.track }, { bar: rng.chance(0.2) });
    case 'Microsoft': {
      const single = rng.chance(0.35);
      const sq = microsoftSquares(rng, single);
      if (v < 0.3) return sq;
      const wm = word('Microsoft', { ...st, slant: rng.range(-3, 2), track: rng.range(0, 8) });
      if (v < 0.85) return row([sq, tinted(wm, '#737373')], rng.range(15, 30));
      return wm;
    }
    case 'Samsung': {
      const m = word('SAMSUNG', { ...st, slant: rng.range(-6, 2), track: rng.range(2, 22) });
      if (v < 0.45) return m;
      return frameMark(m, 'ellipse', v < 0.8, rng, '#1428a0', rng.range(-16, -6));
    }
  }
}

// ---------------------------------------------------------------- scene

const CLUTTER_TEXT = [
  'Intel Core i5',
  'Intel Core i7',
  'AMD Ryzen 7',
  'Model: 14-DQ2055',
  'SN: 5CD1234XYZ',
  'Made in China',
  'CE FC ◇',
  'Input: 19.5V ⎓ 3.33A',
  'Windows 11 Pro',
  'NVIDIA GeForce RTX',
  'Designed for work',
  'P/N 0KX4N2',
  'Rev A00',
  'IMEI 356938035643809',
  '128 GB',
  'Li-ion 45Wh',
  'Type C 65W',
  'Recycle',
  'Assembled in Vietnam',
  'Product of Taiwan',
];

function barcode(rng: Rng, x: number, y: number, w: number, h: number, c: string): string {
  let out = '';
  let xx = x;
  while (xx < x + w) {
    const bw = rng.pick([1, 1, 1.5, 2, 3]);
    if (rng.chance(0.55)) out += `<rect x="${f(xx)}" y="${f(y)}" width="${bw}" height="${f(h)}" fill="${c}"/>`;
    xx += bw + rng.pick([0.8, 1, 1.5, 2]);
  }
  return out;
}

function smallText(rng: Rng, x: number, y: number, size: number, c: string, opacity: number): string {
  const font = rng.pick(FONTS);
  return `<text x="${f(x)}" y="${f(y)}" ${fontAttr(font)} font-size="${f(size)}" fill="${c}" opacity="${f(opacity)}">${rng.pick(CLUTTER_TEXT)}</text>`;
}

function background(rng: Rng): string {
  const kind = rng.pick(['wood', 'fabric', 'plain', 'desk']);
  const base: RGB =
    kind === 'wood'
      ? [rng.range(110, 190), rng.range(70, 120), rng.range(30, 70)]
      : ([0, 0, 0].map(() => rng.range(20, 230)) as RGB);
  let out = `<rect width="${S}" height="${S}" fill="${hex(base)}"/>`;
  if (kind === 'wood') {
    for (let i = 0; i < 14; i++) {
      const y = rng.range(-20, S + 20);
      out += `<path d="M-10,${f(y)} C80,${f(y + rng.range(-15, 15))} 150,${f(y + rng.range(-15, 15))} 240,${f(y + rng.range(-10, 10))}" stroke="${hex(shade(base, rng.range(-0.3, 0.15)))}" stroke-width="${f(rng.range(1, 5))}" fill="none" opacity="0.6"/>`;
    }
  } else if (kind === 'fabric') {
    const step = rng.range(2.5, 6);
    const c = hex(shade(base, rng.range(-0.25, 0.25)));
    out += `<pattern id="fab" width="${f(step)}" height="${f(step)}" patternUnits="userSpaceOnUse" patternTransform="rotate(${f(rng.range(0, 90))})"><path d="M0,0 L${f(step)},${f(step)}" stroke="${c}" stroke-width="1"/></pattern><rect width="${S}" height="${S}" fill="url(#fab)" opacity="0.5"/>`;
  } else if (kind === 'desk') {
    out += `<rect width="${S}" height="${S}" fill="url(#bgGrad)"/>`;
  }
  return out;
}

interface Surface {
  colour: RGB;
  svg: (x: number, y: number, w: number, h: number, r: number) => string;
}

function surface(rng: Rng): Surface {
  const kind = rng.pick(['alu', 'alu', 'plastic', 'painted', 'carbon']);
  let colour: RGB;
  if (kind === 'alu')
    colour = rng.pick<RGB>([
      [200, 202, 205],
      [120, 124, 130],
      [214, 196, 170],
      [225, 190, 185],
      [70, 75, 82],
      [170, 180, 190],
    ]);
  else if (kind === 'plastic')
    colour = rng.chance(0.6) ? ([0, 0, 0].map(() => rng.range(15, 50)) as RGB) : [235, 235, 232];
  else if (kind === 'carbon') colour = [35, 35, 38];
  else colour = [0, 0, 0].map(() => rng.range(20, 235)) as RGB;
  colour = colour.map((c) => c + rng.range(-12, 12)) as RGB;
  const c = hex(colour);
  const grad = `<linearGradient id="surf" x1="0" y1="0" x2="${f(rng.range(0.3, 1))}" y2="1"><stop offset="0" stop-color="${hex(shade(colour, rng.range(0, 0.2)))}"/><stop offset="1" stop-color="${hex(shade(colour, -rng.range(0, 0.25)))}"/></linearGradient>`;
  const brushed = kind === 'alu' && rng.chance(0.6);
  const brushLines = brushed
    ? Array.from({ length: 30 }, () => {
        const yy = rng.range(0, 1);
        return `<line x1="0" x2="1" y1="${f(yy)}" y2="${f(yy)}" stroke="${hex(shade(colour, rng.range(-0.12, 0.12)))}" stroke-width="0.004"/>`;
      }).join('')
    : '';
  return {
    colour,
    svg: (x, y, w, h, r) => {
      let s = `<defs>${grad}</defs><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="${c}"/><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="url(#surf)" opacity="0.8"/>`;
      if (brushLines)
        s += `<g transform="translate(${f(x)},${f(y)}) scale(${f(w)},${f(h)})" opacity="0.5">${brushLines}</g>`;
      if (kind === 'carbon') {
        s += `<pattern id="carb" width="6" height="6" patternUnits="userSpaceOnUse"><rect width="3" height="3" fill="#555" opacity="0.35"/><rect x="3" y="3" width="3" height="3" fill="#555" opacity="0.35"/></pattern><rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" rx="${f(r)}" fill="url(#carb)"/>`;
      }
      // Edge highlight.
      s += `<rect x="${f(x + 1)}" y="${f(y + 1)}" width="${f(w - 2)}" height="${f(h - 2)}" rx="${f(r)}" fill="none" stroke="#fff" stroke-opacity="${f(rng.range(0.05, 0.4))}" stroke-width="1.5"/>`;
      return s;
    },
  };
}

type Material = 'printed' | 'tone' | 'chrome' | 'engraved' | 'embossed' | 'outline' | 'glow';

function pickInk(brand: BrandClass, surf: RGB, rng: Rng, hard: boolean, material: Material): Ink {
  const minContrast = hard ? 0.18 : 0.3;
  const cands = [
    ...NATIVE[brand],
    '#111111',
    '#ffffff',
    '#c9c9c9',
    '#3a3a3a',
    hex([rng.range(0, 255), rng.range(0, 255), rng.range(0, 255)]),
  ];
  let fg = '';
  for (let i = 0; i < 8 && !fg; i++) {
    const c = i < 3 && rng.chance(0.5) ? rng.pick(NATIVE[brand]) : rng.pick(cands);
    if (Math.abs(lum(parse(c)) - lum(surf)) >= minContrast) fg = c;
  }
  if (!fg) fg = lum(surf) > 0.5 ? '#101010' : '#f4f4f4';
  if (material === 'tone') {
    const d = (hard ? rng.range(0.16, 0.3) : rng.range(0.26, 0.42)) * (lum(surf) > 0.55 ? -1 : 1);
    fg = hex(shade(surf, d));
  }
  return {
    fg,
    bg: hex(surf),
    outline: material === 'outline',
    ow: 4,
    native: material === 'printed' && rng.chance(0.6),
  };
}

function placeMark(mark: Mark, ink: Ink, material: Material, k: number, surf: RGB, rng: Rng): string {
  const body = (i: Ink) => `<g transform="scale(${f(k)})">${mark.draw(i)}</g>`;
  const px = 1 / k; // one pixel in mark units
  switch (material) {
    case 'chrome': {
      const a = rng.range(200, 250);
      const b = rng.range(60, 130);
      const defs = `<defs><linearGradient id="chrome" x1="0" y1="0" x2="${f(rng.range(0, 0.5))}" y2="1"><stop offset="0" stop-color="${hex([a, a, a + 5])}"/><stop offset="0.48" stop-color="${hex([b, b, b + 8])}"/><stop offset="0.55" stop-color="${hex([a - 30, a - 30, a - 25])}"/><stop offset="1" stop-color="${hex([b + 40, b + 40, b + 45])}"/></linearGradient></defs>`;
      return (
        defs +
        `<g transform="translate(0.8,0.8)" opacity="0.5">${body({ ...ink, fg: '#202020', native: false })}</g>` +
        body({ ...ink, fg: 'url(#chrome)', native: false })
      );
    }
    case 'engraved':
    case 'embossed': {
      const o = rng.range(0.6, 1.4);
      const light = hex(shade(surf, rng.range(0.25, 0.5)));
      const dark = hex(shade(surf, -rng.range(0.25, 0.5)));
      const face = hex(shade(surf, material === 'engraved' ? -0.12 : 0.06));
      const [first, second] = material === 'engraved' ? [light, dark] : [dark, light];
      const plain = {
        ...ink,
        outline: false,
        native: false,
        bg: hex(shade(surf, material === 'engraved' ? 0.15 : -0.15)),
      };
      return (
        `<g transform="translate(${f(o)},${f(o)})">${body({ ...plain, fg: first })}</g>` +
        `<g transform="translate(${f(-o)},${f(-o)})">${body({ ...plain, fg: second })}</g>` +
        body({ ...plain, fg: face })
      );
    }
    case 'glow': {
      const gc = rng.pick(['#ffffff', '#cfe8ff', '#fff4d0', '#b0ffb0']);
      return `<defs><filter id="glow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${f(rng.range(2, 5) / k)}"/></filter></defs><g filter="url(#glow)" opacity="0.9">${body({ ...ink, fg: gc, outline: false, native: false })}</g>${body({ ...ink, fg: '#ffffff', outline: false, native: false })}`;
    }
    default:
      return body({ ...ink, ow: Math.max(1.2, rng.range(1.2, 2.6)) * px });
  }
}

function occluder(rng: Rng, mx: number, my: number, mw: number): string {
  const kind = rng.pick(['finger', 'cable', 'paper']);
  const ang = rng.range(0, 360);
  // The occluder's edge stops so that it covers at most about a third of the mark.
  const edge = mw / 2 - mw * rng.range(0.08, 0.35);
  const t = `translate(${f(mx)},${f(my)}) rotate(${f(ang)})`;
  if (kind === 'finger') {
    const skin = hex([rng.range(120, 235), rng.range(80, 190), rng.range(60, 160)]);
    const fw = rng.range(26, 46);
    return `<g transform="${t}"><rect x="${f(edge)}" y="${f(-fw / 2)}" width="300" height="${f(fw)}" rx="${f(fw / 2)}" fill="${skin}"/><rect x="${f(edge + 6)}" y="${f(-fw / 2 + 3)}" width="300" height="${f(fw * 0.3)}" rx="${f(fw * 0.15)}" fill="#fff" opacity="0.15"/></g>`;
  }
  if (kind === 'cable') {
    const c = rng.pick(['#111', '#eee', '#333', '#777']);
    return `<path d="M${f(mx - 200)},${f(my + rng.range(-40, 40))} Q${f(mx)},${f(my + rng.range(-mw * 0.5, mw * 0.5))} ${f(mx + 200)},${f(my + rng.range(-60, 60))}" stroke="${c}" stroke-width="${f(rng.range(4, 9))}" fill="none" stroke-linecap="round"/>`;
  }
  return `<g transform="${t}"><rect x="${f(edge)}" y="-150" width="300" height="300" fill="${hex([rng.range(200, 255), rng.range(200, 255), rng.range(150, 255)])}"/></g>`;
}

function buildSvg(brand: BrandClass, rng: Rng, hard: boolean): { svg: string; markHeight: number } {
  const mark = brandMark(brand, rng, hard);
  // Mark width as a fraction of the frame.
  let frac = hard
    ? rng.chance(0.7)
      ? rng.range(0.17, 0.34)
      : rng.range(0.3, 0.6)
    : rng.chance(0.2)
      ? rng.range(0.17, 0.26)
      : rng.range(0.26, 0.8);
  // Long wordmarks need more width to stay legible.
  if (mark.w / mark.h > 3) frac = Math.max(frac, hard ? 0.3 : 0.34);
  let k = (frac * S) / mark.w;
  if (mark.h * k > S * 0.75) k = (S * 0.75) / mark.h;
  const mw = mark.w * k;
  const mh = mark.h * k;
  const rot = rng.chance(0.06) ? 180 + rng.range(-10, 10) : rng.chance(0.7) ? rng.range(-12, 12) : rng.range(-30, 30);
  const diag = Math.hypot(mw, mh);
  const slack = Math.max(0, (S - diag) / 2 - 4);
  const mx = S / 2 + rng.range(-slack, slack) * 0.8;
  const my = S / 2 + rng.range(-slack, slack) * 0.8;

  const surf = surface(rng);
  const objKind = rng.pick(['lid', 'lid', 'phone', 'box', 'sticker']);
  const bgGrad = `<defs><linearGradient id="bgGrad" x1="0" y1="0" x2="1" y2="${f(rng.range(0, 1))}"><stop offset="0" stop-color="${hex([rng.range(30, 230), rng.range(30, 230), rng.range(30, 230)])}"/><stop offset="1" stop-color="${hex([rng.range(10, 200), rng.range(10, 200), rng.range(10, 200)])}"/></linearGradient></defs>`;
  let svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">${bgGrad}${background(rng)}`;

  // The object, drawn in mark-centred coordinates and rotated with the mark.
  let ow: number;
  let oh: number;
  if (objKind === 'phone') {
    ow = Math.max(mw * rng.range(1.5, 2.4), mh * 1.6);
    oh = ow * rng.range(1.9, 2.15);
  } else if (objKind === 'sticker') {
    ow = mw * rng.range(1.25, 1.7);
    oh = Math.max(mh * rng.range(1.4, 2.2), ow * rng.range(0.4, 1));
  } else {
    ow = Math.max(mw * rng.range(1.4, 3.5), rng.range(140, 420));
    oh = ow * rng.range(0.6, 1);
  }
  const ox = -ow / 2 + rng.range(-0.15, 0.15) * (ow - mw);
  const oy = objKind === 'phone' ? -oh * rng.range(0.45, 0.6) : -oh / 2 + rng.range(-0.15, 0.15) * (oh - mh);
  const radius = objKind === 'phone' ? ow * 0.14 : objKind === 'box' ? 2 : rng.range(3, 14);
  let obj = '';
  let surfColour = surf.colour;
  // Drop shadow
  obj += `<rect x="${f(ox + 4)}" y="${f(oy + 6)}" width="${f(ow)}" height="${f(oh)}" rx="${f(radius)}" fill="#000" opacity="${f(rng.range(0.15, 0.45))}"/>`;
  if (objKind === 'sticker') {
    // Sticker on some lid-like surface.
    obj = surf.svg(-300, -300, 600, 600, 0) + obj;
    surfColour = rng.pick<RGB>([
      [245, 245, 245],
      [20, 20, 20],
      [190, 192, 196],
      [236, 230, 210],
    ]);
    obj += `<rect x="${f(ox)}" y="${f(oy)}" width="${f(ow)}" height="${f(oh)}" rx="${f(Math.min(ow, oh) * rng.range(0.02, 0.2))}" fill="${hex(surfColour)}"/>`;
  } else {
    obj += surf.svg(ox, oy, ow, oh, radius);
  }
  // Clutter on the object, away from the mark.
  const nClutter = hard ? rng.int(2, 6) : rng.int(0, 3);
  const ink = lum(surfColour) > 0.5 ? '#222' : '#ddd';
  for (let i = 0; i < nClutter; i++) {
    const side = rng.chance(0.5) ? 1 : -1;
    const yy = side * (mh / 2 + rng.range(6, 50)) + (side > 0 ? 12 : -22); // clear of the mark either side
    const xx = rng.range(-mw, mw * 0.3);
    const c = rng.pick(['text', 'text', 'barcode', 'sticker', 'screw']);
    if (c === 'text')
      obj += smallText(
        rng,
        xx,
        yy,
        Math.min(rng.range(5, hard ? 14 : 11), Math.max(5, mh * 0.45)),
        ink,
        rng.range(0.4, 0.9),
      );
    else if (c === 'barcode') obj += barcode(rng, xx, yy, rng.range(25, 60), rng.range(8, 18), ink);
    else if (c === 'screw')
      obj += `<circle cx="${f(rng.range(ox + 8, ox + ow - 8))}" cy="${f(rng.range(oy + 8, oy + oh - 8))}" r="${f(rng.range(2, 4))}" fill="#555" stroke="#999" stroke-width="0.8"/>`;
    else {
      const sw = rng.range(22, 40);
      obj += `<g transform="translate(${f(xx)},${f(yy - 12)})"><rect width="${f(sw)}" height="${f(sw * 0.8)}" rx="2" fill="${hex([rng.range(0, 255), rng.range(0, 255), rng.range(0, 255)])}"/>${smallText(rng, 2, sw * 0.45, 5, '#fff', 0.9)}</g>`;
    }
  }
  if (objKind === 'phone') {
    const cs = ow * rng.range(0.28, 0.42);
    const cx = ox + ow * 0.08;
    const cyy = oy + ow * 0.08;
    obj += `<rect x="${f(cx)}" y="${f(cyy)}" width="${f(cs)}" height="${f(cs * rng.range(1, 1.6))}" rx="${f(cs * 0.25)}" fill="${hex(shade(surfColour, -0.25))}" stroke="${hex(shade(surfColour, 0.3))}" stroke-width="1"/>`;
    for (let i = 0; i < rng.int(1, 3); i++) {
      obj += `<circle cx="${f(cx + cs * 0.3)}" cy="${f(cyy + cs * (0.28 + i * 0.4))}" r="${f(cs * 0.16)}" fill="#0a0a10" stroke="#888" stroke-width="1.2"/>`;
    }
  }
  // The mark itself.
  let material: Material = rng.pick<Material>(
    hard
      ? ['printed', 'printed', 'tone', 'tone', 'chrome', 'engraved', 'embossed', 'outline', 'glow']
      : ['printed', 'printed', 'printed', 'printed', 'tone', 'chrome', 'engraved', 'embossed', 'outline', 'glow'],
  );
  // Subtle finishes only on marks big enough to read at a glance in 'ordinary'.
  if (!hard && frac < 0.32 && (material === 'tone' || material === 'engraved' || material === 'embossed'))
    material = 'printed';
  let markSurf = surfColour;
  if (material === 'glow') {
    markSurf = [rng.range(10, 50), rng.range(10, 50), rng.range(10, 55)];
    obj += `<rect x="${f(-mw * 0.7)}" y="${f(-mh * 0.8)}" width="${f(mw * 1.4)}" height="${f(mh * 1.6)}" rx="6" fill="${hex(markSurf)}" opacity="0.85"/>`;
  }
  obj += placeMark(mark, pickInk(brand, markSurf, rng, hard, material), material, k, markSurf, rng);
  svg += `<g transform="translate(${f(mx)},${f(my)}) rotate(${f(rot)})">${obj}</g>`;

  // Desk clutter: a cable crossing the frame, sometimes.
  if (rng.chance(hard ? 0.4 : 0.15)) {
    const y1 = rng.pick([-5, S + 5]);
    svg += `<path d="M${f(rng.range(0, S))},${y1} Q${f(rng.range(0, S))},${f(rng.range(0, S))} ${f(rng.pick([-5, S + 5]))},${f(rng.range(0, S))}" stroke="${rng.pick(['#111', '#f0f0f0', '#444'])}" stroke-width="${f(rng.range(3, 7))}" fill="none"/>`;
  }
  if (rng.chance(hard ? 0.3 : 0.08)) svg += occluder(rng, mx, my, mw);

  // Lighting: gradient shadow, glare spot, reflection band.
  svg += `<defs><linearGradient id="light" x1="${f(rng.next())}" y1="0" x2="${f(rng.next())}" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${f(rng.range(0, hard ? 0.6 : 0.4))}"/></linearGradient><radialGradient id="glare"><stop offset="0" stop-color="#fff" stop-opacity="${f(rng.range(0.2, hard ? 0.7 : 0.6))}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>`;
  svg += `<rect width="${S}" height="${S}" fill="url(#light)"/>`;
  if (rng.chance(0.5)) {
    svg += `<ellipse cx="${f(rng.range(0, S))}" cy="${f(rng.range(0, S))}" rx="${f(rng.range(20, 110))}" ry="${f(rng.range(15, 70))}" fill="url(#glare)" transform="rotate(${f(rng.range(-60, 60))} 112 112)"/>`;
  }
  if (rng.chance(0.25)) {
    svg += `<rect x="${f(rng.range(-50, S))}" y="-100" width="${f(rng.range(10, 50))}" height="450" fill="#fff" opacity="${f(rng.range(0.05, 0.2))}" transform="rotate(${f(rng.range(15, 45))} 112 112)"/>`;
  }
  return { svg: svg + '</svg>', markHeight: Math.min(mh, mw) };
}

// ---------------------------------------------------------------- camera

/** Solves the 3×3 homography mapping the unit square corners (0,0),(1,0),(1,1),(0,1) onto quad q. */
function squareToQuad(q: number[]): number[] {
  const [x0, y0, x1, y1, x2, y2, x3, y3] = q as [number, number, number, number, number, number, number, number];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const sx = x0 - x1 + x2 - x3;
  const sy = y0 - y1 + y2 - y3;
  const den = dx1 * dy2 - dx2 * dy1;
  const g = (sx * dy2 - dx2 * sy) / den;
  const h = (dx1 * sy - sx * dy1) / den;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

function warp(src: Buffer, rng: Rng, amount: number): Buffer {
  const j = () => rng.range(0, amount) * S;
  const q = [j(), j(), S - j(), j(), S - j(), S - j(), j(), S - j()];
  const m = squareToQuad(q);
  const out = Buffer.alloc(S * S * 3);
  for (let y = 0; y < S; y++) {
    const v = (y + 0.5) / S;
    for (let x = 0; x < S; x++) {
      const u = (x + 0.5) / S;
      const w = m[6]! * u + m[7]! * v + 1;
      const sx = Math.min(S - 1.001, Math.max(0, (m[0]! * u + m[1]! * v + m[2]!) / w - 0.5));
      const sy = Math.min(S - 1.001, Math.max(0, (m[3]! * u + m[4]! * v + m[5]!) / w - 0.5));
      const ix = Math.floor(sx);
      const iy = Math.floor(sy);
      const fx = sx - ix;
      const fy = sy - iy;
      const i00 = (iy * S + ix) * 3;
      const i10 = i00 + 3;
      const i01 = i00 + S * 3;
      const i11 = i01 + 3;
      const o = (y * S + x) * 3;
      for (let c = 0; c < 3; c++) {
        const top = src[i00 + c]! + (src[i10 + c]! - src[i00 + c]!) * fx;
        const bot = src[i01 + c]! + (src[i11 + c]! - src[i01 + c]!) * fx;
        out[o + c] = Math.round(top + (bot - top) * fy);
      }
    }
  }
  return out;
}

const RAW = { raw: { width: S, height: S, channels: 3 as const } };

/** One photo-like scene, 224×224 raw RGB bytes (Buffer of length 224*224*3, no alpha). */
export async function renderThird(options: ThirdOptions): Promise<Buffer> {
  useBundledFonts();
  const hard = options.difficulty === 'hard';
  const rng = createRng((options.seed ^ 0x3a7c5e11) >>> 0);
  const { svg, markHeight } = buildSvg(options.brand, rng, hard);
  let px: Buffer = await sharp(Buffer.from(svg)).flatten({ background: '#808080' }).removeAlpha().raw().toBuffer();

  if (rng.chance(0.6)) px = warp(px, rng, hard ? 0.14 : 0.09);

  // Optics: defocus, motion blur.
  // Defocus up to ~3 px in 'hard', but never so much that the mark's strokes vanish entirely.
  const maxSigma = Math.min(hard ? 3 : 1.3, Math.max(0.6, markHeight / (hard ? 9 : 14)));
  const sigma = rng.chance(hard ? 0.7 : 0.4) ? rng.range(0.4, maxSigma) : 0;
  const motion = rng.chance(hard ? 0.3 : 0.12);
  if (sigma > 0.3 || motion) {
    let img = sharp(px, RAW);
    if (sigma > 0.3) img = img.blur(sigma);
    if (motion) {
      const n = rng.pick(hard ? [5, 7, 9] : [3, 5]);
      const a = rng.range(0, Math.PI);
      const kernel = new Array<number>(n * n).fill(0);
      const c = (n - 1) / 2;
      for (let t = -c; t <= c; t += 0.25) {
        kernel[Math.round(c + t * Math.sin(a)) * n + Math.round(c + t * Math.cos(a))]! += 1;
      }
      img = img.convolve({ width: n, height: n, kernel, scale: kernel.reduce((s, v) => s + v, 0) });
    }
    px = await img.raw().toBuffer();
  }
  // Down-up resampling.
  if (rng.chance(hard ? 0.5 : 0.3)) {
    const small = Math.round(S * rng.range(hard ? 0.3 : 0.45, 0.8));
    const down = await sharp(px, RAW).resize(small, small).raw().toBuffer();
    px = await sharp(down, { raw: { width: small, height: small, channels: 3 } })
      .resize(S, S)
      .raw()
      .toBuffer();
  }
  // Sensor: colour cast, exposure, contrast, vignette, noise.
  const cast = [0, 1, 2].map(() => 1 + rng.range(-0.12, 0.12));
  const gain = rng.range(0.8, 1.2);
  const contrast = hard ? rng.range(0.65, 1.1) : rng.range(0.8, 1.15);
  const noise = hard ? rng.range(3, 14) : rng.range(0, 6);
  const vig = rng.range(0, 0.35);
  const nrng = createRng((options.seed * 31 + 7) >>> 0);
  for (let y = 0; y < S; y++) {
    for (let x = 0; x < S; x++) {
      const r2 = ((x - S / 2) ** 2 + (y - S / 2) ** 2) / (S * S * 0.5);
      const v = 1 - vig * r2;
      const o = (y * S + x) * 3;
      const n = noise > 0 ? (nrng.next() + nrng.next() + nrng.next() - 1.5) * 2 * noise : 0;
      for (let c = 0; c < 3; c++) {
        const val = ((px[o + c]! - 128) * contrast + 128) * gain * cast[c]! * v + n;
        px[o + c] = val < 0 ? 0 : val > 255 ? 255 : val;
      }
    }
  }
  const quality = hard ? rng.int(30, 80) : rng.int(45, 90);
  const jpeg = await sharp(px, RAW).jpeg({ quality }).toBuffer();
  const out = await sharp(jpeg).removeAlpha().raw().toBuffer();
  if (out.length !== S * S * 3) throw new Error(`render-third: got ${out.length} bytes`);
  return out;
}
