import { describe, expect, it } from 'vitest';
import { guessCategory, identify, sameProduct, searchAliases, type Listing } from './matching';

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

  // Joined or split model names
  ['same', L('Samsung Galaxy Z Fold6 12GB 512GB'), L('Galaxy Z Fold 6 (12GB RAM, 512GB) Silver Shadow', 'Samsung')],
  ['different', L('Samsung Galaxy Z Fold6 12GB 512GB'), L('Galaxy Z Fold 5 (12GB RAM, 512GB)', 'Samsung')],
  ['same', L('i Phone 15 128GB'), L('Apple iPhone 15 128 GB')],
  ['same', L('Apple iPhone15 128GB'), L('Apple iPhone 15 128 GB')],
  ['same', L('Samsung Galaxy S24Ultra 12GB 256GB'), L('Samsung Galaxy S24 Ultra 12/256')],
  ['same', L('Samsung Galaxy S 24 Ultra 256GB'), L('Samsung Galaxy S24 Ultra 256GB')],
  ['same', L('Infinix Hot40i 8/128'), L('Infinix Hot 40i 8GB 128GB')],
  ['different', L('Infinix Hot40i 8/128'), L('Infinix Hot 40 8GB 128GB')],
  ['different', L('Google Pixel8 128GB'), L('Google Pixel 8a 128GB')],
  ['different', L('Apple iPhone15 128GB'), L('Apple iPhone 15 Pro 128GB')],
  ['different', L('Apple iPhone 15 128GB'), L('Apple iPhone15Pro 128GB')],
  ['same', L('Apple iPhone 15ProMax 256GB'), L('iPhone 15 Pro Max 256GB')],
  ['same', L('Samsung Galaxy S24+ 256GB'), L('Samsung Galaxy S24 Plus 256GB')],
  ['different', L('Samsung Galaxy S24+ 256GB'), L('Samsung Galaxy S24 256GB')],
  ['same', L('Samsung Galaxy S23FE 8/256'), L('Samsung Galaxy S23 FE 8GB 256GB')],
  // Units and bare storage numbers
  ['same', L('Apple iPhone 15 256'), L('Apple iPhone 15 256GB')],
  ['same', L('Apple iPhone 15 256 Black'), L('iPhone 15 256 GB', 'Apple')],
  ['same', L('Apple iPhone 15 256gb'), L('Apple iPhone 15 (256 GB)')],
  ['same', L('iPhone 15 Pro 1 TB'), L('Apple iPhone 15 Pro 1TB')],
  ['same', L('iPhone 15 Pro 1TB'), L('Apple iPhone 15 Pro 1024GB')],
  ['same', L('Apple iPhone 15 Pro 1024'), L('Apple iPhone 15 Pro 1TB')],
  ['different', L('Apple iPhone 15 Pro 1TB'), L('Apple iPhone 15 Pro 512')],
  ['same', L('Samsung Galaxy S24 8GB RAM 256GB'), L('Samsung Galaxy S24 8 256')],
  ['different', L('Samsung Galaxy S24 8GB RAM 256GB'), L('Samsung Galaxy S24 12 256')],
  ['same', L('Google Pixel 8 / 128GB'), L('Google Pixel 8 128GB')],
  ['different', L('Google Pixel 8 / 128GB'), L('Google Pixel 7 / 128GB')],
  ['same', L('Samsung Galaxy A54 5G 8G+256G'), L('Samsung Galaxy A54 8GB 256GB')],
  // Bracketed specs and separators
  ['same', L('Samsung Galaxy S24 | 8GB | 256GB | Onyx Black'), L('Samsung Galaxy S24 (8GB RAM, 256GB) - Amber Yellow')],
  ['same', L('Samsung Galaxy S24, 8GB RAM + 256GB, Cobalt Violet'), L('Samsung Galaxy S24 8GB/256GB')],
  ['same', L('Apple iPhone 15 / 128GB / Pink'), L('Apple iPhone 15 - 128GB - Blue')],
  // Colours and shop words
  ['same', L('Samsung Galaxy A54 5G 8/256'), L('Samsung Galaxy A54 8/256')],
  [
    'same',
    L('Samsung Galaxy S24 Ultra 12/256 Titanium Gray PTA Approved Box Packed'),
    L('Samsung Galaxy S24 Ultra 12GB 256GB Brand New Official Warranty Dual SIM'),
  ],
  ['same', L('Apple iPhone 15 128GB Non PTA'), L('Apple iPhone 15 128GB Mobile Phone')],
  ['different', L('Samsung Galaxy A54 5G 8/256'), L('Samsung Galaxy A34 5G 8/256')],
  // Format words
  ['same', L('Dell XPS 13 9340 Laptop 16GB 512GB'), L('Dell XPS 13 9340 16GB RAM 512GB SSD')],
  [
    'same',
    L('Lenovo Legion Tower 5 Ryzen 7 7700 32GB 1TB'),
    L('Lenovo Legion Tower 5 Ryzen 7 7700 32GB 1TB Desktop PC'),
  ],
  ['same', L('OptiPlex 7010 Computer 16GB 512GB', 'Dell'), L('Dell OptiPlex 7010 Desktop 16GB 512GB SSD')],
  ['same', L('HP Victus 15 Gaming Laptop 16GB 512GB'), L('HP Victus 15 16GB 512GB')],
  ['same', L('Samsung Galaxy A54 Smartphone 8/256'), L('Samsung Galaxy A54 8/256')],
  ['different', L('Lenovo Legion Tower 5 32GB 1TB'), L('Lenovo Legion 5 32GB 1TB Laptop')],
  ['different', L('Asus TUF Gaming F15 16GB 1TB'), L('Asus TUF F16 Gaming Laptop 16GB 1TB')],
  ['same', L('Lenovo ThinkPad E14 16GB DDR5 512GB M.2 NVMe SSD'), L('Lenovo ThinkPad E14 16GB 512GB')],
  ['different', L('Apple MacBook Pro 14 M3 Pro 512GB'), L('Apple MacBook Pro 14 M3 512GB')],
  ['same', L('Apple MacBook Pro 14 M3Pro 18GB 512GB'), L('MacBook Pro 14 M3 Pro (18GB/512GB)', 'Apple')],
  [
    'same',
    L('HP Victus 15L TG02 Ryzen 7 5700G (16GB/1TB)'),
    L('HP Victus 15L TG02 Ryzen 7 5700G 16GB 1TB | Box Packed'),
  ],
  // Different storage or RAM stay apart
  ['different', L('Apple iPhone 16 Pro 256GB'), L('Apple iPhone 16 Pro 512GB')],
  ['different', L('Samsung Galaxy S24 8GB 256GB'), L('Samsung Galaxy S24 12GB 256GB')],
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

describe('identify: wording shops use', () => {
  const key = (name: string, brand = '') => identify(L(name, brand)).key;

  it('gives joined and split model names one spelling', () => {
    expect(key('Samsung Galaxy Z Fold6 12GB 512GB')).toBe('samsung|6 fold galaxy z|512');
    expect(key('Galaxy Z Fold 6 (12GB RAM, 512GB) Silver Shadow', 'Samsung')).toBe('samsung|6 fold galaxy z|512');
    expect(key('Galaxy S24Ultra')).toBe(key('Galaxy S 24 Ultra'));
    expect(key('i Phone 15')).toBe('apple|15 iphone|0');
    expect(key('Infinix Hot40i')).toBe('infinix|40i hot|0');
  });

  it('reads storage in every unit spelling', () => {
    for (const s of ['256', '256 GB', '256GB', '256gb', '(256 GB)', '256G'])
      expect(identify(L(`Apple iPhone 15 ${s}`)).storageGb, s).toBe(256);
    for (const s of ['1 TB', '1TB', '1tb', '1024GB', '1024 GB', '1024'])
      expect(identify(L(`Apple iPhone 15 Pro ${s}`)).storageGb, s).toBe(1024);
    expect(identify(L('Samsung Galaxy S24 8GB RAM 256GB'))).toMatchObject({ ramGb: 8, storageGb: 256 });
    expect(identify(L('Samsung Galaxy S24 8 256'))).toMatchObject({ ramGb: 8, storageGb: 256 });
  });

  it('keeps a model number that looks like a size', () => {
    // No model number before it: "256" here would be the model, and "8" in "Pixel 8 / 128GB" is the model.
    expect(identify(L('Google Pixel 8 / 128GB'))).toMatchObject({ key: 'google|8 pixel|128', ramGb: 0 });
    expect(identify(L('Apple iPhone 15+ 128'))).toMatchObject({ key: 'apple|15 iphone plus|128', ramGb: 0 });
    expect(identify(L('Nokia 128')).storageGb).toBe(0);
    expect(identify(L('HP Victus 15L Ryzen 7 5700G 16GB 1TB'))).toMatchObject({ ramGb: 16, storageGb: 1024 });
  });

  it('adds nothing when the stored specs repeat the name (productMatchKey)', () => {
    expect(key('Apple iPhone 15 256 256GB storage')).toBe(key('Apple iPhone 15 256GB'));
    expect(key('Samsung Galaxy S24 8 256 8GB RAM 256GB storage')).toBe(key('Samsung Galaxy S24 8GB 256GB'));
    expect(key('Google Pixel 8 / 128GB 128GB storage')).toBe(key('Google Pixel 8 128GB'));
  });
});

describe('searchAliases', () => {
  it('splits joined model words and joins split ones', () => {
    expect(searchAliases('Samsung Galaxy Z Fold6', 'Samsung')).toBe('fold 6');
    expect(searchAliases('Galaxy Z Fold 6', 'Samsung')).toBe('samsung fold6');
    expect(searchAliases('Samsung Galaxy S24 Ultra')).toBe('s 24');
    expect(searchAliases('Samsung Galaxy S24Ultra')).toBe('s 24 ultra s24');
    expect(searchAliases('Apple iPhone 15 Pro 256 GB')).toBe('iphone15');
    expect(searchAliases('i Phone 15', 'Apple')).toBe('apple iphone');
  });

  it('adds the brand the name lacks, from the brand or the line', () => {
    expect(searchAliases('Galaxy Z Fold 6', 'Samsung Electronics')).toBe('samsung fold6');
    expect(searchAliases('Pixel 8a')).toBe('google pixel8a');
    expect(searchAliases('One Plus 12', 'OnePlus')).toBe('oneplus12');
    expect(searchAliases('Samsung Galaxy Tab', 'Samsung')).toBe('');
  });

  it('leaves specs alone', () => {
    expect(searchAliases('Lenovo ThinkPad E14 16GB DDR5 512GB M.2 SSD')).toBe('e 14');
    expect(searchAliases('Nokia Lumia')).toBe('');
  });
});
