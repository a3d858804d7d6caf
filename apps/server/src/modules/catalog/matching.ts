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
    'arctic ocean sky rose champagne charcoal lime phantom cosmic aurora glacier mystic emerald frost lilac ' +
    'shadow platinum desert teal ultramarine cobalt amber marble sandstone jade peach beige brown copper burgundy ' +
    'olive sage turquoise cyan magenta icy iceblue aloe bay snow peony wintergreen'
  ).split(' '),
);
/**
 * Words that say what the thing is, how it is sold or which network it uses, never which one it is. "5g"/"4g"
 * are noise on purpose: shops write "Galaxy A54 5G" and "Galaxy A54" for the same phone. "tower" is not: "Legion
 * Tower 5" is a desktop and "Legion 5" a laptop.
 */
const NOISE = new Set(
  (
    'smartphone smartphones smart phone phones mobile mobiles cell cellphone laptop laptops notebook notebooks ' +
    'desktop desktops pc pcs computer computers tablet ' +
    'dual sim single esim nano pta approved non official warranty box packed sealed genuine original ' +
    'brand new unlocked ram rom memory storage ssd hdd emmc nvme pcie with and the for of gb tb intel core processor cpu ' +
    'color colour variant model edition inch inches display 5g 4g 3g lte volte'
  ).split(' '),
);
/** "Gaming Laptop"/"Gaming PC" describe the format; "TUF Gaming F15" names the line and keeps "gaming". */
const FORMAT = new Set('laptop laptops notebook notebooks desktop desktops pc pcs computer computers'.split(' '));
/** Typical storage sizes: a bare "256" after the model ("iPhone 15 256") is storage. */
const STORAGE_SIZES = new Set([64, 128, 256, 512, 1024, 2048]);
/** Typical RAM sizes: "8/256" reads as RAM/storage only with one of these in front. */
const RAM_SIZES = new Set([1, 2, 3, 4, 6, 8, 10, 12, 16, 18, 24, 32, 36, 48, 64]);

/** Memory and drive kinds, never a model: "DDR5", "LPDDR5X", "M.2". */
const SPEC_JUNK = /\b(?:lp)?ddr\d?x?\b|\bm\.2\b/g;

const toGb = (n: string, unit: string) => Number(n) * (unit.toLowerCase() === 'tb' ? 1024 : 1);
const isDigits = (w: string) => /^\d+$/.test(w);

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
  // "8GB/256GB", "8GB+256GB", "8G+256G", "8/256GB", "8 / 128". A unit-less first number is RAM only when it is a
  // typical RAM size and the model number came before it: "Pixel 8 / 128GB" and "iPhone 15+ 128" keep 8 and 15.
  rest = rest.replace(
    /\b(\d{1,2})(\s*(?:gb?)?\s*(?:ram)?)\s*[/+]\s*(\d{2,4})\s*(gb?|tb)?\b/g,
    (m: string, ram: string, unit: string, storage: string, sUnit: string | undefined, offset: number, all: string) => {
      if (!/[a-z]/.test(unit) && !(RAM_SIZES.has(Number(ram)) && /\d/.test(all.slice(0, offset)))) return m;
      ramGb = Number(ram);
      storageGb = toGb(storage, sUnit ?? 'gb');
      return ' ~ ';
    },
  );
  take(/\b(\d{1,3})\s*gb\s*(?:ddr\d\s*)?ram\b|\bram\s*(\d{1,3})\s*gb\b/g, (m) => {
    ramGb = Number(m[1] ?? m[2]);
  });
  take(/\b(\d{1,4})\s*(gb|tb)\s*(?:ssd|hdd|rom|storage|emmc|nvme)\b/g, (m) => {
    storageGb = toGb(m[1]!, m[2]!);
  });
  const sizes: number[] = [];
  // "256G" counts as GB only for a typical size: "5G" is the network, "5700G" a Ryzen.
  take(/\b(\d{1,4})\s*(gb|tb)\b|\b(16|32|64|128|256|512)g\b/g, (m) => sizes.push(toGb(m[1] ?? m[3]!, m[2] ?? 'gb')));
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

/** Lower case, one brand spelling, and words shops split that are one word: "i Phone", "Mac Book", "Think Pad". */
function canonicalText(name: string): string {
  let text = name.toLowerCase();
  for (const [re, brandName] of BRAND_NAMES) text = text.replace(re, brandName);
  return text.replace(/\b(i|mac|think|idea|zen)[\s-]+(phone|pad|mac|book)\b/g, '$1$2');
}

/**
 * One spelling of a word that mixes letters and digits, so joined and split names meet: a single letter joins its
 * number ("s24", "a54", "m2", "x1504", "i7"), a longer word stands apart from it ("fold6" → "fold 6", "iphone15" →
 * "iphone 15"), a short suffix stays on its number ("40i", "8a", "13th") and a word after the number stands apart
 * ("s24ultra" → "s24 ultra", "15promax" → "15 pro max").
 */
function pushCanonical(w: string, out: string[]): void {
  if (!/[a-z]/.test(w) || !/\d/.test(w)) {
    out.push(w);
    return;
  }
  const runs = w.match(/[a-z]+|\d+/g)!;
  for (let i = 0; i < runs.length; i++) {
    let cur = runs[i]!;
    const isLetters = cur.charCodeAt(0) >= 97;
    if (isLetters) {
      if (cur.length !== 1 || i + 1 >= runs.length) {
        if (cur === 'promax') out.push('pro', 'max');
        else out.push(cur);
        continue;
      }
      cur += runs[++i]!;
    }
    const next = runs[i + 1];
    if (next && next.length <= 2 && !MODEL_WORDS.has(next)) {
      cur += next;
      i++;
    }
    out.push(cur);
  }
}

/** Canonical words of a name (specs already taken out): split, canonical, a lone letter joined to its number. */
function modelWords(rest: string): string[] {
  const raw = rest
    .replace(SPEC_JUNK, ' ')
    .replace(/[^a-z0-9~]+/g, ' ')
    .split(' ');
  const canon: string[] = [];
  for (const w of raw) if (w) pushCanonical(w, canon);
  const words: string[] = [];
  for (let i = 0; i < canon.length; i++) {
    const w = canon[i]!;
    const next = canon[i + 1];
    // "Galaxy S 24" → "s24"
    if (w.length === 1 && w !== '~' && next && /^\d/.test(next) && !/\d/.test(w)) {
      words.push(w + next);
      i++;
    } else if (/^m\d$/.test(w) && (next === 'pro' || next === 'max' || next === 'ultra')) {
      // Apple's "M3 Pro" chip is not the "M3" in a MacBook Pro: "macbook pro 14 m3pro" ≠ "macbook pro 14 m3"
      words.push(w + next);
      i++;
    } else if (w === 'gaming' && next && FORMAT.has(next)) {
      continue;
    } else if (!NOISE.has(w)) words.push(w);
  }
  return withoutColours(words).filter((w) => w !== '~');
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

const inferBrand = (words: string[]) =>
  words.find((w) => KNOWN_BRANDS.has(w)) ?? BRAND_ALIASES[words.find((w) => BRAND_ALIASES[w]) ?? ''] ?? '';

export function identify(listing: Listing): Identity {
  const specs = extractSpecs(canonicalText(listing.name));
  let { ramGb, storageGb } = specs;
  // "S24+" is the Plus model; "8+256" was read as RAM+storage above.
  const words = modelWords(specs.rest.replace(/([a-z0-9])\+(?!\d)/g, '$1 plus '));
  // A bare typical storage size after the model number: "iPhone 15 256", "Galaxy S24 8 256" (8 is then RAM).
  const firstNumbered = words.findIndex((w) => /\d/.test(w));
  for (let j = words.length - 1; j > firstNumbered && firstNumbered >= 0; j--) {
    const n = Number(words[j]);
    if (!isDigits(words[j]!) || !STORAGE_SIZES.has(n) || (storageGb && storageGb !== n)) continue;
    storageGb = n;
    words.splice(j, 1);
    const before = words[j - 1];
    const ram = Number(before);
    if (j - 1 > firstNumbered && before && isDigits(before) && RAM_SIZES.has(ram) && (!ramGb || ramGb === ram)) {
      ramGb = ram;
      words.splice(j - 1, 1);
    }
    break;
  }
  let brand = normalizeBrand(listing.brand);
  if (!brand) brand = inferBrand(words);
  const tokens = [...new Set(words.filter((w) => w !== brand))].sort();
  return { key: `${brand}|${tokens.join(' ')}|${storageGb}`, brand, ramGb, storageGb };
}

/**
 * Other spellings of a product's model words that shoppers type, space-separated, indexed for full-text search next
 * to the name: "Fold6" → "fold 6", "Fold 6" → "fold6", "S24Ultra" → "s 24 ultra s24", "i Phone" → "iphone", and the
 * normalised brand when the name lacks it ("Galaxy Z Fold 6", Samsung → "samsung"). Empty when there is none.
 */
export function searchAliases(name: string, brand?: string): string {
  let text = name.toLowerCase();
  for (const [re, brandName] of BRAND_NAMES) text = text.replace(re, brandName);
  const words = text
    .replace(SPEC_JUNK, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const out: string[] = [];
  const b = normalizeBrand(brand) || inferBrand(words);
  if (b && !words.includes(b)) out.push(b);
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    const m = /^([a-z]+)(\d+)([a-z]*)$/.exec(w);
    if (m && !NOISE.has(m[1]!) && m[1] !== 'ddr' && m[1] !== 'lpddr') {
      // "fold6" → "fold 6"; "s24ultra" → "s 24 ultra" and "s24"
      out.push(m[3] ? `${m[1]} ${m[2]} ${m[3]}` : `${m[1]} ${m[2]}`);
      if (m[3]!.length >= 3) out.push(`${m[1]}${m[2]}`);
    } else if (w === 'i' && (next === 'phone' || next === 'pad')) {
      out.push(w + next);
    } else if (
      next &&
      /^[a-z]+$/.test(w) &&
      /^\d{1,4}[a-z]?$/.test(next) &&
      !NOISE.has(w) &&
      !COLOURS.has(w) &&
      !STORAGE_SIZES.has(Number(next)) &&
      !/^(gb?|tb|ram)$/.test(words[i + 2] ?? '')
    ) {
      // "fold 6" → "fold6", "hot 40i" → "hot40i"
      out.push(w + next);
    }
  }
  return [...new Set(out)].join(' ');
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
