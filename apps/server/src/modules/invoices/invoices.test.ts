import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { invoiceMessages } from '@pricehub/shared/schemas/invoice';
import { buildTestApp } from '../../testing/test-app';
import { createCustomer } from '../../testing/factories';
import { ADDRESS, addListing, caller, createSellerWithStore } from '../../testing/shop';
import { winAnsi } from './render';

const t = await buildTestApp();
const call = caller(t);

/**
 * The text a PDF viewer would show, read the way a viewer does: every content stream inflated (pdfkit deflates
 * them), then the strings of its text operators (`[<hex> kerning <hex>] TJ` and `<hex> Tj`) decoded as
 * Windows-1252, one text operator per line.
 */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // Each stream is read by the /Length its dictionary gives: compressed bytes may end in "\r" (or hold "endstream").
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const data = raw.slice(start, start + Number(match[1]));
    let content: string;
    try {
      content = inflateSync(Buffer.from(data, 'latin1')).toString('latin1');
    } catch {
      content = data;
    }
    for (const op of content.matchAll(/\[((?:<[0-9a-fA-F]*>|[-\d.\s])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g)) {
      const hexes = op[1] !== undefined ? [...op[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1]!) : [op[2]!];
      lines.push(hexes.map((h) => Buffer.from(h, 'hex').toString('latin1')).join(''));
    }
  }
  return lines.join('\n');
}

async function paidOrder() {
  const shopper = await createCustomer(t, { name: 'Ayesha Raza' });
  const seller = await createSellerWithStore(t);
  const { listingId } = await addListing(t, seller.storeId, { name: 'Nova Laptop 14', price: 120_000_00 });
  await call('POST', '/api/cart/items', shopper.cookie, { listingId, quantity: 2 });
  const res = await call('POST', '/api/checkout', shopper.cookie, {
    paymentMethod: 'cashOnDel',
    shippingAddress: ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return { shopper, seller, orderId: res.json().orders[0].orderId as string };
}

describe('GET /api/orders/:orderId/invoice', () => {
  it('sends the customer a PDF naming the order, its lines and its total, as a download', async () => {
    const { shopper, seller, orderId } = await paidOrder();
    const res = await call('GET', `/api/orders/${orderId}/invoice`, shopper.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pricehub-invoice-${orderId}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    // The cross-reference table is where the trailer says it is: a reader can open the file.
    const startxref = Number(/startxref\s+(\d+)/.exec(pdf.toString('latin1'))![1]);
    expect(pdf.subarray(startxref, startxref + 4).toString()).toBe('xref');

    const text = pdfText(pdf);
    expect(text).toContain(`Invoice ${orderId}`);
    expect(text).toContain('Nova Laptop 14');
    expect(text).toContain('Rs 120,000');
    expect(text).toContain('Total: Rs 240,050');
    expect(text).toContain('Ayesha Raza');
    expect(text).toContain(seller.storeName);
    expect(text).toContain(ADDRESS);
    expect(text).toContain('Cash on delivery');
  });

  it('is the customer’s own: another customer gets 404, a seller 403, a visitor 401', async () => {
    const { orderId } = await paidOrder();
    const stranger = await createCustomer(t);
    const res = await call('GET', `/api/orders/${orderId}/invoice`, stranger.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    const rival = await createSellerWithStore(t);
    expect((await call('GET', `/api/orders/${orderId}/invoice`, rival.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/orders/${orderId}/invoice`)).statusCode).toBe(401);
    expect((await call('GET', `/api/orders/not-an-order/invoice`, stranger.cookie)).statusCode).toBe(400);
  });

  it('gives the order’s seller their copy, and no other seller', async () => {
    const { seller, orderId } = await paidOrder();
    const res = await call('GET', `/api/seller/orders/${orderId}/invoice`, seller.cookie);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain("Seller's copy");
    expect(text).toContain(`Invoice ${orderId}`);
    const rival = await createSellerWithStore(t);
    expect((await call('GET', `/api/seller/orders/${orderId}/invoice`, rival.cookie)).statusCode).toBe(404);
  });

  it('has no invoice for an online order that was never paid', async () => {
    const shopper = await createCustomer(t);
    const seller = await createSellerWithStore(t);
    const { listingId } = await addListing(t, seller.storeId);
    await call('POST', '/api/cart/items', shopper.cookie, { listingId });
    const res = await call('POST', '/api/checkout', shopper.cookie, {
      paymentMethod: 'online',
      shippingAddress: ADDRESS,
    });
    const orderId = res.json().orders[0].orderId;
    const invoice = await call('GET', `/api/orders/${orderId}/invoice`, shopper.cookie);
    expect(invoice.statusCode).toBe(409);
    expect(invoice.json().error.message).toBe(invoiceMessages.notYet);
  });
});

describe('invoice text', () => {
  it('keeps Windows-1252 text and shows other scripts as "?" rather than broken glyphs', () => {
    expect(winAnsi('Café – Rs 1,000 ×2')).toBe('Café – Rs 1,000 ×2');
    expect(winAnsi('علی Khan\tLahore')).toBe('??? Khan Lahore');
  });
});
