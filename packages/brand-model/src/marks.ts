import type { BrandClass } from './classes';
import type { Rng } from './prng';

/*
 * The training renderer's own simplified drawings of each brand's mark, built from basic shapes and text in the
 * package's training fonts (fonts/train + DejaVu): nothing here is copied from a real logo file. Every mark comes in
 * the variants a shopper meets on real devices (wordmarks in several weights and letter spacings, badges, boxes,
 * ellipses, symbols with and without names), so the model learns the brand rather than one drawing of it.
 *
 * Each mark is drawn centred on (0, 0) and about 100 units wide, in `ink`, on a transparent ground: knock-outs (the
 * letters inside HP's badge, Lenovo's box or Samsung's ellipse, the apple's bite) are cut with an SVG mask, so the
 * scene renderer can give the whole mark one material (printed, engraved, embossed, outlined, glossy...).
 *
 * The held-out renderer (holdout-render.ts) draws every brand differently and in other fonts; never import it here.
 */

export interface MarkStyle {
  ink: string;
  /** Font family for wordmarks (one of TRAIN_FONTS). */
  font: string;
  rng: Rng;
  /** Unique prefix for ids (masks) inside one scene. */
  id: string;
}

/** Families the training renderer may set text in: files in fonts/train plus the system DejaVu. */
export const TRAIN_FONTS = [
  'DejaVu Sans',
  'DejaVu Sans Condensed',
  'DejaVu Serif',
  'Liberation Sans',
  'Liberation Sans Narrow',
  'Liberation Serif',
  'FreeSans',
  'Cantarell',
  'Comfortaa',
  'Bebas Neue',
  'URW Gothic',
];

/** Kept for callers that only need "some training font" (clutter text). */
export const MARK_FONTS = TRAIN_FONTS;

interface WordOptions {
  spacing?: number;
  weight?: number;
  italic?: boolean;
  x?: number;
  y?: number;
  fill?: string;
  anchor?: 'start' | 'middle' | 'end';
  extra?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

function word(s: MarkStyle, content: string, size: number, o: WordOptions = {}): string {
  const weight = o.weight ?? s.rng.pick([400, 700, 700, 700, 800]);
  return (
    `<text x="${(o.x ?? 0).toFixed(1)}" y="${((o.y ?? 0) + size * 0.36).toFixed(1)}" font-family="${s.font}" ` +
    `font-weight="${weight}" font-size="${size.toFixed(1)}" text-anchor="${o.anchor ?? 'middle'}" ` +
    `${o.italic ? 'font-style="italic" ' : ''}letter-spacing="${(o.spacing ?? 0).toFixed(1)}" fill="${o.fill ?? s.ink}" ${o.extra ?? ''}>${esc(content)}</text>`
  );
}

/** `shape` in ink with `holes` cut out of it (holes drawn in any colour; only their shape matters). */
function knockout(s: MarkStyle, shape: string, holes: string): string {
  const id = `${s.id}k${Math.floor(s.rng.next() * 1e9)}`;
  const blackHoles = holes.replace(/fill="[^"]*"/g, 'fill="#000"').replace(/stroke="[^"]*"/g, 'stroke="#000"');
  return (
    `<mask id="${id}" maskUnits="userSpaceOnUse" x="-300" y="-300" width="600" height="600">` +
    `<rect x="-300" y="-300" width="600" height="600" fill="#fff"/>${blackHoles}</mask>` +
    `<g mask="url(#${id})">${shape}</g>`
  );
}

function dell(s: MarkStyle): string {
  const { ink, rng } = s;
  const size = rng.range(26, 34);
  const tilt = rng.range(-32, -18);
  const weight = rng.pick([700, 800, 400]);
  const gap = rng.range(0.95, 1.15);
  const letters =
    word(s, 'D', size, { x: -28 * gap, weight }) +
    `<g transform="rotate(${tilt.toFixed(1)} ${(-6 * gap).toFixed(1)} 0)">${word(s, 'E', size, { x: -6 * gap, weight })}</g>` +
    word(s, 'LL', size, { x: 22 * gap, weight, spacing: rng.range(-1, 2) });
  const variant = rng.next();
  if (variant < 0.45) {
    // The classic: letters inside a ring of varying weight.
    return `<circle cx="-2" cy="0" r="${rng.range(48, 55).toFixed(1)}" fill="none" stroke="${ink}" stroke-width="${rng.range(2.5, 8).toFixed(1)}"/>${letters}`;
  }
  if (variant < 0.6) {
    // Knocked out of a solid disc.
    return knockout(s, `<circle cx="-2" cy="0" r="52" fill="${ink}"/>`, letters);
  }
  // Letters alone (newer lids), sometimes with the tilted E only slightly turned.
  return `<g transform="scale(1.25)">${letters}</g>`;
}

function hp(s: MarkStyle): string {
  const { ink, rng } = s;
  const italic = rng.chance(0.8);
  const skew = rng.range(-16, -4);
  const letters = word(s, 'hp', rng.range(50, 62), {
    italic,
    weight: rng.pick([700, 800, 400]),
    spacing: rng.range(-4, 1),
    extra: `transform="skewX(${skew.toFixed(1)})"`,
  });
  const variant = rng.next();
  if (variant < 0.45) return knockout(s, `<circle r="${rng.range(44, 50).toFixed(1)}" fill="${ink}"/>`, letters);
  if (variant < 0.7)
    return `<circle r="${rng.range(44, 50).toFixed(1)}" fill="none" stroke="${ink}" stroke-width="${rng.range(3, 8).toFixed(1)}"/>${letters}`;
  if (variant < 0.85) {
    // The four-stroke mark: slanted parallel bars in a disc.
    const bars = [-24, -8, 8, 24]
      .map(
        (x, i) =>
          `<rect x="${x - 4}" y="${i % 2 ? -30 : -20}" width="8" height="${i % 2 ? 60 : 40}" fill="#000" transform="skewX(-25)"/>`,
      )
      .join('');
    return rng.chance(0.5)
      ? knockout(s, `<circle r="48" fill="${ink}"/>`, bars)
      : `<g fill="${ink}">${bars.replace(/fill="#000"/g, `fill="${ink}"`)}</g>`;
  }
  return `<g transform="scale(1.2)">${letters}</g>`;
}

function acer(s: MarkStyle): string {
  const { rng } = s;
  const text = rng.pick(['acer', 'acer', 'acer', 'Acer', 'ACER']);
  const size = text === 'ACER' ? rng.range(30, 36) : rng.range(36, 46);
  return word(s, text, size, {
    spacing: rng.range(-2, 6),
    italic: rng.chance(0.2),
    extra: rng.chance(0.3) ? `transform="skewX(${rng.range(-14, 0).toFixed(1)})"` : '',
  });
}

function lenovo(s: MarkStyle): string {
  const { ink, rng } = s;
  const text = rng.pick(['lenovo', 'lenovo', 'Lenovo', 'LENOVO']);
  const size = text === 'LENOVO' ? rng.range(22, 28) : rng.range(26, 34);
  const spacing = rng.range(-1, 5);
  const variant = rng.next();
  const letters = word(s, text, size, { spacing });
  if (variant < 0.35) {
    const w = rng.range(112, 134);
    const h = rng.range(36, 50);
    return knockout(
      s,
      `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" rx="${rng.range(0, 4).toFixed(1)}" fill="${ink}"/>`,
      letters,
    );
  }
  if (variant < 0.5) {
    const w = rng.range(112, 134);
    const h = rng.range(36, 50);
    return `<rect x="${-w / 2}" y="${-h / 2}" width="${w}" height="${h}" fill="none" stroke="${ink}" stroke-width="${rng.range(2, 5).toFixed(1)}"/>${letters}`;
  }
  return `<g transform="scale(1.1)">${letters}</g>`;
}

/** Two drawings of the apple: rounder and taller, each with its own bite and leaf. */
const APPLE_BODIES = [
  'M0,-26 C12,-40 44,-38 46,-6 C48,22 30,48 16,48 C8,48 6,44 0,44 C-6,44 -8,48 -16,48 C-30,48 -48,22 -46,-6 C-44,-38 -12,-40 0,-26 Z',
  'M0,-22 C10,-34 38,-36 42,-8 C46,20 28,50 14,50 C6,50 4,46 0,46 C-4,46 -6,50 -14,50 C-30,50 -46,22 -44,-8 C-42,-36 -10,-34 0,-22 Z',
];

function apple(s: MarkStyle): string {
  const { ink, rng } = s;
  const body = rng.pick(APPLE_BODIES);
  const biteR = rng.range(11, 16);
  const leafTilt = rng.range(-15, 15);
  const leaf = `<path d="M2,-32 C2,-48 14,-58 26,-58 C26,-44 16,-34 2,-32 Z" fill="${ink}" transform="rotate(${leafTilt.toFixed(1)} 4 -34)"/>`;
  const shape = knockout(
    s,
    `<path d="${body}" fill="${ink}"/>`,
    `<circle cx="${(44 + biteR * 0.4).toFixed(1)}" cy="${rng.range(-6, 2).toFixed(1)}" r="${biteR.toFixed(1)}" fill="#000"/>`,
  );
  const stretch = rng.range(0.9, 1.1);
  return `<g transform="scale(${stretch.toFixed(3)} ${(1 / stretch).toFixed(3)})">${shape}${leaf}</g>`;
}

function asus(s: MarkStyle): string {
  const { ink, rng } = s;
  const spacing = rng.range(2, 9);
  const size = rng.range(28, 36);
  const italic = rng.chance(0.2);
  if (rng.chance(0.45)) {
    // The stylised first A has no crossbar, which sets it apart from Acer's lowercase wordmark.
    const tail = word(s, 'SUS', size, { spacing, x: 14, italic });
    const w = rng.range(3.5, 7);
    return `<path d="M-64,12 L-46,-12 L-28,12" fill="none" stroke="${ink}" stroke-width="${w.toFixed(1)}" stroke-linejoin="${rng.pick(['miter', 'round'])}"/>${tail}`;
  }
  return word(s, rng.chance(0.85) ? 'ASUS' : 'asus', size, { spacing, italic });
}

function microsoft(s: MarkStyle): string {
  const { ink, rng } = s;
  const colourful = rng.chance(0.4);
  const colours = colourful ? ['#f25022', '#7fba00', '#00a4ef', '#ffb900'] : [ink, ink, ink, ink];
  const variant = rng.next();
  const gap = rng.range(1.5, 4);
  const cell = 23;
  const squares = (x0: number, y0: number, k: number) =>
    [
      [0, 0],
      [1, 0],
      [0, 1],
      [1, 1],
    ]
      .map(
        ([c = 0, r = 0], i) =>
          `<rect x="${(x0 + c * (cell + gap) * k).toFixed(1)}" y="${(y0 + r * (cell + gap) * k).toFixed(1)}" width="${(cell * k).toFixed(1)}" height="${(cell * k).toFixed(1)}" fill="${colours[i]}"/>`,
      )
      .join('');
  if (variant < 0.45) return squares(-cell - gap / 2, -cell - gap / 2, 1.15);
  if (variant < 0.85) {
    const name = word(s, 'Microsoft', rng.range(19, 24), {
      x: -16,
      anchor: 'start',
      weight: rng.pick([400, 700, 700]),
      spacing: rng.range(-0.5, 1.5),
    });
    return squares(-74, -24, 1) + name;
  }
  // The name alone, as on older keyboards and boxes.
  return word(s, 'Microsoft', rng.range(24, 30), { spacing: rng.range(-0.5, 1.5) });
}

function samsung(s: MarkStyle): string {
  const { ink, rng } = s;
  const spacing = rng.range(0, 5);
  const size = rng.range(18, 23);
  const letters = word(s, 'SAMSUNG', size, { spacing, italic: rng.chance(0.15) });
  const variant = rng.next();
  if (variant < 0.3) {
    return knockout(
      s,
      `<ellipse rx="${rng.range(62, 70).toFixed(1)}" ry="${rng.range(22, 30).toFixed(1)}" fill="${ink}" transform="rotate(${rng.range(-14, -5).toFixed(1)})"/>`,
      letters,
    );
  }
  if (variant < 0.4) {
    return `<ellipse rx="66" ry="26" fill="none" stroke="${ink}" stroke-width="${rng.range(2, 4).toFixed(1)}" transform="rotate(${rng.range(-14, -5).toFixed(1)})"/>${letters}`;
  }
  return `<g transform="scale(1.2)">${letters}</g>`;
}

export const MARKS: Record<BrandClass, (style: MarkStyle) => string> = {
  Dell: dell,
  HP: hp,
  Acer: acer,
  Lenovo: lenovo,
  Apple: apple,
  Asus: asus,
  Microsoft: microsoft,
  Samsung: samsung,
};
