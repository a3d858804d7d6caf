import { describe, expect, it } from 'vitest';
import { parseCsvFeed } from './csv';
import { parseGmcFeed } from './gmc';
import { parseProductPage } from './jsonld';

const refused = (currency: string) => `price in ${currency}, not PKR: not imported`;

const pageUrl = 'https://shop.test/p/headphones';
const jsonLdPage = (offers: string) => `<html><head><script type="application/ld+json">
  { "@context": "https://schema.org", "@type": "Product", "name": "Sony WH-1000XM5", "sku": "XM5", "offers": ${offers} }
</script></head><body></body></html>`;

const microdataPage = (currency: string) => `<html><body>
  <div itemscope itemtype="https://schema.org/Product">
    <h1 itemprop="name">Sony WH-1000XM5</h1><meta itemprop="sku" content="XM5">
    <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
      ${currency ? `<meta itemprop="priceCurrency" content="${currency}">` : ''}
      <span itemprop="price" content="649.00">649.00</span>
    </div>
  </div>
</body></html>`;

const csvBase = 'file:///feeds/store.csv';
const csv = (...prices: string[]) =>
  ['id,title,link,price', ...prices.map((p, i) => `C-${i + 1},Sony WH-1000XM5,https://shop.test/p/${i + 1},${p}`)].join(
    '\n',
  );

const gmcBase = 'https://shop.test/feed.xml';
const gmc = (...prices: string[]) => `<?xml version="1.0"?>
<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>
${prices
  .map(
    (p, i) =>
      `<item><g:id>G-${i + 1}</g:id><title>Sony WH-1000XM5</title><link>https://shop.test/p/${i + 1}</link><g:price>${p}</g:price></item>`,
  )
  .join('\n')}
</channel></rss>`;

describe('a price in another currency than PKR is refused, in every format', () => {
  it('JSON-LD: refuses priceCurrency USD with a failure line, keeps PKR and a price with no currency', () => {
    expect(parseProductPage(jsonLdPage(`{ "price": "649.00", "priceCurrency": "USD" }`), pageUrl)).toEqual({
      items: [],
      failures: [{ where: pageUrl, reason: refused('USD') }],
    });
    const pkr = parseProductPage(jsonLdPage(`{ "price": "649.00", "priceCurrency": "PKR" }`), pageUrl);
    expect(pkr).toMatchObject({ items: [{ storeItemId: 'XM5', price: 649_00, currency: 'PKR' }], failures: [] });
    const unstated = parseProductPage(jsonLdPage(`{ "price": "99999" }`), pageUrl);
    expect(unstated).toMatchObject({ items: [{ price: 99_999_00, currency: 'PKR' }], failures: [] });
  });

  it('JSON-LD: of offers in USD and PKR, takes the rupee one even when the dollar amount is lower', () => {
    const offers = `[{ "price": "649.00", "priceCurrency": "USD" }, { "price": "99999", "priceCurrency": "PKR" }]`;
    expect(parseProductPage(jsonLdPage(offers), pageUrl)).toMatchObject({
      items: [{ price: 99_999_00, currency: 'PKR' }],
      failures: [],
    });
  });

  it('JSON-LD: a refused product is not read again from microdata that states no currency', () => {
    const html = jsonLdPage(`{ "price": "649.00", "priceCurrency": "USD" }`).replace(
      '<body></body>',
      microdataPage('').replace(/<\/?(html|body)>/g, ''),
    );
    expect(parseProductPage(html, pageUrl)).toEqual({
      items: [],
      failures: [{ where: pageUrl, reason: refused('USD') }],
    });
  });

  it('microdata: refuses priceCurrency USD, keeps PKR and a price with no currency', () => {
    expect(parseProductPage(microdataPage('USD'), pageUrl)).toEqual({
      items: [],
      failures: [{ where: pageUrl, reason: refused('USD') }],
    });
    expect(parseProductPage(microdataPage('PKR'), pageUrl)).toMatchObject({
      items: [{ storeItemId: 'XM5', price: 649_00, currency: 'PKR' }],
      failures: [],
    });
    expect(parseProductPage(microdataPage(''), pageUrl).items).toMatchObject([{ currency: 'PKR' }]);
  });

  it('CSV: refuses "649.00 USD" and "$649.00" per row, keeps PKR, rupee and bare prices', () => {
    const result = parseCsvFeed(csv('649.00 USD', '$649.00', '649.00 PKR', '"Rs 1,29,999"', 'MRP 1999'), csvBase);
    expect(result.failures).toEqual([
      { where: `${csvBase} row 2`, reason: refused('USD') },
      { where: `${csvBase} row 3`, reason: refused('USD') },
    ]);
    expect(result.items.map((i) => [i.storeItemId, i.price, i.currency])).toEqual([
      ['C-3', 649_00, 'PKR'],
      ['C-4', 129_999_00, 'PKR'],
      ['C-5', 1_999_00, 'PKR'],
    ]);
  });

  it('Google Merchant feed: refuses an item in USD, keeps one in PKR', () => {
    const result = parseGmcFeed(gmc('649.00 USD', '649.00 PKR'), gmcBase);
    expect(result.failures).toEqual([{ where: `${gmcBase} item 1`, reason: refused('USD') }]);
    expect(result.items).toMatchObject([{ storeItemId: 'G-2', price: 649_00, currency: 'PKR' }]);
  });
});
