import type { BrandClass } from './classes';
import type { Rng } from './prng';

/*
 * Our own simplified drawings of each brand's mark, built from basic shapes and DejaVu text: nothing here is copied
 * from a real logo file. Each mark is drawn centred on (0, 0) and about 100 units wide; the scene scales it.
 * `ink` is the logo colour, `paper` the lid colour (used for knock-outs such as the bite of the apple).
 */

export interface MarkStyle {
  ink: string;
  paper: string;
  font: string;
  rng: Rng;
}

const text = (s: string, size: number, font: string, ink: string, extra = '', x = 0): string =>
  `<text x="${x}" y="${(size * 0.36).toFixed(1)}" font-family="${font}" font-weight="bold" font-size="${size}" ` +
  `text-anchor="middle" fill="${ink}" ${extra}>${s}</text>`;

function dell({ ink, font, rng }: MarkStyle): string {
  const ringed = rng.chance(0.55);
  const size = ringed ? 30 : 40;
  // The tilted E is the mark's signature, with or without the ring.
  const letters =
    `<text x="-30" y="${size * 0.36}" font-family="${font}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${ink}">D</text>` +
    `<g transform="rotate(-25 -8 0)"><text x="-8" y="${size * 0.36}" font-family="${font}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${ink}">E</text></g>` +
    `<text x="22" y="${size * 0.36}" font-family="${font}" font-weight="bold" font-size="${size}" text-anchor="middle" fill="${ink}">LL</text>`;
  const ring = ringed ? `<circle cx="-2" cy="0" r="52" fill="none" stroke="${ink}" stroke-width="6"/>` : '';
  return ring + letters;
}

function hp({ ink, paper, font, rng }: MarkStyle): string {
  const filled = rng.chance(0.6);
  const letters = text('hp', 58, font, filled ? paper : ink, 'font-style="italic" transform="skewX(-12)"');
  return filled
    ? `<circle r="48" fill="${ink}"/>${letters}`
    : `<circle r="46" fill="none" stroke="${ink}" stroke-width="6"/>${letters}`;
}

const wordmark = (word: string, size: number, spacing: number) => (s: MarkStyle) =>
  text(word, size, s.font, s.ink, `letter-spacing="${spacing}"`);

function lenovo(s: MarkStyle): string {
  if (s.rng.chance(0.4)) {
    return `<rect x="-62" y="-22" width="124" height="44" fill="${s.ink}"/>` + text('Lenovo', 28, s.font, s.paper);
  }
  return text(s.rng.chance(0.5) ? 'Lenovo' : 'lenovo', 30, s.font, s.ink);
}

function apple({ ink, paper }: MarkStyle): string {
  // Two lobes and a tapering base make the body; a circle in the lid colour bites the right side; a leaf on top.
  const body =
    'M0,-26 C12,-40 44,-38 46,-6 C48,22 30,48 16,48 C8,48 6,44 0,44 C-6,44 -8,48 -16,48 ' +
    'C-30,48 -48,22 -46,-6 C-44,-38 -12,-40 0,-26 Z';
  const leaf = 'M2,-32 C2,-48 14,-58 26,-58 C26,-44 16,-34 2,-32 Z';
  return `<path d="${body}" fill="${ink}"/><circle cx="50" cy="-2" r="14" fill="${paper}"/><path d="${leaf}" fill="${ink}"/>`;
}

function asus({ ink, font, rng }: MarkStyle): string {
  // The stylised first A has no crossbar, which sets it apart from Acer's lowercase wordmark.
  if (rng.chance(0.5)) {
    const tail = text('SUS', 32, font, ink, 'letter-spacing="4"', 14);
    return `<path d="M-62,12 L-44,-12 L-30,12" fill="none" stroke="${ink}" stroke-width="6"/>` + tail;
  }
  return text('ASUS', 32, font, ink, 'letter-spacing="5"');
}

function microsoft({ ink, font, rng }: MarkStyle): string {
  const colourful = rng.chance(0.5);
  const colours = colourful ? ['#f25022', '#7fba00', '#00a4ef', '#ffb900'] : [ink, ink, ink, ink];
  const withName = rng.chance(0.4);
  const x0 = withName ? -70 : -24;
  const squares = [
    [0, 0],
    [1, 0],
    [0, 1],
    [1, 1],
  ]
    .map(
      ([c = 0, r = 0], i) =>
        `<rect x="${x0 + c * 25}" y="${-24 + r * 25}" width="23" height="23" fill="${colours[i]}"/>`,
    )
    .join('');
  const name = withName
    ? `<text x="-14" y="9" font-family="${font}" font-weight="bold" font-size="22" fill="${ink}">Microsoft</text>`
    : '';
  return squares + name;
}

function samsung({ ink, paper, font, rng }: MarkStyle): string {
  if (rng.chance(0.35)) {
    return (
      `<ellipse rx="66" ry="26" fill="${ink}" transform="rotate(-8)"/>` +
      text('SAMSUNG', 20, font, paper, 'letter-spacing="1"')
    );
  }
  return text('SAMSUNG', 21, font, ink, 'letter-spacing="2"');
}

export const MARKS: Record<BrandClass, (style: MarkStyle) => string> = {
  Dell: dell,
  HP: hp,
  Acer: (s) => wordmark(s.rng.chance(0.8) ? 'acer' : 'Acer', 40, 1)(s),
  Lenovo: lenovo,
  Apple: apple,
  Asus: asus,
  Microsoft: microsoft,
  Samsung: samsung,
};

/** Fonts a wordmark may be set in; DejaVu Sans Bold most of the time, others so the model does not learn one face. */
export const MARK_FONTS = ['DejaVu Sans', 'DejaVu Sans', 'DejaVu Sans', 'DejaVu Sans Condensed', 'DejaVu Serif'];
