import { describe, expect, it } from 'vitest';
import { parseFollowUp, parseQuestion, parseAmount, type ParsedQuestion } from './question-parser';

const rs = (rupees: number) => rupees * 100;

/** Each question with the part of the parse it must produce (other fields are free). */
const table: [question: string, expected: Partial<ParsedQuestion>][] = [
  ['hi', { intent: 'greeting' }],
  ['Hello there!', { intent: 'greeting' }],
  ['Assalam o Alaikum', { intent: 'greeting' }],
  ['thanks', { intent: 'greeting' }],
  ['What can you do?', { intent: 'help' }],
  ['who are you', { intent: 'help' }],
  ['What is the capital of France?', { intent: 'offTopic' }],
  ['Write me a poem about the sea', { intent: 'offTopic' }],
  ['Who won the cricket match yesterday?', { intent: 'offTopic' }],
  ['What is the cheapest flight to Dubai?', { intent: 'offTopic' }],
  ['how do I cook biryani', { intent: 'offTopic' }],
  ['tell me a joke', { intent: 'offTopic' }],
  ['there is nothing to do today', { intent: 'offTopic' }],
  [
    'cheapest samsung phone under 100k',
    { intent: 'search', category: 'mobile', brand: 'Samsung', maxPrice: rs(100_000), sort: 'cheapest' },
  ],
  ['laptops under 150k', { intent: 'search', category: 'laptop', maxPrice: rs(150_000), sort: 'relevance' }],
  ['mobile below Rs 80,000', { intent: 'search', category: 'mobile', maxPrice: rs(80_000) }],
  ['phones between 50k and 70k', { intent: 'search', category: 'mobile', minPrice: rs(50_000), maxPrice: rs(70_000) }],
  ['laptop from 100k to 200k', { intent: 'search', category: 'laptop', minPrice: rs(100_000), maxPrice: rs(200_000) }],
  ['dell laptop 80k-120k', { intent: 'search', brand: 'Dell', minPrice: rs(80_000), maxPrice: rs(120_000) }],
  ['a phone above 200k', { intent: 'search', category: 'mobile', minPrice: rs(200_000), maxPrice: undefined }],
  ['mobiles under 1.5 lakh', { intent: 'search', category: 'mobile', maxPrice: rs(150_000) }],
  ['laptop around 100k', { intent: 'search', minPrice: rs(85_000), maxPrice: rs(115_000) }],
  ['laptop with 16GB RAM', { intent: 'search', category: 'laptop', ram: 16, storage: undefined }],
  ['phone with 512GB', { intent: 'search', category: 'mobile', storage: 512, ram: undefined }],
  ['8gb ram 256gb storage phone', { intent: 'search', category: 'mobile', ram: 8, storage: 256 }],
  ['laptop with 1TB SSD and ram 32gb', { intent: 'search', category: 'laptop', ram: 32, storage: 1024 }],
  ['best rated laptops', { intent: 'search', category: 'laptop', sort: 'bestRated' }],
  ['top rated HP laptop', { intent: 'search', brand: 'HP', category: 'laptop', sort: 'bestRated' }],
  ['most popular phones', { intent: 'search', category: 'mobile', sort: 'mostPopular' }],
  ['trending mobiles', { intent: 'search', category: 'mobile', sort: 'mostPopular' }],
  ['show me gaming computers', { intent: 'search', category: 'computer', keywords: ['gaming'] }],
  ['a desktop pc for office work', { intent: 'search', category: 'computer' }],
  ['iphone 15', { intent: 'search', brand: 'Apple', category: 'mobile', keywords: ['iphone', '15'] }],
  ['Galaxy S24 Ultra price', { intent: 'search', brand: 'Samsung', keywords: ['galaxy', 's24', 'ultra'] }],
  ['thinkpad with 16gb', { intent: 'search', brand: 'Lenovo', category: 'laptop', ram: 16 }],
  ['hi, cheapest lenovo laptop', { intent: 'search', brand: 'Lenovo', category: 'laptop', sort: 'cheapest' }],
  ['which phone has the best camera under 60k', { intent: 'search', category: 'mobile', maxPrice: rs(60_000) }],
  // The search box's rules (shared query-intent): the same budgets, memory sizes and spellings.
  ['phone under 50k', { intent: 'search', category: 'mobile', maxPrice: rs(50_000) }],
  ['laptop < 90000', { intent: 'search', category: 'laptop', maxPrice: rs(90_000) }],
  ['samsung phone upto 60k', { intent: 'search', brand: 'Samsung', maxPrice: rs(60_000) }],
  ['i phone 15 256', { intent: 'search', brand: 'Apple', storage: 256, keywords: ['iphone', '15'] }],
  ['lenovo laptop with 1 tb', { intent: 'search', brand: 'Lenovo', storage: 1024, ram: undefined }],
  ['iphone 15 pro max under 400k', { intent: 'search', brand: 'Apple', maxPrice: rs(400_000) }],
  ['compare iPhone 15 and Galaxy S24', { intent: 'compare', compare: ['iphone 15', 'galaxy s24'] }],
  ['iPhone 15 vs Pixel 8', { intent: 'compare', compare: ['iphone 15', 'pixel 8'] }],
  ['Dell XPS 13 versus MacBook Air?', { intent: 'compare', compare: ['dell xps 13', 'macbook air'] }],
  ['difference between redmi note 13 and galaxy a35', { intent: 'compare', compare: ['redmi note 13', 'galaxy a35'] }],
  ['compare the HP Pavilion with the Acer Aspire 5', { intent: 'compare', compare: ['hp pavilion', 'acer aspire 5'] }],
];

describe('the built-in assistant’s question parser', () => {
  it('has a table of at least 30 questions', () => expect(table.length).toBeGreaterThanOrEqual(30));

  it.each(table)('understands %j', (question, expected) => {
    expect(parseQuestion(question)).toMatchObject(expected);
  });

  it('learns brands from the catalogue beyond its own list', () => {
    expect(parseQuestion('QMobile phones', ['QMobile'])).toMatchObject({ intent: 'search', brand: 'QMobile' });
  });

  it.each([
    ['150', 'k', rs(150_000)],
    ['80,000', undefined, rs(80_000)],
    ['1,50,000', undefined, rs(150_000)],
    ['1.5', 'lakh', rs(150_000)],
    ['2', 'm', rs(2_000_000)],
  ])('reads the amount %s %s', (digits, unit, paisa) => expect(parseAmount(digits, unit)).toBe(paisa));
});

describe('a follow-up question', () => {
  it.each<[previous: string, question: string, expected: Partial<ParsedQuestion>]>([
    ['samsung phones', 'under 100k?', { category: 'mobile', brand: 'Samsung', maxPrice: rs(100_000) }],
    ['laptops under 150k', 'which is cheapest?', { category: 'laptop', maxPrice: rs(150_000), sort: 'cheapest' }],
    ['samsung phones under 100k', 'what about apple?', { category: 'mobile', brand: 'Apple', maxPrice: rs(100_000) }],
    ['gaming laptops', 'with 16gb ram', { category: 'laptop', ram: 16, keywords: ['gaming'] }],
    ['dell xps', 'and the cheapest one?', { brand: 'Dell', keywords: ['xps'], sort: 'cheapest' }],
    ['samsung phones', 'laptops under 200k', { category: 'laptop', brand: undefined, maxPrice: rs(200_000) }],
  ])('after %j, reads %j as a narrower search', (previous, question, expected) => {
    expect(parseFollowUp(question, parseQuestion(previous))).toMatchObject({ intent: 'search', ...expected });
  });

  it.each([
    ['samsung phones', "what's the weather today?"],
    ['hello', 'under 100k'],
    ['what can you do?', 'which is better'],
  ])('after %j, leaves %j as it is', (previous, question) => {
    expect(parseFollowUp(question, parseQuestion(previous))).toEqual(parseQuestion(question));
  });
});
