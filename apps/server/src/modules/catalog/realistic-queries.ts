import { sql } from 'drizzle-orm';
import type { Category } from '@pricehub/shared/schemas/product';
import type { Db } from '../../db/client';
import { insertCatalogueProduct, insertExternalOffer, insertListing } from '../../testing/catalogue';
import { searchAliases } from './matching';

/**
 * Searches shoppers really type, each with a product that must be on the first page of results, and the small
 * catalogue they run against (issue 12, "Search that has no dead ends"). realistic-queries.test.ts runs the table
 * through GET /api/products; `npm run bench` reports the zero-result rate on it (zeroResultRate).
 */
export interface RealisticProduct {
  name: string;
  brand: string;
  category: Category;
  ram: number;
  storage: number;
  /** Our seller's price, rupees. */
  price: number;
  description: string;
  /** Other stores' offers (rupees); with `listed: false` the product is sold only there. */
  offers?: { store: string; price: number }[];
  listed?: false;
}

/** A maker of one category's products: `phone(name, brand, ram, storage, price, description, { offers })`. */
const productsOf =
  (category: Category) =>
  (
    name: string,
    brand: string,
    ram: number,
    storage: number,
    price: number,
    description: string,
    more: Partial<RealisticProduct> = {},
  ): RealisticProduct => ({ name, brand, category, ram, storage, price, description, ...more });
const phone = productsOf('mobile');
const laptop = productsOf('laptop');
const desktop = productsOf('computer');

/** 25 phones, 23 laptops and 5 desktops, named and priced as Pakistani shops list them (2024). */
export const REALISTIC_CATALOGUE: RealisticProduct[] = [
  phone(
    'Samsung Galaxy S24 Ultra 12GB 256GB',
    'Samsung',
    12,
    256,
    329_999,
    'Titanium frame, S Pen and a 200MP camera',
    {
      offers: [{ store: 'PriceOye', price: 324_999 }],
    },
  ),
  phone('Samsung Galaxy S24 Ultra 12GB 512GB', 'Samsung', 12, 512, 359_999, 'Titanium frame, S Pen, 200MP camera'),
  phone('Samsung Galaxy S24 8GB 256GB', 'Samsung', 8, 256, 224_999, 'Compact flagship with Galaxy AI'),
  phone('Samsung Galaxy A55 5G 8GB 256GB', 'Samsung', 8, 256, 124_999, 'Metal frame, 50MP OIS camera'),
  phone('Samsung Galaxy A15 6GB 128GB', 'Samsung', 6, 128, 47_999, 'Super AMOLED display, 5000mAh battery'),
  phone('Samsung Galaxy A05 4GB 64GB', 'Samsung', 4, 64, 27_999, 'Big screen and battery for everyday use'),
  phone('Samsung Galaxy Z Fold6 12GB 512GB', 'Samsung', 12, 512, 549_999, 'Foldable tablet-sized screen'),
  phone('Galaxy Z Flip 6 (12GB RAM, 256GB) Silver Shadow', 'Samsung', 12, 256, 339_999, 'Pocketable foldable'),
  phone('Apple iPhone 15 128GB', 'Apple', 6, 128, 279_999, 'Dynamic Island and a 48MP main camera', {
    offers: [{ store: 'Daraz', price: 284_999 }],
  }),
  phone('Apple iPhone 15 Pro Max 256GB', 'Apple', 8, 256, 469_999, 'Titanium design, 5x telephoto camera'),
  phone('Apple iPhone 13 128GB', 'Apple', 4, 128, 189_999, 'A15 Bionic chip, dual camera'),
  phone('Apple iPhone 16 Pro 8GB 256GB', 'Apple', 8, 256, 429_999, 'Camera Control and A18 Pro', {
    listed: false,
    offers: [{ store: 'PriceOye', price: 434_999 }],
  }),
  phone('Xiaomi Redmi Note 13 Pro 8GB 256GB', 'Xiaomi', 8, 256, 79_999, '200MP camera and 67W charging'),
  phone('Xiaomi Redmi 13C 4GB 128GB', 'Xiaomi', 4, 128, 34_999, '90Hz display, 50MP camera'),
  phone('Xiaomi 14 Ultra 16GB 512GB', 'Xiaomi', 16, 512, 349_999, 'Leica quad camera'),
  phone('Infinix Hot 40i 8GB 256GB', 'Infinix', 8, 256, 35_999, 'Budget phone with 256GB storage'),
  phone('Infinix Note 40 Pro 8GB 256GB', 'Infinix', 8, 256, 64_999, 'Curved AMOLED, wireless charging'),
  phone('Tecno Spark 20 Pro 8GB 256GB', 'Tecno', 8, 256, 44_999, '108MP camera'),
  phone('Google Pixel 8 Pro 12GB 128GB', 'Google', 12, 128, 219_999, 'The best camera Google has made', {
    offers: [{ store: 'Daraz', price: 214_999 }],
  }),
  phone('Google Pixel 8a 8GB 128GB', 'Google', 8, 128, 139_999, 'Pixel camera in a smaller price'),
  phone('OnePlus 12 16GB 512GB', 'OnePlus', 16, 512, 249_999, 'Hasselblad camera, 80W charging'),
  phone('Vivo Y36 8GB 256GB', 'Vivo', 8, 256, 59_999, '44W FlashCharge'),
  phone('Oppo Reno 11 F 5G 8GB 256GB', 'Oppo', 8, 256, 84_999, 'Slim design, 64MP camera'),
  phone('Realme C67 8GB 128GB', 'Realme', 8, 128, 45_999, '108MP camera, 33W charging'),
  phone('Nokia 105 Dual SIM', 'Nokia', 0, 0, 6_999, 'Feature phone with a long battery life'),

  laptop('HP Pavilion 15 Core i7 1355U 16GB 512GB SSD', 'HP', 16, 512, 239_999, 'Everyday laptop, full HD IPS'),
  laptop('HP Victus 15 Gaming Core i5 12450H 8GB 512GB RTX 3050', 'HP', 8, 512, 219_999, '144Hz gaming laptop'),
  laptop('HP EliteBook 840 G10 Core i7 32GB 1TB', 'HP', 32, 1024, 389_999, 'Business laptop with Wolf Security'),
  laptop('HP 250 G9 Core i3 8GB 256GB', 'HP', 8, 256, 109_999, 'Affordable laptop for school and office'),
  laptop('HP ProBook 450 G10 Core i5 16GB 512GB', 'HP', 16, 512, 199_999, 'Durable business laptop'),
  laptop('Lenovo Legion 5 Pro Ryzen 7 16GB 1TB RTX 4060', 'Lenovo', 16, 1024, 429_999, 'Gaming laptop, 165Hz'),
  laptop('Lenovo IdeaPad Slim 3 Core i5 8GB 512GB', 'Lenovo', 8, 512, 139_999, 'Thin and light'),
  laptop('Lenovo ThinkPad E14 Gen 5 Core i7 16GB 1TB', 'Lenovo', 16, 1024, 259_999, 'Business laptop'),
  laptop('Lenovo ThinkPad X1 Carbon Gen 11 Core i7 32GB 1TB', 'Lenovo', 32, 1024, 549_999, 'Premium business'),
  laptop('Lenovo IdeaPad Gaming 3 Ryzen 5 16GB 512GB', 'Lenovo', 16, 512, 189_999, 'Entry gaming laptop'),
  laptop('Dell XPS 13 9340 Core Ultra 7 16GB 512GB', 'Dell', 16, 512, 399_999, 'OLED ultrabook', {
    offers: [{ store: 'Daraz', price: 394_999 }],
  }),
  laptop('Dell Inspiron 15 3520 Core i5 8GB 512GB', 'Dell', 8, 512, 129_999, 'Reliable everyday laptop'),
  laptop('Dell Latitude 5440 Core i7 16GB 512GB', 'Dell', 16, 512, 249_999, 'Business laptop'),
  laptop('Dell G15 5530 Gaming Core i7 16GB 1TB RTX 4050', 'Dell', 16, 1024, 299_999, 'Gaming laptop'),
  laptop('Acer Nitro 5 AN515-58 Core i5 16GB 512GB RTX 3050', 'Acer', 16, 512, 214_999, 'Gaming laptop, 144Hz'),
  laptop('Acer Aspire 7 Core i5 16GB 512GB', 'Acer', 16, 512, 169_999, 'Slim laptop with GTX graphics'),
  laptop('Acer Swift Go 14 Core Ultra 5 16GB 512GB', 'Acer', 16, 512, 229_999, 'OLED, light'),
  laptop('Asus TUF Gaming F15 Core i7 16GB 1TB RTX 4060', 'Asus', 16, 1024, 289_999, 'Military-grade toughness'),
  laptop('Asus VivoBook 15 Core i3 8GB 256GB', 'Asus', 8, 256, 99_999, 'Good first laptop for students'),
  laptop('Asus ROG Zephyrus G14 Ryzen 9 32GB 1TB', 'Asus', 32, 1024, 549_999, 'Gaming ultrabook'),
  laptop('Apple MacBook Air 13 M2 8GB 256GB', 'Apple', 8, 256, 249_999, 'Fanless, all-day battery'),
  laptop('Apple MacBook Pro 14 M3 Pro 18GB 512GB', 'Apple', 18, 512, 599_999, 'Liquid Retina XDR'),
  laptop('Microsoft Surface Laptop 5 Core i5 8GB 256GB', 'Microsoft', 8, 256, 239_999, 'PixelSense touchscreen'),

  desktop('Lenovo Legion Tower 5 Ryzen 7 7700 32GB 1TB', 'Lenovo', 32, 1024, 439_999, 'Gaming desktop, RTX 4070'),
  desktop('HP Pavilion Desktop TP01 Core i5 8GB 512GB', 'HP', 8, 512, 139_999, 'Home and office tower'),
  desktop('Dell OptiPlex 7010 Core i5 16GB 512GB', 'Dell', 16, 512, 159_999, 'Small form factor office PC'),
  desktop('Apple iMac 24 M3 8GB 256GB', 'Apple', 8, 256, 399_999, '4.5K Retina all-in-one'),
  desktop('HP Victus 15L Gaming Desktop Core i7 16GB 1TB', 'HP', 16, 1024, 309_999, 'RTX 4060 gaming PC'),
];

/**
 * Each query with a product that must be on the first page. Covers the eight dead ends, typos, spec forms
 * ("256", "1 tb", "16gb ram", "8/256"), joined and split names, intent words (cheap, under/below/upto/< amounts,
 * above), words that do not narrow, and brand-only and category-only searches. `closest` marks a query the
 * catalogue cannot answer exactly: it must still show the expected product, as a closest result.
 */
export const REALISTIC_QUERIES: { q: string; expect: string; closest?: true }[] = [
  // The eight.
  { q: 'galaxy s24 ultra 256', expect: 'Samsung Galaxy S24 Ultra 12GB 256GB' },
  { q: 'lenovo 1 tb', expect: 'Lenovo ThinkPad E14 Gen 5 Core i7 16GB 1TB' },
  { q: 'hp laptop i7 16 gb', expect: 'HP Pavilion 15 Core i7 1355U 16GB 512GB SSD' },
  { q: 'i phone', expect: 'Apple iPhone 15 128GB' },
  { q: 'cheap samsung phone', expect: 'Samsung Galaxy A05 4GB 64GB' },
  { q: 'laptop for students', expect: 'Asus VivoBook 15 Core i3 8GB 256GB' },
  { q: 'acer nitro 5', expect: 'Acer Nitro 5 AN515-58 Core i5 16GB 512GB RTX 3050' },
  { q: 'phone under 50k', expect: 'Samsung Galaxy A15 6GB 128GB' },
  // Typos.
  { q: 'lenvo legion', expect: 'Lenovo Legion 5 Pro Ryzen 7 16GB 1TB RTX 4060' },
  { q: 'samsng galaxy', expect: 'Samsung Galaxy S24 8GB 256GB' },
  { q: 'iphnoe 15', expect: 'Apple iPhone 15 128GB' },
  { q: 'laptp', expect: 'Dell Inspiron 15 3520 Core i5 8GB 512GB' },
  { q: 'thinkpda e14', expect: 'Lenovo ThinkPad E14 Gen 5 Core i7 16GB 1TB' },
  // Spec forms, joined and split names.
  { q: 'galaxy s24ultra', expect: 'Samsung Galaxy S24 Ultra 12GB 256GB' },
  { q: 'samsung galaxy s24 ultra 12gb 512gb', expect: 'Samsung Galaxy S24 Ultra 12GB 512GB' },
  { q: 'galaxy z fold 6', expect: 'Samsung Galaxy Z Fold6 12GB 512GB' },
  { q: 'galaxy z flip6', expect: 'Galaxy Z Flip 6 (12GB RAM, 256GB) Silver Shadow' },
  { q: 'iphone15', expect: 'Apple iPhone 15 128GB' },
  { q: 'iphone 15 pro max 256gb', expect: 'Apple iPhone 15 Pro Max 256GB' },
  { q: 'redmi note 13 pro 8/256', expect: 'Xiaomi Redmi Note 13 Pro 8GB 256GB' },
  { q: 'galaxy a 55', expect: 'Samsung Galaxy A55 5G 8GB 256GB' },
  { q: 'one plus 12', expect: 'OnePlus 12 16GB 512GB' },
  { q: 'mac book air m2', expect: 'Apple MacBook Air 13 M2 8GB 256GB' },
  { q: 'think pad x1 carbon', expect: 'Lenovo ThinkPad X1 Carbon Gen 11 Core i7 32GB 1TB' },
  { q: '16gb ram laptop', expect: 'Dell XPS 13 9340 Core Ultra 7 16GB 512GB' },
  { q: 'laptop 32gb ram 1tb ssd', expect: 'HP EliteBook 840 G10 Core i7 32GB 1TB' },
  { q: 'realme c67 128gb', expect: 'Realme C67 8GB 128GB' },
  { q: 'laptop core i5 8gb', expect: 'Dell Inspiron 15 3520 Core i5 8GB 512GB' },
  { q: 'thinkpad e14 16gb', expect: 'Lenovo ThinkPad E14 Gen 5 Core i7 16GB 1TB' },
  // Intent words.
  { q: 'cheapest laptop', expect: 'Asus VivoBook 15 Core i3 8GB 256GB' },
  { q: 'laptop under 150k', expect: 'Lenovo IdeaPad Slim 3 Core i5 8GB 512GB' },
  { q: 'phone below Rs 100,000', expect: 'Xiaomi Redmi Note 13 Pro 8GB 256GB' },
  { q: 'samsung phone less than 80,000', expect: 'Samsung Galaxy A15 6GB 128GB' },
  { q: 'mobile < 50000', expect: 'Samsung Galaxy A05 4GB 64GB' },
  { q: 'laptop above 400k', expect: 'Apple MacBook Pro 14 M3 Pro 18GB 512GB' },
  { q: 'iphone over 300k', expect: 'Apple iPhone 15 Pro Max 256GB' },
  { q: 'flagship phone', expect: 'Samsung Galaxy Z Fold6 12GB 512GB' },
  { q: 'gaming laptop under 250k', expect: 'HP Victus 15 Gaming Core i5 12450H 8GB 512GB RTX 3050' },
  { q: 'best phone with good camera', expect: 'Google Pixel 8 Pro 12GB 128GB' },
  // Models, brands and categories on their own.
  { q: 'gaming laptop', expect: 'Asus TUF Gaming F15 Core i7 16GB 1TB RTX 4060' },
  { q: 'pixel 8a', expect: 'Google Pixel 8a 8GB 128GB' },
  { q: 'infinix hot 40i', expect: 'Infinix Hot 40i 8GB 256GB' },
  { q: 'oppo reno 11 f', expect: 'Oppo Reno 11 F 5G 8GB 256GB' },
  { q: 'xiaomi 14 ultra', expect: 'Xiaomi 14 Ultra 16GB 512GB' },
  { q: 'hp 250 g9', expect: 'HP 250 G9 Core i3 8GB 256GB' },
  { q: 'dell xps 13', expect: 'Dell XPS 13 9340 Core Ultra 7 16GB 512GB' },
  { q: 'lenovo legion tower', expect: 'Lenovo Legion Tower 5 Ryzen 7 7700 32GB 1TB' },
  { q: 'surface laptop', expect: 'Microsoft Surface Laptop 5 Core i5 8GB 256GB' },
  { q: 'iphone 16 pro', expect: 'Apple iPhone 16 Pro 8GB 256GB' },
  { q: 'samsung', expect: 'Samsung Galaxy S24 8GB 256GB' },
  { q: 'apple', expect: 'Apple MacBook Air 13 M2 8GB 256GB' },
  { q: 'nokia', expect: 'Nokia 105 Dual SIM' },
  { q: 'laptops', expect: 'HP Pavilion 15 Core i7 1355U 16GB 512GB SSD' },
  { q: 'mobile phones', expect: 'Samsung Galaxy S24 Ultra 12GB 256GB' },
  { q: 'desktop pc', expect: 'HP Pavilion Desktop TP01 Core i5 8GB 512GB' },
  // Nothing matches every word: the closest results, never an empty page.
  { q: 'laptop upto 60k', expect: 'Asus VivoBook 15 Core i3 8GB 256GB', closest: true },
  { q: 'samsung 1tb phone', expect: 'Samsung Galaxy S24 Ultra 12GB 512GB', closest: true },
  { q: 'lenovo legion 7i', expect: 'Lenovo Legion 5 Pro Ryzen 7 16GB 1TB RTX 4060', closest: true },
  { q: 'dell xps 15 32gb', expect: 'Dell XPS 13 9340 Core Ultra 7 16GB 512GB', closest: true },
];

/** The queries that find nothing at all (dead ends), given how many items a search for each returns. */
export async function deadEnds(
  run: (q: string) => Promise<number>,
  queries: readonly { q: string }[] = REALISTIC_QUERIES,
): Promise<string[]> {
  const dead: string[] = [];
  for (const { q } of queries) if ((await run(q)) === 0) dead.push(q);
  return dead;
}

/** Share of the realistic queries (0 to 1) that find nothing; `run` returns how many items a search found. */
export async function zeroResultRate(
  run: (q: string) => Promise<number>,
  queries: readonly { q: string }[] = REALISTIC_QUERIES,
): Promise<number> {
  return (await deadEnds(run, queries)).length / queries.length;
}

/**
 * Writes the realistic catalogue into a database (tests and the benchmark): listed products as listings of
 * `storeId` (each its own catalogue product, with the aliases the catalogue computes), other stores' offers, and
 * the external-only products. Rebuild the search dictionary afterwards (rebuildSearchTerms).
 */
export async function seedRealisticCatalogue(db: Db, storeId: number): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const p of REALISTIC_CATALOGUE) {
    const fields = {
      name: p.name,
      brand: p.brand,
      category: p.category,
      description: p.description,
      ramGb: p.ram,
      storageGb: p.storage,
    };
    const productId =
      p.listed === false
        ? await insertCatalogueProduct(db, fields)
        : (await insertListing(db, { storeId, price: p.price * 100, ...fields })).productId;
    await db.execute(sql`update products set aliases = ${searchAliases(p.name, p.brand)} where id = ${productId}`);
    for (const o of p.offers ?? []) {
      await insertExternalOffer(db, { productId, storeName: o.store, price: o.price * 100, name: p.name });
    }
    ids.set(p.name, productId);
  }
  return ids;
}
