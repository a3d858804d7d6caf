import type { Category } from '@pricehub/shared/schemas/product';
import { rupeesToPaisa } from '@pricehub/shared/rules/money';
import { slugify } from '@pricehub/shared/rules/slug';
import type { CatalogueItem } from '../../modules/catalog/catalogue';
import { demoImageUrl } from './images';
import { FAMILIES, productName, storageLabel, type Family, type Variant } from './models';
import { hashString, Prng } from './prng';

/** One model configuration, whoever sells it. Its key stays the same across runs. */
export interface Sku {
  key: string;
  family: Family;
  variant: Variant;
  name: string;
  slug: string;
  /** Typical street price in paisa. */
  basePrice: number;
  gtin: string | null;
}

/**
 * One of our sellers' listings before insertion. The first listing of a SKU is worded as the catalogue names the
 * model; the other sellers write it their own way ("Galaxy Z Fold 6 (12GB RAM, 512GB) Silver Shadow"), and matching
 * must still group them into one catalogue product.
 */
export interface ListingSeed extends Omit<CatalogueItem, 'newProductId'> {
  sku: Sku;
  storeIndex: number;
  /** The SKU's first listing: its wording names the catalogue product made for it. */
  primary: boolean;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  /** `gtin` is null when the seller left the barcode out (then matching goes by brand, model and specs). */
  createdDaysAgo: number;
}

export interface CataloguePlan {
  listings: ListingSeed[];
  /** Models no seller of ours lists: known only through the comparison stores' offers. */
  externalOnly: Sku[];
  /** Product page views per SKU key. */
  views: Map<string, number>;
}

/** A realistic EAN-13 with a valid check digit, derived from the SKU so every run gives the same one. */
export function ean13(seed: string): string {
  const body = `8${String(hashString(seed)).padStart(10, '0').slice(0, 10)}${hashString(seed + '#') % 10}`;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(body[i]) * (i % 2 === 0 ? 1 : 3);
  return body + String((10 - (sum % 10)) % 10);
}

/** Shop prices end in 99 rupees ("Rs 124,999"); `paisa` is rounded to the nearest such price. */
export function shopPrice(paisa: number): number {
  const rupees = Math.max(999, Math.round(paisa / 100 / 1000) * 1000 - 1);
  return rupeesToPaisa(rupees);
}

export function allSkus(): Sku[] {
  return FAMILIES.flatMap((family) =>
    family.variants.map((variant) => {
      const name = productName(family, variant);
      const key = slugify(name);
      return {
        key,
        family,
        variant,
        name,
        slug: key,
        basePrice: rupeesToPaisa(variant[2]),
        // About one model in eight has no barcode on record, as with grey imports.
        gtin: hashString(key) % 8 === 0 ? null : ean13(key),
      };
    }),
  );
}

const WARRANTY: Record<Category, readonly string[]> = {
  mobile: [
    'PTA approved, with 1-year official brand warranty.',
    'PTA approved. Box packed with charger and cable; 12 months warranty.',
    'Official PTA-approved stock with brand warranty and free screen protector.',
  ],
  laptop: [
    'Box packed with 1-year local warranty.',
    'Includes a laptop bag; 1-year international warranty.',
    'Windows activated and ready to use; 1-year warranty.',
  ],
  computer: [
    'Keyboard and mouse included; 1-year local warranty.',
    'Tested before dispatch; 1-year onsite warranty in major cities.',
    'Box packed with 1-year warranty and free delivery in the city.',
  ],
};

export function describe(sku: Sku, rng: Prng): string {
  const [ram, storage, , cpu] = sku.variant;
  const memory =
    sku.family.category === 'mobile'
      ? `${ram}GB RAM and ${storageLabel(storage)} storage`
      : `${cpu ? `${cpu} processor, ` : ''}${ram}GB RAM and ${storageLabel(storage)} SSD`;
  return `${sku.name}. ${sku.family.features}. ${memory}. ${rng.pick(WARRANTY[sku.family.category])}`;
}

function weightedStore(rng: Prng, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = rng.next() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i]!;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** "Fold6" → "Fold 6", "Book4" → "Book 4": how some shops split a model word from its number. */
const splitNumber = (series: string) => series.replace(/\b([A-Za-z]{3,})(\d)/g, '$1 $2');
/** "Hot 40i" → "Hot40i": and how others run them together. */
const joinNumber = (series: string) => series.replace(/\b([A-Za-z]{3,}) (\d)/g, '$1$2');

const PHONE_COLOURS = ['Silver Shadow', 'Titanium Black', 'Awesome Iceblue', 'Midnight Blue', 'Mint Green'];
const COMPUTER_COLOURS = ['Platinum Silver', 'Grey', 'Silver', 'Black'];

/**
 * A listing title in one of the ways Pakistani shops write them (style 0 is the catalogue's own wording). Every
 * style keeps brand, model and specs, so matching (modules/catalog/matching) reads the same product from each.
 */
export function sellerWording(sku: Sku, style: number, rng: Prng): string {
  const { brand, series, category } = sku.family;
  const [ram, storage, , cpu] = sku.variant;
  const size = storageLabel(storage);
  const mobile = category === 'mobile';
  const colour = rng.pick(mobile ? PHONE_COLOURS : COMPUTER_COLOURS);
  const parts: (string | undefined | false)[] =
    style === 1
      ? mobile
        ? [splitNumber(series), `(${ram}GB RAM, ${size})`, colour]
        : [
            brand,
            series,
            cpu && (cpu.startsWith('Core') ? `Intel ${cpu}` : cpu),
            `${ram}GB RAM`,
            `${size} SSD`,
            category === 'laptop' ? 'Laptop' : 'Desktop PC',
          ]
      : style === 2
        ? mobile
          ? [brand, splitNumber(series), `${ram}GB+${size}`, 'PTA Approved']
          : [series, cpu, `${ram}GB`, size, '- Official Warranty']
        : style === 3
          ? [brand, joinNumber(series), cpu, `${ram}GB/${size}`, colour]
          : [sku.name];
  return parts.filter(Boolean).join(' ');
}

/** Models the demo always shows side by side from three or four of our sellers. */
const FEATURED = new Set([
  'Galaxy Z Fold6',
  'Galaxy S24 Ultra',
  'iPhone 15 Pro Max',
  'Redmi Note 13',
  'Legion 5 16IRX9',
  'XPS 13 9340',
  'Legion Tower 5',
]);

/**
 * The demo catalogue: every SKU is listed by one store chosen by the stores' focus, about half also by one to three
 * more stores at their own prices and in their own wording (the featured models by three or four), and a few only
 * by the external stores.
 */
export function buildCatalogue(rng: Prng, focus: Record<Category, number>[]): CataloguePlan {
  const listings: ListingSeed[] = [];
  const skus = allSkus();
  const externalOnly = rng.sample(
    skus.filter((s) => !FEATURED.has(s.family.series)),
    8,
  );
  const views = new Map<string, number>();
  for (const sku of skus) {
    views.set(sku.key, Math.floor(30 + 5000 * rng.next() ** 2.2));
    if (externalOnly.includes(sku)) continue;
    const category = sku.family.category;
    const weights = focus.map((f) => f[category]);
    const stores = [weightedStore(rng, weights)];
    const featured = FEATURED.has(sku.family.series);
    const extra = featured ? rng.int(2, 3) : rng.chance(0.5) ? rng.int(1, 3) : 0;
    for (let tries = 0; stores.length < 1 + extra && tries < 20; tries++) {
      const candidate = weightedStore(rng, weights);
      if (!stores.includes(candidate)) stores.push(candidate);
    }
    stores.forEach((storeIndex, i) => {
      const primary = i === 0;
      const price = primary ? sku.basePrice : shopPrice(sku.basePrice * (0.96 + rng.next() * 0.09));
      const [ram, storage] = sku.variant;
      listings.push({
        sku,
        storeIndex,
        primary,
        // Sellers write titles their own ways; the catalogue product is named after the first listing.
        name: sellerWording(sku, primary ? 0 : 1 + ((storeIndex + hashString(sku.key)) % 3), rng),
        brand: sku.family.brand,
        category,
        description: describe(sku, rng),
        ramGb: ram,
        storageGb: storage,
        price,
        quantity: rng.int(2, 45),
        stock: 'instock',
        image: demoImageUrl(sku.slug),
        // Sellers often skip the barcode field: then the name decides.
        gtin: primary || rng.chance(0.5) ? sku.gtin : null,
        createdDaysAgo: rng.chance(0.1) ? rng.int(20, 80) : rng.int(380, 430),
      });
    });
  }
  // A few listings are sold out, as in any real shop.
  for (const l of rng.sample(listings, 7)) {
    l.quantity = 0;
    l.stock = 'outofstock';
  }
  return { listings, externalOnly, views };
}
