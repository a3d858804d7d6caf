import { describe, expect, it } from 'vitest';
import { guessCategory, identify, sameProduct, type Listing } from './matching';

type Label = 'same' | 'different' | 'tricky-same' | 'tricky-different';
const L = (name: string, brand = '', gtin: string | null = null): Listing => ({ name, brand, gtin });

const pairs: [Label, Listing, Listing][] = [
  ['same', L('Apple iPhone 15 (128 GB) - Black'), L('iPhone 15 128GB Black')],
  ['same', L('Apple iPhone 15 128GB Blue', 'Apple'), L('iPhone 15 128 GB', 'Apple Inc.')],
  [
    'same',
    L('Samsung Galaxy S24 Ultra 12GB/256GB Titanium Gray'),
    L('Galaxy S24 Ultra 12/256 Titanium Black', 'Samsung'),
  ],
  ['same', L('Samsung Galaxy A54 5G 8GB RAM 256GB'), L('Samsung Galaxy A54 5G (8GB, 256GB) Awesome Lime')],
  ['same', L('Infinix Hot 40i 8GB+128GB'), L('Infinix HOT 40i 8/128 Starlit Black', 'Infinix')],
  ['same', L('Xiaomi Redmi Note 13 8/256', 'Xiaomi'), L('Redmi Note 13 8GB 256GB Midnight Black')],
  ['same', L('Google Pixel 8 Pro 128GB Obsidian'), L('Pixel 8 Pro 128 GB - Porcelain', 'Google')],
  ['same', L('Dell XPS 13 9340 16GB RAM 512GB SSD'), L('Dell XPS 13 9340 16GB 512GB Platinum Silver')],
  ['same', L('Lenovo IdeaPad Slim 3 8GB 512GB SSD', 'Lenovo'), L('Lenovo IdeaPad Slim 3 (8GB RAM, 512GB SSD)')],
  ['same', L('HP Pavilion 15 16GB/512GB'), L('Hewlett Packard Pavilion 15 16GB 512GB', 'Hewlett-Packard')],
  ['same', L('MacBook Air M2 2023 8GB 256GB Space Gray'), L('Apple MacBook Air M2 2023 (8GB RAM, 256GB SSD) - Silver')],
  ['same', L('Apple iPhone 15 Pro Max 256GB Natural Titanium'), L('iPhone 15 Pro Max (256 GB) Blue Titanium')],
  ['same', L('Tecno Spark 20 Pro 8GB 256GB Dual SIM PTA Approved'), L('Tecno Spark 20 Pro 8/256 Official Warranty')],
  ['same', L('Asus VivoBook 15 X1504 8GB 512GB'), L('ASUS Vivobook 15 X1504 (8GB RAM / 512GB SSD)', 'ASUS')],
  ['same', L('OnePlus 12 16GB 512GB'), L('One Plus 12 16/512 Flowy Emerald', 'One Plus')],
  ['same', L('Something totally different', '', '0194253408123'), L('iPhone 15 128GB', '', '194253408123')],
  [
    'same',
    L('Galaxy Tab S9 128GB', 'Samsung', '8806095072549'),
    L('Samsung Galaxy Tab S9 Wi-Fi', '', '08806095072549'),
  ],
  ['different', L('Apple iPhone 15 128GB'), L('Apple iPhone 14 128GB')],
  ['different', L('Samsung Galaxy S24 256GB'), L('Samsung Galaxy S23 256GB')],
  ['different', L('Dell Inspiron 15 3520 8GB 256GB'), L('HP 15 8GB 256GB')],
  ['different', L('Infinix Hot 40i 8/128'), L('Infinix Hot 40 8/128')],
  ['different', L('Xiaomi Redmi Note 13 8/256'), L('Xiaomi Redmi 13 8/256')],
  ['different', L('Lenovo ThinkPad E14 16GB 512GB'), L('Lenovo ThinkPad E16 16GB 512GB')],
  ['different', L('iPhone 15 128GB', '', '0194253408123'), L('iPhone 15 128GB', '', '0194253408130')],
  ['different', L('Google Pixel 8 128GB'), L('Google Pixel 8a 128GB')],
  ['different', L('Asus ROG Strix G16 16GB 1TB'), L('Asus TUF Gaming F15 16GB 1TB')],
  ['different', L('Oppo Reno 11 8/256'), L('Vivo V30 8/256')],
  ['different', L('Samsung Galaxy A15 6/128'), L('Samsung Galaxy A25 6/128')],
  ['tricky-different', L('Apple iPhone 15 128GB'), L('Apple iPhone 15 Pro 128GB')],
  ['tricky-different', L('iPhone 15 Pro 256GB'), L('iPhone 15 Pro Max 256GB')],
  ['tricky-different', L('iPhone 15 128GB'), L('iPhone 15 Plus 128GB')],
  ['tricky-different', L('Samsung Galaxy S24 256GB'), L('Samsung Galaxy S24 Ultra 256GB')],
  ['tricky-different', L('Samsung Galaxy A54 8/256'), L('Samsung Galaxy A54 8/128')],
  ['tricky-different', L('Xiaomi Redmi Note 13 8/256'), L('Xiaomi Redmi Note 13 Pro 8/256')],
  ['tricky-different', L('MacBook Air M2 2023 8GB 256GB'), L('MacBook Air M2 2024 8GB 256GB')],
  ['tricky-different', L('Dell XPS 13 16GB 512GB'), L('Dell XPS 13 32GB 512GB')],
  ['tricky-different', L('Lenovo Legion 5 Pro 16GB 1TB'), L('Lenovo Legion 5 16GB 1TB')],
  ['tricky-different', L('Samsung Galaxy S23 FE 8/256'), L('Samsung Galaxy S23 8/256')],
  ['tricky-different', L('iPhone 13 mini 128GB'), L('iPhone 13 128GB')],
  ['tricky-different', L('Dell Inspiron 15 8GB 512GB SSD'), L('Dell Inspiron 15 8GB 1TB SSD')],
  ['tricky-same', L('Samsung Galaxy A54 256GB'), L('Samsung Galaxy A54 8GB 256GB')],
  [
    'tricky-same',
    L('Tecno Offerline qzwxk 8GB RAM 128GB storage', 'Tecno'),
    L('Tecno Offerline qzwxk 8GB 128GB Black', 'Tecno'),
  ],
  ['tricky-same', L('SAMSUNG GALAXY S24 ULTRA 12GB 256GB'), L('samsung galaxy s24 ultra 12gb 256gb')],
  ['tricky-same', L('Apple MacBook Pro 14 M3 1TB SSD 8GB RAM'), L('MacBook Pro 14 M3 8GB 1TB Space Black')],
  ['tricky-same', L('Galaxy Z Fold5 12GB 512GB', 'Samsung Electronics'), L('Samsung Galaxy Z Fold5 12/512 Icy Blue')],
];

describe('offer matching (labelled pairs)', () => {
  it('has at least 40 labelled pairs', () => expect(pairs.length).toBeGreaterThanOrEqual(40));

  it.each(pairs.map(([label, a, b]) => [label, a.name, b.name, a, b] as const))(
    '%s: "%s" vs "%s"',
    (label, _an, _bn, a, b) => {
      const expected = label === 'same' || label === 'tricky-same';
      expect(sameProduct(a, b)).toBe(expected);
      expect(sameProduct(b, a)).toBe(expected);
    },
  );
});

describe('identify', () => {
  it('reads brand, RAM and storage and drops colour', () => {
    expect(identify(L('Apple iPhone 15 (128 GB) - Black'))).toEqual({
      key: 'apple|15 iphone|128',
      brand: 'apple',
      ramGb: 0,
      storageGb: 128,
    });
    expect(identify(L('Dell XPS 13 16GB RAM 1TB SSD'))).toMatchObject({ brand: 'dell', ramGb: 16, storageGb: 1024 });
  });

  it('guesses the category from the product type, then the name', () => {
    expect(guessCategory('Electronics > Computers > Laptops', 'Anything')).toBe('laptop');
    expect(guessCategory('', 'HP Pavilion 15 16GB/512GB')).toBe('laptop');
    expect(guessCategory('Desktop Computers', 'Dell OptiPlex 7010')).toBe('computer');
    expect(guessCategory('', 'Samsung Galaxy A54')).toBe('mobile');
  });
});
