import type { Category } from '@pricehub/shared/schemas/product';

/**
 * The one place that decides whether two listings are the same product. GTIN decides when both carry one;
 * otherwise the normalised brand, the model tokens and the storage must agree, and RAM too when both state it.
 * Colour and shop wording are ignored; Pro/Max/Plus/Ultra, generations and years are model tokens and count.
 */
export interface Listing {
  name: string;
  brand?: string | null;
  gtin?: string | null;
}

export interface Identity {
  /** brand | sorted model tokens | storage GB: stored as products.match_key. */
  key: string;
  brand: string;
  ramGb: number;
  storageGb: number;
}

const BRAND_ALIASES: Record<string, string> = {
  iphone: 'apple',
  ipad: 'apple',
  macbook: 'apple',
  imac: 'apple',
  mac: 'apple',
  galaxy: 'samsung',
  pixel: 'google',
  redmi: 'xiaomi',
  poco: 'xiaomi',
  mi: 'xiaomi',
  thinkpad: 'lenovo',
  ideapad: 'lenovo',
  thinkcentre: 'lenovo',
  legion: 'lenovo',
  yoga: 'lenovo',
  vivobook: 'asus',
  zenbook: 'asus',
  rog: 'asus',
  tuf: 'asus',
  inspiron: 'dell',
  latitude: 'dell',
  xps: 'dell',
  vostro: 'dell',
  alienware: 'dell',
  optiplex: 'dell',
  pavilion: 'hp',
  elitebook: 'hp',
  probook: 'hp',
  omen: 'hp',
  victus: 'hp',
  envy: 'hp',
  spectre: 'hp',
  aspire: 'acer',
  nitro: 'acer',
  predator: 'acer',
  swift: 'acer',
  surface: 'microsoft',
};
const KNOWN_BRANDS = new Set([
  'apple',
  'samsung',
  'google',
  'xiaomi',
  'lenovo',
  'asus',
  'dell',
  'hp',
  'acer',
  'microsoft',
  'infinix',
  'tecno',
  'oppo',
  'vivo',
  'realme',
  'oneplus',
  'nokia',
  'motorola',
  'huawei',
  'honor',
  'itel',
  'sony',
  'msi',
  'lg',
]);
const BRAND_NAMES: [RegExp, string][] = [
  [/\bhewlett[\s-]*packard\b/g, 'hp'],
  [/\bone[\s-]*plus\b/g, 'oneplus'],
];
/** Words that name a model line and stay even next to a colour ("Ultra Black" keeps "ultra"). */
const MODEL_WORDS = new Set(
  'pro max plus ultra mini lite fe air neo prime edge note fold flip go se slim gaming'.split(' '),
);

const COLOURS = new Set(
  (
    'black white blue red green gold silver gray grey purple pink yellow midnight starlight graphite natural titanium ' +
    'space sierra alpine deep jet cream lavender mint violet orange bronze navy onyx obsidian porcelain hazel coral ' +
    'arctic ocean sky rose champagne charcoal lime phantom cosmic aurora glacier mystic emerald frost lilac'
  ).split(' '),
);
const NOISE = new Set(
  (
    'smartphone smart phone mobile cell cellphone laptop notebook dual sim single pta approved non official warranty ' +
    'brand new unlocked ram rom memory storage ssd hdd emmc with and the for of gb tb intel core processor cpu ' +
    'color colour variant model edition inch inches display'
  ).split(' '),
);

const toGb = (n: string, unit: string) => Number(n) * (unit.toLowerCase() === 'tb' ? 1024 : 1);

function extractSpecs(text: string): { rest: string; ramGb: number; storageGb: number } {
  let ramGb = 0;
  let storageGb = 0;
  let rest = text;
  const take = (re: RegExp, f: (m: RegExpExecArray) => void) => {
    rest = rest.replace(re, (...args) => {
      f(args as unknown as RegExpExecArray);
      // A marker where the spec stood: the words either side of it were never next to each other.
      return ' ~ ';
    });
  };
  // "8GB/256GB", "8GB+256GB", "8/256GB", "8 / 128"
  take(/\b(\d{1,2})\s*(?:gb)?\s*(?:ram)?\s*[/+]\s*(\d{2,4})\s*(gb|tb)?\b/gi, (m) => {
    ramGb = Number(m[1]);
    storageGb = toGb(m[2]!, m[3] ?? 'gb');
  });
  take(/\b(\d{1,3})\s*gb\s*(?:ddr\d\s*)?ram\b|\bram\s*(\d{1,3})\s*gb\b/gi, (m) => {
    ramGb = Number(m[1] ?? m[2]);
  });
  take(/\b(\d{1,4})\s*(gb|tb)\s*(?:ssd|hdd|rom|storage|emmc|nvme)\b/gi, (m) => {
    storageGb = toGb(m[1]!, m[2]!);
  });
  const sizes: number[] = [];
  take(/\b(\d{1,4})\s*(gb|tb)\b/gi, (m) => sizes.push(toGb(m[1]!, m[2]!)));
  sizes.sort((a, b) => a - b);
  if (sizes.length >= 2) {
    ramGb ||= sizes[0]!;
    storageGb ||= sizes[sizes.length - 1]!;
  } else if (sizes.length === 1) {
    if (sizes[0]! >= 32 && !storageGb) storageGb = sizes[0]!;
    else if (!ramGb) ramGb = sizes[0]!;
  }
  return { rest, ramGb, storageGb };
}

export function normalizeBrand(brand: string | null | undefined): string {
  let b = (brand ?? '').toLowerCase().replace(/\b(inc|ltd|co|corp|corporation|electronics|mobile)\b\.?/g, '');
  for (const [re, name] of BRAND_NAMES) b = b.replace(re, name);
  return b.replace(/[^a-z0-9]/g, '');
}

/** Drops colours and the marketing word before them ("Awesome Lime", "Starlit Black"), keeping model words. */
function withoutColours(words: string[]): string[] {
  return words.filter((w, i) => {
    if (COLOURS.has(w)) return false;
    const next = words[i + 1];
    return !(
      next &&
      COLOURS.has(next) &&
      !/\d/.test(w) &&
      !MODEL_WORDS.has(w) &&
      !KNOWN_BRANDS.has(w) &&
      !BRAND_ALIASES[w]
    );
  });
}

export function identify(listing: Listing): Identity {
  let name = listing.name.toLowerCase();
  for (const [re, brandName] of BRAND_NAMES) name = name.replace(re, brandName);
  const { rest, ramGb, storageGb } = extractSpecs(name);
  const words = withoutColours(
    rest
      .replace(/[^a-z0-9~]+/g, ' ')
      .split(' ')
      .filter((w) => w && !NOISE.has(w)),
  ).filter((w) => w !== '~');
  let brand = normalizeBrand(listing.brand);
  if (!brand)
    brand = words.find((w) => KNOWN_BRANDS.has(w)) ?? BRAND_ALIASES[words.find((w) => BRAND_ALIASES[w]) ?? ''] ?? '';
  const tokens = [...new Set(words.filter((w) => w !== brand))].sort();
  return { key: `${brand}|${tokens.join(' ')}|${storageGb}`, brand, ramGb, storageGb };
}

export function normalizeGtinForMatch(gtin: string | null | undefined): string | null {
  const digits = (gtin ?? '').replace(/\D/g, '');
  return digits.length >= 8 && digits.length <= 14 ? digits.padStart(14, '0') : null;
}

/** RAM decides only when both listings state it: "iPhone 15 128GB" names no RAM and still matches. */
export const ramCompatible = (a: number, b: number) => a === 0 || b === 0 || a === b;

export function sameProduct(a: Listing, b: Listing): boolean {
  const ga = normalizeGtinForMatch(a.gtin);
  const gb = normalizeGtinForMatch(b.gtin);
  if (ga && gb) return ga === gb;
  const ia = identify(a);
  const ib = identify(b);
  return ia.key === ib.key && ramCompatible(ia.ramGb, ib.ramGb);
}

const LAPTOP =
  /\b(laptops?|notebooks?|macbook|thinkpad|ideapad|vivobook|zenbook|chromebook|inspiron|latitude|xps|elitebook|probook|pavilion|aspire|legion|surface laptop)\b/i;
const COMPUTER =
  /\b(desktops?|computers?|pcs?|all[- ]in[- ]one|aio|imac|tower|optiplex|thinkcentre|mac mini|monitor)\b/i;

/** The category of a new external-only product: from the store's product type, else from its name. */
export function guessCategory(productType: string, name: string): Category {
  for (const text of [productType, name]) {
    if (LAPTOP.test(text)) return 'laptop';
    if (COMPUTER.test(text)) return 'computer';
    if (/\b(phone|mobile|smartphone|tablet)\b/i.test(text)) return 'mobile';
  }
  return 'mobile';
}
