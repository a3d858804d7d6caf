import { describe, expect, it } from 'vitest';
import { parseAmount, parseBudget, parseMemory, parseSearchQuery, parseSort, type SearchIntent } from './query-intent';

const rs = (rupees: number) => rupees * 100;
const words = (q: string) => parseSearchQuery(q).words.map((w) => w.word);

describe('budgets', () => {
  it.each<[string, { minPrice?: number; maxPrice?: number }]>([
    ['phone under 50k', { maxPrice: rs(50_000) }],
    ['mobile below Rs 100,000', { maxPrice: rs(100_000) }],
    ['laptop less than 80,000', { maxPrice: rs(80_000) }],
    ['upto 60k', { maxPrice: rs(60_000) }],
    ['up to 60k', { maxPrice: rs(60_000) }],
    ['phone < 50000', { maxPrice: rs(50_000) }],
    ['laptop above 100k', { minPrice: rs(100_000) }],
    ['over 1.5 lakh', { minPrice: rs(150_000) }],
    ['between 50k and 70k', { minPrice: rs(50_000), maxPrice: rs(70_000) }],
    ['dell 80k-120k', { minPrice: rs(80_000), maxPrice: rs(120_000) }],
    ['around 100k', { minPrice: rs(85_000), maxPrice: rs(115_000) }],
    ['samsung phone 50k', { maxPrice: rs(50_000) }],
    ['laptop in Rs 90,000', { maxPrice: rs(90_000) }],
  ])('reads %j', (text, expected) => {
    const { rest: _rest, phrases: _phrases, ...budget } = parseBudget(text);
    expect(budget).toEqual(expected);
  });

  it.each(['iphone 15 pro max 256', 'laptop under 15 inch', '4k monitor', 'xps 13 9340', 'colors 2024'])(
    'finds no budget in %j',
    (text) => {
      const budget = parseBudget(text);
      expect(budget.minPrice).toBeUndefined();
      expect(budget.maxPrice).toBeUndefined();
      expect(budget.rest).toBe(text);
    },
  );

  it('takes the budget phrase out of the text and says which it was', () => {
    expect(parseBudget('samsung phone under 50k please')).toMatchObject({
      rest: 'samsung phone   please',
      phrases: ['under 50k'],
    });
  });

  it.each([
    ['150', 'k', rs(150_000)],
    ['80,000', undefined, rs(80_000)],
    ['1,50,000', undefined, rs(150_000)],
    ['1.5', 'lakh', rs(150_000)],
    ['2', 'm', rs(2_000_000)],
  ])('reads the amount %s %s', (digits, unit, paisa) => expect(parseAmount(digits, unit)).toBe(paisa));
});

describe('memory sizes', () => {
  it.each<[string, string | undefined, { ram?: number; storage?: number }]>([
    ['256', undefined, {}],
    ['galaxy s24 ultra 256', undefined, { storage: 256 }],
    ['iphone 15 256 gb', undefined, { storage: 256 }],
    ['iphone 15 256gb', undefined, { storage: 256 }],
    ['lenovo 1 tb', undefined, { storage: 1024 }],
    ['lenovo 1tb', undefined, { storage: 1024 }],
    ['hp laptop i7 16 gb', 'laptop', { ram: 16 }],
    ['laptop 16gb ram', 'laptop', { ram: 16 }],
    ['laptop 16 ram 512 ssd', 'laptop', { ram: 16, storage: 512 }],
    ['laptop ram 32gb 1tb', 'laptop', { ram: 32, storage: 1024 }],
    ['laptop 512 gb', 'laptop', { storage: 512 }],
    ['32gb phone', 'mobile', { storage: 32 }],
    ['8gb 256gb phone', 'mobile', { ram: 8, storage: 256 }],
    ['galaxy s24 8/256', undefined, { ram: 8, storage: 256 }],
    ['redmi note 13 8gb+256gb', undefined, { ram: 8, storage: 256 }],
    ['pixel 8 / 128gb', undefined, { storage: 128 }],
    ['hp 256 g10', undefined, {}],
    ['galaxy a54 5g', undefined, {}],
    ['acer nitro 5', undefined, {}],
  ])('reads %j', (text, category, expected) => {
    const { rest: _rest, phrases: _phrases, ...memory } = parseMemory(text, category as never);
    expect(memory).toEqual(expected);
  });
});

describe('order words', () => {
  it.each([
    ['cheap samsung phone', 'cheapest'],
    ['cheapest laptop', 'cheapest'],
    ['lowest price iphone', 'cheapest'],
    ['budget phone', 'cheapest'],
    ['most expensive laptop', 'priciest'],
    ['trending phones', 'mostPopular'],
    ['top rated hp laptop', 'bestRated'],
    ['galaxy s24', 'relevance'],
  ])('%j → %s', (text, sort) => expect(parseSort(text)).toBe(sort));
});

describe('a search box query', () => {
  it.each<[string, Partial<SearchIntent>, string[]]>([
    ['galaxy s24 ultra 256', { storage: 256, sort: 'relevance' }, ['galaxy', 's24', 'ultra']],
    ['lenovo 1 tb', { storage: 1024 }, ['lenovo']],
    ['hp laptop i7 16 gb', { ram: 16, category: 'laptop' }, ['hp', 'laptop', 'i7']],
    ['i phone', {}, ['iphone']],
    ['Apple i-Phone 15', {}, ['apple', 'iphone', '15']],
    ['cheap samsung phone', { sort: 'cheapest' }, ['samsung', 'phone']],
    ['laptop for students', { category: 'laptop' }, ['laptop']],
    ['acer nitro 5', {}, ['acer', 'nitro', '5']],
    ['phone under 50k', { maxPrice: rs(50_000), category: 'mobile' }, ['phone']],
    ['best phone with good camera', {}, ['phone', 'camera']],
    ['the new macbook air', {}, ['macbook', 'air']],
    ['galaxy a 55', {}, ['galaxy', 'a55']],
    ['galaxy s 24 ultra', {}, ['galaxy', 's24', 'ultra']],
    ['one plus 12', {}, ['oneplus', '12']],
    ['think pad e14', {}, ['thinkpad', 'e14']],
    ['iphone 15 pro max', {}, ['iphone', '15', 'pro', 'max']],
    ['Samsung Galaxy S24 Ultra 12GB 256GB', { ram: 12, storage: 256 }, ['samsung', 'galaxy', 's24', 'ultra']],
  ])('reads %j', (q, expected, expectedWords) => {
    const intent = parseSearchQuery(q);
    expect(intent).toMatchObject(expected);
    expect(intent.words.map((w) => w.word)).toEqual(expectedWords);
  });

  it('keeps "gaming" as an optional word', () => {
    expect(parseSearchQuery('gaming laptop').words).toEqual([
      { word: 'gaming', spellings: ['gaming'], optional: true },
      { word: 'laptop', spellings: ['laptop'] },
    ]);
  });

  it('spells joined model words the other way too', () => {
    const spellings = (q: string) => parseSearchQuery(q).words.map((w) => w.spellings);
    expect(spellings('s24ultra')).toEqual([['s24ultra', 's24 ultra']]);
    expect(spellings('fold6')).toEqual([['fold6', 'fold 6']]);
    expect(spellings('iphone15pro')).toEqual([['iphone15pro', 'iphone 15 pro']]);
    expect(spellings('15promax')).toEqual([['15promax', '15 pro max']]);
    expect(spellings('i7 40i 13th')).toEqual([['i7'], ['40i'], ['13th']]);
  });

  it('says which spec and budget phrases it took out and which words it ignored', () => {
    const intent = parseSearchQuery('cheap hp laptop for students under 100k 16gb ram');
    expect(intent.phrases).toEqual(['under 100k', '16gb ram']);
    expect(intent.ignored).toEqual(['cheap', 'for', 'students']);
    expect(words('cheap hp laptop for students under 100k 16gb ram')).toEqual(['hp', 'laptop']);
  });

  it('reads an empty query as nothing', () => {
    expect(parseSearchQuery(undefined)).toMatchObject({ words: [], sort: 'relevance', phrases: [] });
    expect(parseSearchQuery('   ')).toMatchObject({ words: [] });
  });
});
