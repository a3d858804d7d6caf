import { beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@pricehub/shared/messages';
import { chatMessages } from '@pricehub/shared/schemas/chat';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { insertCatalogueProduct, insertListing } from '../../testing/catalogue';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer, createSeller } from '../../testing/factories';
import { insertOffer, insertReview, storeIdOf } from '../wishlist/test-fixtures';
import { insertSale } from '../../testing/campaigns';
import { parseSse, replyText } from './sse-events';

const t = await buildTestApp();
/** Catalogue product and listing ids by product name. */
const ids: Record<string, number> = {};
const listingIds: Record<string, number> = {};

async function add(
  db: Db,
  storeId: number | null,
  name: string,
  brand: string,
  category: 'mobile' | 'laptop' | 'computer',
  rupees: number,
  ramGb: number,
  storageGb: number,
  extra: { views?: number } = {},
) {
  const fields = { name, brand, category, ramGb, storageGb, description: `${name} by ${brand}` };
  // Our seller's listing (with a catalogue product of its own), or a product only other stores sell.
  if (storeId === null) {
    ids[name] = await insertCatalogueProduct(db, fields);
  } else {
    const { productId, listingId } = await insertListing(db, { ...fields, storeId, price: rupees * 100, quantity: 3 });
    ids[name] = productId;
    listingIds[name] = listingId;
  }
  if (extra.views) await db.execute(sql`update products set views = ${extra.views} where id = ${ids[name]!}`);
}

beforeAll(async () => {
  const seller = await createSeller(t, { storeName: 'Mobile Mart' });
  const storeId = await storeIdOf(t.ctx.db, seller.id);
  const db = t.ctx.db;
  await add(db, storeId, 'Samsung Galaxy A15', 'Samsung', 'mobile', 45_000, 6, 128);
  await add(db, storeId, 'Samsung Galaxy A55', 'Samsung', 'mobile', 95_000, 8, 256);
  await add(db, storeId, 'Samsung Galaxy S24', 'Samsung', 'mobile', 250_000, 8, 256);
  await add(db, storeId, 'Apple iPhone 15', 'Apple', 'mobile', 280_000, 6, 128);
  await add(db, storeId, 'Xiaomi Redmi Note 13', 'Xiaomi', 'mobile', 60_000, 8, 256, { views: 500 });
  await add(db, storeId, 'Dell XPS 13', 'Dell', 'laptop', 350_000, 16, 512);
  await add(db, storeId, 'Lenovo ThinkPad E14', 'Lenovo', 'laptop', 180_000, 16, 512);
  await add(db, storeId, 'HP Pavilion 15', 'HP', 'laptop', 140_000, 8, 512);
  await add(db, storeId, 'Dell OptiPlex 7010', 'Dell', 'computer', 120_000, 16, 1024);
  await add(db, null, 'Google Pixel 8', 'Google', 'mobile', 150_000, 8, 128);
  await insertOffer(db, { productId: ids['Google Pixel 8']!, storeName: 'Daraz', price: 150_000_00 });
  // The sale brings the A55 to Rs 85,500; the external offer undercuts the S24 to Rs 240,000.
  await insertSale(db, { storeId, listingIds: [listingIds['Samsung Galaxy A55']!], discountPercent: 10 });
  await insertOffer(db, { productId: ids['Samsung Galaxy S24']!, storeName: 'Shophive', price: 240_000_00 });
  // A second seller lists the A15 (its own wording, a little cheaper): still one product.
  const second = await createSeller(t, { storeName: 'Phone Hub' });
  await insertListing(db, {
    storeId: await storeIdOf(db, second.id),
    productId: ids['Samsung Galaxy A15']!,
    name: 'Galaxy A15 6/128 PTA',
    brand: 'Samsung',
    price: 44_000_00,
  });
  for (const score of [3, 2, 4]) await insertReview(db, { productId: ids['Lenovo ThinkPad E14']! }, score);
  await insertReview(db, { productId: ids['Dell XPS 13']! }, -3);
});

const ask = (content: string, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/chat',
    payload: { messages: [{ role: 'user', content }] },
    headers: cookie ? { cookie } : {},
  });

/** The product names the reply links to, in order. */
const linked = (text: string) =>
  [...text.matchAll(/\[([^\]]+)\]\(\/result\/productHub\/(\d+)\)/g)].map((m) => {
    expect(ids[m[1]!]).toBe(Number(m[2]));
    return m[1];
  });

describe('the built-in assistant, answering from the catalogue', () => {
  it('reads a follow-up in the light of the question before it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/chat',
      payload: {
        messages: [
          { role: 'user', content: 'samsung phones' },
          { role: 'assistant', content: 'Here are Samsung mobiles from our catalogue: …' },
          { role: 'user', content: 'which is the cheapest under 100k?' },
        ],
      },
    });
    const text = replyText(parseSse(res.body));
    expect(text).toContain('Samsung mobiles under Rs 100,000');
    expect(linked(text)).toEqual(['Samsung Galaxy A15', 'Samsung Galaxy A55']);
  });

  it.each([
    ['cheapest samsung phone under 100k', ['Samsung Galaxy A15', 'Samsung Galaxy A55']],
    ['laptops under 150k', ['HP Pavilion 15']],
    ['phones between 50k and 70k', ['Xiaomi Redmi Note 13']],
    ['cheapest laptop with 16GB RAM', ['Lenovo ThinkPad E14', 'Dell XPS 13']],
    [
      'cheapest phone with 8gb ram and 256gb storage',
      ['Xiaomi Redmi Note 13', 'Samsung Galaxy A55', 'Samsung Galaxy S24'],
    ],
    ['cheapest computer', ['Dell OptiPlex 7010']],
    ['dell laptops', ['Dell XPS 13']],
    ['pixel 8', ['Google Pixel 8']],
    ['galaxy s24', ['Samsung Galaxy S24']],
    [
      'cheapest phones',
      ['Samsung Galaxy A15', 'Xiaomi Redmi Note 13', 'Samsung Galaxy A55', 'Google Pixel 8', 'Samsung Galaxy S24'],
    ],
  ])('answers %j with the right products, in order', async (question, expected) => {
    const res = await ask(question);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/event-stream');
    const events = parseSse(res.body);
    expect(events.at(-1)).toEqual({ event: 'done' });
    expect(events.filter((e) => e.event === 'delta').length).toBeGreaterThan(1);
    expect(linked(replyText(events))).toEqual(expected);
  });

  it('puts the best rated and the most popular first', async () => {
    expect(linked(replyText(parseSse((await ask('best rated laptop')).body)))[0]).toBe('Lenovo ThinkPad E14');
    expect(linked(replyText(parseSse((await ask('best rated laptop')).body))).at(-1)).toBe('Dell XPS 13');
    expect(linked(replyText(parseSse((await ask('most popular phone')).body)))[0]).toBe('Xiaomi Redmi Note 13');
  });

  it('quotes the price the shopper pays: the sale price, or a cheaper external offer, with the stores', async () => {
    const text = replyText(parseSse((await ask('samsung phones')).body));
    expect(text).toContain('[Samsung Galaxy A55](/result/productHub/');
    expect(text).toMatch(/Samsung Galaxy A55\]\([^)]+\): \*\*Rs 85,500\*\* at Mobile Mart/);
    expect(text).toMatch(/Samsung Galaxy S24\]\([^)]+\): \*\*Rs 240,000\*\* at 2 stores \(Mobile Mart and Shophive\)/);
  });

  it('answers a product two sellers list on one line, at the cheaper price, with its store count', async () => {
    const text = replyText(parseSse((await ask('cheapest samsung phone')).body));
    const lines = text.split('\n').filter((l) => l.includes('Galaxy A15'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /Samsung Galaxy A15\]\([^)]+\): \*\*Rs 44,000\*\* at 2 stores \(Mobile Mart and Phone Hub\)/,
    );
    const linkedIds = [...text.matchAll(/\/result\/productHub\/(\d+)/g)].map((m) => m[1]);
    expect(new Set(linkedIds).size).toBe(linkedIds.length);
  });

  it('answers at most 5 products', async () => {
    expect(linked(replyText(parseSse((await ask('show me all products and phones')).body))).length).toBeLessThanOrEqual(
      5,
    );
  });

  it('says so when nothing matches', async () => {
    const text = replyText(parseSse((await ask('phone with 512GB')).body));
    expect(text).toContain("couldn't find any mobiles with at least 512GB storage");
  });

  it('compares two products side by side in a markdown table', async () => {
    const text = replyText(parseSse((await ask('compare iPhone 15 and Galaxy S24')).body));
    expect(text).toContain(
      `| | [Apple iPhone 15](/result/productHub/${ids['Apple iPhone 15']}) | [Samsung Galaxy S24](`,
    );
    expect(text).toContain('| Lowest price | Rs 280,000 | Rs 240,000 |');
    expect(text).toContain('| Stores | 1 | 2 |');
    const vs = replyText(parseSse((await ask('Dell XPS 13 vs ThinkPad E14')).body));
    expect(vs).toContain('| Rating | Mostly Negative | Mostly Positive |');
  });

  it('greets, explains itself, and refuses other topics with the spec’s exact words', async () => {
    expect(replyText(parseSse((await ask('hello')).body))).toContain('PriceHub assistant');
    expect(replyText(parseSse((await ask('what can you do?')).body))).toContain('compare');
    expect(replyText(parseSse((await ask('What is the capital of France?')).body))).toBe(messages.chat.offTopic);
  });

  it('refuses a malformed conversation with 400, never 500', async () => {
    for (const payload of [
      {},
      { messages: [] },
      { messages: [{ role: 'system', content: 'x' }] },
      { messages: [{ role: 'user', content: '   ' }] },
      { messages: [{ role: 'user', content: 'x'.repeat(2001) }] },
      {
        messages: [
          { role: 'user', content: 'hi' },
          { role: 'assistant', content: 'hello' },
        ],
      },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/chat', payload });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('a failure while answering', () => {
  it('ends the stream with the spec’s error message', async () => {
    const db = t.ctx.db;
    const execute = db.execute.bind(db);
    let calls = 0;
    // The two rate-limit counters pass; the catalogue query that follows fails.
    const spy = vi
      .spyOn(db, 'execute')
      .mockImplementation(((query: never) =>
        ++calls > 2 ? Promise.reject(new Error('database down')) : execute(query)) as never);
    const res = await ask('cheapest laptop');
    spy.mockRestore();
    expect(res.statusCode).toBe(200);
    expect(parseSse(res.body)).toEqual([{ event: 'error', message: messages.chat.failure }]);
  });
});

describe('the chat limit', () => {
  it('allows 20 messages a minute per visitor, then answers 429; other visitors are not affected', async () => {
    const first = await ask('hi');
    const cookie = first.cookies.find((c) => c.name === 'ph_visitor');
    expect(cookie?.httpOnly).toBe(true);
    const visitor = `ph_visitor=${cookie!.value}`;
    for (let i = 2; i <= 20; i++) expect((await ask('hi', visitor)).statusCode).toBe(200);
    const limited = await ask('hi', visitor);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(chatMessages.tooMany);
    expect((await ask('hi')).statusCode).toBe(200);
  });

  it('counts a signed-in shopper by account', async () => {
    const customer = await createCustomer(t);
    for (let i = 1; i <= 20; i++) expect((await ask('hi', customer.cookie)).statusCode).toBe(200);
    expect((await ask('hi', customer.cookie)).statusCode).toBe(429);
  });
});
