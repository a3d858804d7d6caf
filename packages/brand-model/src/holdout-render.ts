import sharp from 'sharp';
import type { BrandClass } from './classes';
import { useBundledFonts } from './fonts';
import { createRng, type Rng } from './prng';

/*
 * The HELD-OUT renderer: a second, deliberately different family of synthetic photos that the trainer never sees.
 * It shares no drawing code with marks.ts / generate.ts:
 *
 * - its own mark drawings (the apple built from circles, HP's letters drawn as strokes, Dell's letters placed one by
 *   one, Samsung's ellipse as a path, ...), in its own fonts (fonts/holdout: Noto Sans, Nimbus Sans and Sans Narrow,
 *   Nimbus Roman, URW Bookman, C059), none of which the training renderer uses;
 * - materials done with SVG filters and gradients (lighting filters for embossing, drop shadows, chrome gradients,
 *   stroked outlines, translucent ink) instead of pixel compositing;
 * - its own lids and backgrounds (feTurbulence textures, keyboards, desks), clutter (cables, mugs, hands, pens,
 *   receipts), and camera (non-square photos, sharp's affine / modulate / gamma / median / sharpen, WebP or JPEG).
 *
 * Used only to measure: `holdout-cli.ts` writes a set, `evaluate-cli.ts` scores a model on it.
 */

useBundledFonts();

export type HoldoutDifficulty = 'ordinary' | 'hard';

export const HOLDOUT_FONTS = ['Noto Sans', 'Nimbus Sans', 'Nimbus Sans Narrow', 'Nimbus Roman', 'URW Bookman', 'C059'];

type RGB = [number, number, number];
const css = ([r, g, b]: RGB) => `rgb(${Math.round(r)},${Math.round(g)},${Math.round(b)})`;
const clampC = (v: number) => Math.max(0, Math.min(255, v));
const lum = ([r, g, b]: RGB) => 0.299 * r + 0.587 * g + 0.114 * b;

interface Pen {
  rng: Rng;
  font: string;
  ink: string;
  uid: string;
}

function letters(p: Pen, s: string, size: number, extra = ''): string {
  const weight = p.rng.pick(['bold', 'bold', 'normal', '900']);
  return `<text font-family="${p.font}" font-weight="${weight}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${p.ink}" ${extra}>${s}</text>`;
}

/* ---------- marks: each centred on 0,0, roughly 120 units wide ---------- */

function dellMark(p: Pen): string {
  const { rng, ink } = p;
  const size = rng.range(30, 40);
  const step = size * 0.68;
  const weight = rng.pick(['bold', 'normal']);
  const one = (ch: string, x: number, rot = 0) =>
    `<text x="${x}" y="0" transform="rotate(${rot} ${x} 0)" font-family="${p.font}" font-weight="${weight}" font-size="${size}" text-anchor="middle" dominant-baseline="central" fill="${ink}">${ch}</text>`;
  const word =
    one('D', -1.5 * step) + one('E', -0.5 * step, rng.range(-35, -25)) + one('L', 0.5 * step) + one('L', 1.5 * step);
  if (rng.chance(0.55)) {
    return `<circle r="${step * 2.6}" fill="none" stroke="${ink}" stroke-width="${rng.range(2, 6)}"/>${word}`;
  }
  return `<g transform="scale(1.3)">${word}</g>`;
}

function hpMark(p: Pen): string {
  const { rng, ink, uid } = p;
  // "hp" drawn as strokes (no font): two stems, an arch and a bowl, slanted.
  const w = rng.range(7, 11);
  const glyphs =
    `<g transform="skewX(${rng.range(-22, -10)})" stroke-linecap="round" fill="none" stroke-width="${w}">` +
    `<path d="M-26,-30 L-26,22 M-26,0 C-26,-14 -2,-14 -2,0 L-2,22"/>` +
    `<path d="M10,-8 L10,40 M10,4 C10,-16 36,-16 36,6 C36,26 10,26 10,8"/></g>`;
  if (rng.chance(0.6)) {
    return (
      `<mask id="${uid}hp"><rect x="-99" y="-99" width="198" height="198" fill="#fff"/><g stroke="#000">${glyphs}</g></mask>` +
      `<circle r="50" fill="${ink}" mask="url(#${uid}hp)"/>`
    );
  }
  const ring = rng.chance(0.6) ? `<circle r="50" fill="none" stroke="${ink}" stroke-width="${rng.range(3, 6)}"/>` : '';
  return `${ring}<g stroke="${ink}">${glyphs}</g>`;
}

function acerMark(p: Pen): string {
  const { rng } = p;
  const text = rng.chance(0.75) ? 'acer' : 'Acer';
  return letters(
    p,
    text,
    rng.range(40, 50),
    `letter-spacing="${rng.range(-1, 4)}"${rng.chance(0.3) ? ' font-style="italic"' : ''}`,
  );
}

function lenovoMark(p: Pen): string {
  const { rng, ink, uid } = p;
  const text = rng.pick(['lenovo', 'Lenovo', 'lenovo']);
  const t = letters(p, text, rng.range(30, 36), `letter-spacing="${rng.range(0, 3)}"`);
  if (rng.chance(0.4)) {
    const w = rng.range(130, 150);
    const h = rng.range(44, 56);
    return (
      `<mask id="${uid}lb"><rect x="-99" y="-99" width="198" height="198" fill="#fff"/>${t.replace(`fill="${ink}"`, 'fill="#000"')}</mask>` +
      `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${rng.range(0, 8)}" fill="${ink}" mask="url(#${uid}lb)"/>`
    );
  }
  return t;
}

function appleMark(p: Pen): string {
  const { rng, ink, uid } = p;
  // Body from two overlapping circles and a lower ellipse; the bite is a circle cut by a mask; the leaf an ellipse.
  const r = rng.range(24, 28);
  const bite = rng.range(12, 17);
  return (
    `<mask id="${uid}ab"><rect x="-99" y="-99" width="198" height="198" fill="#fff"/>` +
    `<circle cx="${r + 16}" cy="${rng.range(-6, 2)}" r="${bite}" fill="#000"/>` +
    `<ellipse cx="0" cy="-27" rx="9" ry="6" fill="#000"/></mask>` +
    `<g fill="${ink}" mask="url(#${uid}ab)"><circle cx="-13" cy="-2" r="${r}"/><circle cx="13" cy="-2" r="${r}"/>` +
    `<ellipse cx="-9" cy="16" rx="${r * 0.85}" ry="${r}"/><ellipse cx="9" cy="16" rx="${r * 0.85}" ry="${r}"/></g>` +
    `<ellipse cx="8" cy="-42" rx="7" ry="15" transform="rotate(40 8 -42)" fill="${ink}"/>`
  );
}

function asusMark(p: Pen): string {
  const { rng, ink } = p;
  const spacing = rng.range(3, 10);
  if (rng.chance(0.5)) {
    // A filled notched triangle for the A.
    const a = `<path d="M-70,16 L-52,-16 L-34,16 L-42,16 L-52,-2 L-62,16 Z" fill="${ink}"/>`;
    return a + `<g transform="translate(14 0)">${letters(p, 'SUS', 34, `letter-spacing="${spacing}"`)}</g>`;
  }
  return letters(p, 'ASUS', rng.range(32, 38), `letter-spacing="${spacing}"`);
}

function microsoftMark(p: Pen): string {
  const { rng, ink } = p;
  const colours = rng.chance(0.5)
    ? ['rgb(243,83,37)', 'rgb(129,188,6)', 'rgb(5,166,240)', 'rgb(255,186,8)']
    : rng.chance(0.5)
      ? [ink, ink, ink, ink]
      : ['rgb(160,160,160)', 'rgb(160,160,160)', 'rgb(160,160,160)', 'rgb(160,160,160)'];
  const c = rng.range(18, 26);
  const g = rng.range(1, 4);
  const sq = (x: number, y: number, i: number) =>
    `<rect x="${x}" y="${y}" width="${c}" height="${c}" fill="${colours[i]}"/>`;
  const grid = (x: number) =>
    sq(x, -c - g / 2, 0) + sq(x + c + g, -c - g / 2, 1) + sq(x, g / 2, 2) + sq(x + c + g, g / 2, 3);
  if (rng.chance(0.5)) return `<g transform="scale(1.4)">${grid(-c - g / 2)}</g>`;
  return (
    grid(-75) +
    `<text x="${-70 + 2 * c + 10}" y="0" font-family="${p.font}" font-weight="${rng.pick(['bold', 'normal'])}" font-size="${rng.range(20, 26)}" dominant-baseline="central" fill="${ink}">Microsoft</text>`
  );
}

function samsungMark(p: Pen): string {
  const { rng, ink, uid } = p;
  const t = letters(p, 'SAMSUNG', rng.range(20, 25), `letter-spacing="${rng.range(1, 6)}" transform="scale(1.1 1)"`);
  if (rng.chance(0.35)) {
    const tilt = rng.range(-18, -6);
    return (
      `<mask id="${uid}se"><rect x="-150" y="-99" width="300" height="198" fill="#fff"/>${t.replace(`fill="${ink}"`, 'fill="#000"')}</mask>` +
      `<path d="M-78,0 A78,30 0 1,0 78,0 A78,30 0 1,0 -78,0 Z" transform="rotate(${tilt})" fill="${ink}" mask="url(#${uid}se)"/>`
    );
  }
  return t;
}

const HOLDOUT_MARKS: Record<BrandClass, (p: Pen) => string> = {
  Dell: dellMark,
  HP: hpMark,
  Acer: acerMark,
  Lenovo: lenovoMark,
  Apple: appleMark,
  Asus: asusMark,
  Microsoft: microsoftMark,
  Samsung: samsungMark,
};

/* ---------- scene ---------- */

const LIDS: RGB[] = [
  [200, 200, 204],
  [120, 122, 128],
  [38, 38, 42],
  [245, 245, 240],
  [225, 200, 170],
  [235, 195, 185],
  [30, 45, 85],
  [80, 120, 170],
  [50, 80, 60],
  [170, 30, 40],
  [210, 210, 160],
];

function pickInk(rng: Rng, lid: RGB): RGB {
  for (let i = 0; i < 30; i++) {
    const c: RGB =
      rng.next() < 0.5
        ? lum(lid) > 128
          ? [rng.range(0, 60), rng.range(0, 60), rng.range(0, 60)]
          : [rng.range(200, 255), rng.range(200, 255), rng.range(200, 255)]
        : [rng.range(0, 255), rng.range(0, 255), rng.range(0, 255)];
    if (Math.hypot(c[0] - lid[0], c[1] - lid[1], c[2] - lid[2]) > 110) return c;
  }
  return lum(lid) > 128 ? [0, 0, 0] : [255, 255, 255];
}

function holdoutClutter(rng: Rng, W: number, H: number): string {
  const x = rng.range(0, W);
  const y = rng.range(0, H);
  const col = css([rng.range(0, 255), rng.range(0, 255), rng.range(0, 255)]);
  switch (rng.int(0, 5)) {
    case 0: // cable
      return `<path d="M${x},${y} C${rng.range(0, W)},${rng.range(0, H)} ${rng.range(0, W)},${rng.range(0, H)} ${rng.range(0, W)},${rng.range(0, H)}" stroke="${col}" stroke-width="${rng.range(3, 9)}" fill="none"/>`;
    case 1: // mug rim / coaster
      return `<circle cx="${x}" cy="${y}" r="${rng.range(20, 45)}" fill="none" stroke="${col}" stroke-width="${rng.range(4, 10)}"/>`;
    case 2: // hand / fingers
      return `<g fill="rgb(${rng.int(150, 235)},${rng.int(110, 180)},${rng.int(90, 150)})" transform="rotate(${rng.range(0, 360)} ${x} ${y})"><rect x="${x}" y="${y}" width="60" height="40" rx="18"/><rect x="${x + 50}" y="${y}" width="38" height="12" rx="6"/><rect x="${x + 50}" y="${y + 14}" width="42" height="12" rx="6"/></g>`;
    case 3: // pen
      return `<rect x="${x}" y="${y}" width="${rng.range(60, 120)}" height="${rng.range(5, 9)}" rx="3" fill="${col}" transform="rotate(${rng.range(0, 180)} ${x} ${y})"/>`;
    case 4: // receipt / sticky note with scribbles
      return `<g transform="rotate(${rng.range(-30, 30)} ${x} ${y})"><rect x="${x}" y="${y}" width="40" height="34" fill="rgb(250,240,150)"/><path d="M${x + 4},${y + 10} h30 M${x + 4},${y + 18} h24 M${x + 4},${y + 26} h28" stroke="#555" stroke-width="1.5"/></g>`;
    default: // dust specks
      return Array.from(
        { length: 12 },
        () =>
          `<circle cx="${rng.range(0, W)}" cy="${rng.range(0, H)}" r="${rng.range(0.5, 1.8)}" fill="#ddd" opacity="0.7"/>`,
      ).join('');
  }
}

export interface HoldoutOptions {
  brand: BrandClass;
  seed: number;
  difficulty: HoldoutDifficulty;
}

/** One held-out photo, encoded (JPEG or WebP or PNG), landscape or portrait. */
export async function renderHoldout({
  brand,
  seed,
  difficulty,
}: HoldoutOptions): Promise<{ data: Buffer; ext: string }> {
  const rng = createRng(seed ^ 0x4f1d);
  const hard = difficulty === 'hard';
  const portrait = rng.chance(0.5);
  const W = portrait ? 300 : 400;
  const H = portrait ? 400 : 300;
  const side = Math.min(W, H);
  const uid = `h${seed % 100000}`;
  const lid: RGB = rng.chance(0.8)
    ? (rng.pick(LIDS).map((v) => clampC(v + rng.range(-15, 15))) as RGB)
    : [rng.range(0, 255), rng.range(0, 255), rng.range(0, 255)];
  const defs: string[] = [];
  let scene = '';

  // Surface: turbulence texture or radial sheen, inside a rounded lid that sometimes leaves a desk visible.
  const lidPad = rng.chance(0.4) ? rng.range(10, 50) : -20;
  const desk: RGB = [rng.range(40, 200), rng.range(30, 160), rng.range(20, 120)];
  scene += `<rect width="${W}" height="${H}" fill="${css(desk)}"/>`;
  if (rng.chance(0.4)) {
    defs.push(
      `<filter id="${uid}tx" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${rng.range(0.01, 0.9).toFixed(3)} ${rng.range(0.01, 0.2).toFixed(3)}" numOctaves="2" seed="${rng.int(1, 999)}"/><feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="${rng.range(0.1, 0.35).toFixed(2)}"/></feComponentTransfer></filter>`,
    );
  }
  defs.push(
    `<radialGradient id="${uid}sh" cx="${rng.range(0.2, 0.8)}" cy="${rng.range(0.2, 0.8)}" r="${rng.range(0.5, 1)}"><stop offset="0" stop-color="${css(lid.map((v) => clampC(v + 30)) as RGB)}"/><stop offset="1" stop-color="${css(lid.map((v) => clampC(v - 30)) as RGB)}"/></radialGradient>`,
  );
  scene += `<rect x="${lidPad}" y="${lidPad}" width="${W - 2 * lidPad}" height="${H - 2 * lidPad}" rx="${rng.range(6, 24)}" fill="url(#${uid}sh)"/>`;
  if (defs.some((d) => d.includes(`${uid}tx`)))
    scene += `<rect x="${lidPad}" y="${lidPad}" width="${W - 2 * lidPad}" height="${H - 2 * lidPad}" filter="url(#${uid}tx)"/>`;
  if (rng.chance(0.2)) {
    // A keyboard strip along one edge (a lid half open).
    const rows = Array.from(
      { length: 10 },
      (_, i) => `<rect x="${8 + i * 38}" y="${H - 34}" width="32" height="24" rx="3" fill="#222" stroke="#555"/>`,
    ).join('');
    scene += `<rect y="${H - 44}" width="${W}" height="44" fill="#444"/>${rows}`;
  }

  const clutter = hard ? rng.int(4, 10) : rng.int(0, 3);
  for (let i = 0; i < clutter; i++) scene += holdoutClutter(rng, W, H);

  // The mark, inside the central square the model will look at.
  const font = rng.pick(HOLDOUT_FONTS);
  const material = rng.next();
  let ink = pickInk(rng, lid);
  let markAttrs = '';
  let opacity = rng.range(0.85, 1);
  if (material < 0.12) {
    // Embossed / engraved with a lighting filter: same colour as the lid, lit edges.
    ink = lid;
    defs.push(
      `<filter id="${uid}em"><feGaussianBlur in="SourceAlpha" stdDeviation="1.2" result="b"/>` +
        `<feSpecularLighting in="b" surfaceScale="${rng.chance(0.5) ? 3 : -3}" specularConstant="0.9" specularExponent="14" lighting-color="#fff" result="s"><feDistantLight azimuth="${rng.int(0, 360)}" elevation="${rng.int(35, 60)}"/></feSpecularLighting>` +
        `<feComposite in="s" in2="SourceAlpha" operator="in" result="s2"/>` +
        `<feOffset in="SourceAlpha" dx="1.5" dy="1.5" result="o"/><feComposite in="o" in2="SourceAlpha" operator="out" result="edge"/>` +
        `<feFlood flood-color="#000" flood-opacity="0.5"/><feComposite in2="edge" operator="in" result="shadow"/>` +
        `<feMerge><feMergeNode in="SourceGraphic"/><feMergeNode in="shadow"/><feMergeNode in="s2"/></feMerge></filter>`,
    );
    ink = lid.map((v) => clampC(v + (lum(lid) > 128 ? -22 : 22))) as RGB;
    markAttrs = `filter="url(#${uid}em)"`;
  } else if (material < 0.24) {
    // Chrome: a gradient fill with hard stops.
    defs.push(
      `<linearGradient id="${uid}cr" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fafafa"/><stop offset="0.48" stop-color="#8a8a8a"/><stop offset="0.52" stop-color="#3a3a3a"/><stop offset="1" stop-color="#d0d0d0"/></linearGradient>`,
    );
    ink = [128, 128, 128];
    markAttrs = `data-chrome="1"`;
  } else if (material < 0.34) {
    // Translucent / faint print.
    opacity = rng.range(0.55, 0.8);
  } else if (material < 0.44) {
    // Drop shadow under a printed mark.
    defs.push(
      `<filter id="${uid}ds" x="-20%" y="-20%" width="140%" height="140%"><feDropShadow dx="${rng.range(-3, 3)}" dy="${rng.range(1, 4)}" stdDeviation="${rng.range(0.5, 2)}" flood-opacity="0.6"/></filter>`,
    );
    markAttrs = `filter="url(#${uid}ds)"`;
  }
  const pen: Pen = { rng, font, ink: css(ink), uid };
  let mark = HOLDOUT_MARKS[brand](pen);
  if (markAttrs === 'data-chrome="1"') mark = mark.replaceAll(`"${css(ink)}"`, `"url(#${uid}cr)"`);
  if (material >= 0.44 && material < 0.54 && !mark.includes('<mask')) {
    // Outlined: stroke everything, fill nothing.
    mark = `<g style="fill:none;stroke:${css(ink)};stroke-width:1.6">${mark.replaceAll(`fill="${css(ink)}"`, '')}</g>`;
  }

  const frac = hard ? rng.range(0.26, 0.45) : rng.range(0.32, 0.72);
  const scale = (frac * side) / 125;
  const half = (frac * side) / 2;
  const x0 = (W - side) / 2;
  const y0 = (H - side) / 2;
  const mx = x0 + rng.range(half, side - half);
  const my = y0 + rng.range(half * 0.7, side - half * 0.7);
  let rot = rng.range(-1, 1) * (hard ? 35 : 20);
  if (rng.chance(hard ? 0.15 : 0.08)) rot += 180;
  const sx = scale * rng.range(0.85, 1.15);
  const sy = scale * rng.range(0.85, 1.15);
  scene += `<g transform="translate(${mx} ${my}) rotate(${rot}) scale(${sx} ${sy})" opacity="${opacity}" ${markAttrs.startsWith('filter') ? markAttrs : ''}>${mark}</g>`;

  // Over the mark: occluders (hard), a window reflection, shading.
  if (rng.chance(hard ? 0.35 : 0.05)) scene += holdoutClutter(rng, W, H);
  if (rng.chance(0.35)) {
    scene += `<polygon points="${rng.range(0, W)},0 ${rng.range(0, W)},0 ${rng.range(0, W)},${H} ${rng.range(0, W)},${H}" fill="#fff" opacity="${rng.range(0.06, hard ? 0.3 : 0.2)}"/>`;
  }
  defs.push(
    `<linearGradient id="${uid}lt" gradientTransform="rotate(${rng.int(0, 360)} 0.5 0.5)"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="${rng.range(0, hard ? 0.55 : 0.35)}"/></linearGradient>`,
  );
  scene += `<rect width="${W}" height="${H}" fill="url(#${uid}lt)"/>`;

  // Whole-scene tilt (a cheap perspective stand-in, different from the training renderer's homography).
  const tilt = `translate(${W / 2} ${H / 2}) skewX(${rng.range(-8, 8)}) skewY(${rng.range(-6, 6)}) scale(${rng.range(1.0, 1.12)}) translate(${-W / 2} ${-H / 2})`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}"><defs>${defs.join('')}</defs><rect width="${W}" height="${H}" fill="${css(desk)}"/><g transform="${tilt}">${scene}</g></svg>`;

  let img = sharp(Buffer.from(svg)).removeAlpha();
  img = img.modulate({
    brightness: rng.range(hard ? 0.6 : 0.8, hard ? 1.3 : 1.15),
    saturation: rng.range(0.6, 1.3),
    hue: rng.int(-15, 15),
  });
  if (rng.chance(0.4)) img = img.gamma(rng.range(1.0, 2.6));
  const blur = hard ? rng.range(1.3, 3.2) : rng.chance(0.4) ? rng.range(0.4, 1.1) : 0;
  let buf = await img.png().toBuffer();
  let chain = sharp(buf);
  if (blur >= 0.3) chain = chain.blur(blur);
  if (rng.chance(0.15)) chain = chain.median(3);
  if (!hard && rng.chance(0.3)) chain = chain.sharpen();
  buf = await chain.removeAlpha().raw().toBuffer();
  // Sensor noise, coloured (per channel), stronger in the dark.
  const noise = hard ? rng.range(5, 15) : rng.range(0, 6);
  if (noise > 0) {
    const nr = createRng(seed ^ 0xa11ce);
    for (let i = 0; i < buf.length; i++) buf[i] = clampC(buf[i]! + nr.normal() * noise * (1.3 - buf[i]! / 400));
  }
  // Resolution: a low-resolution camera, or a photo of a screen.
  let out = sharp(buf, { raw: { width: W, height: H, channels: 3 } });
  if (rng.chance(hard ? 0.35 : 0.15)) {
    const k = rng.range(hard ? 0.3 : 0.45, 0.7);
    const small = await out
      .resize(Math.round(W * k), Math.round(H * k), { kernel: 'cubic' })
      .png()
      .toBuffer();
    out = sharp(small).resize(W, H, { kernel: 'mitchell' });
  }
  const format = rng.next();
  if (format < 0.45) return { data: await out.jpeg({ quality: rng.int(hard ? 18 : 45, 92) }).toBuffer(), ext: 'jpg' };
  if (format < 0.7) return { data: await out.webp({ quality: rng.int(hard ? 20 : 50, 90) }).toBuffer(), ext: 'webp' };
  return { data: await out.png().toBuffer(), ext: 'png' };
}
