import type { Category } from '@pricehub/shared/schemas/product';
import { rupeesToPaisa } from '@pricehub/shared/rules/money';
import { slugify } from '../../modules/auth/service';
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

/** A row of `products` before insertion; `storeIndex` is null for a product known only through external offers. */
export interface ProductSeed {
  sku: Sku;
  storeIndex: number | null;
  name: string;
  brand: string;
  category: Category;
  description: string;
  ramGb: number;
  storageGb: number;
  price: number;
  quantity: number;
  stock: 'instock' | 'outofstock';
  image: string;
  gtin: string | null;
  views: number;
  createdDaysAgo: number;
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

/**
 * The demo catalogue: every SKU is listed by one store chosen by the stores' focus, about a third also by one or
 * two more stores at their own prices, and a few only by the external stores.
 */
export function buildCatalogue(rng: Prng, focus: Record<Category, number>[]): ProductSeed[] {
  const products: ProductSeed[] = [];
  const skus = allSkus();
  const externalOnly = new Set(rng.sample(skus, 8).map((s) => s.key));
  for (const sku of skus) {
    const category = sku.family.category;
    const weights = focus.map((f) => f[category]);
    const stores: (number | null)[] = [];
    if (externalOnly.has(sku.key)) stores.push(null);
    else {
      stores.push(weightedStore(rng, weights));
      const extra = rng.chance(0.42) ? rng.int(1, 2) : 0;
      for (let i = 0; i < extra; i++) {
        const candidate = weightedStore(rng, weights);
        if (!stores.includes(candidate)) stores.push(candidate);
      }
    }
    stores.forEach((storeIndex, i) => {
      const price = i === 0 ? sku.basePrice : shopPrice(sku.basePrice * (0.96 + rng.next() * 0.09));
      const quantity = rng.int(2, 45);
      const [ram, storage] = sku.variant;
      products.push({
        sku,
        storeIndex,
        name: sku.name,
        brand: sku.family.brand,
        category,
        description: describe(sku, rng),
        ramGb: ram,
        storageGb: storage,
        price,
        quantity: storeIndex === null ? 0 : quantity,
        stock: storeIndex === null ? 'outofstock' : 'instock',
        image: demoImageUrl(sku.slug),
        gtin: sku.gtin,
        views: Math.floor(30 + 5000 * rng.next() ** 2.2),
        createdDaysAgo: rng.chance(0.1) ? rng.int(20, 80) : rng.int(380, 430),
      });
    });
  }
  // A few listings are sold out, as in any real shop.
  const listed = products.filter((p) => p.storeIndex !== null);
  for (const p of rng.sample(listed, 7)) {
    p.quantity = 0;
    p.stock = 'outofstock';
  }
  return products;
}
