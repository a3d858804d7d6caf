import PDFDocument from 'pdfkit';
import { formatRs } from '@pricehub/shared/rules/money';
import type { OrderView } from '@pricehub/shared/schemas/order';

/**
 * The standard PDF fonts (Helvetica) cover Windows-1252 only, and pdfkit writes a character outside it as a broken
 * glyph code. Such characters become "?" so that the rest of the line stays readable; accents are kept.
 */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
export function winAnsi(text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    const printable = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(ch);
    out += printable ? ch : /\s/.test(ch) ? ' ' : '?';
  }
  return out;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: '2-digit',
  day: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});

export const paymentWording = (order: Pick<OrderView, 'paymentMethod' | 'paymentStatus'>) => {
  const method = order.paymentMethod === 'cashOnDel' ? 'Cash on delivery' : 'Online payment';
  const state = {
    not_required: 'to be paid on delivery',
    pending: 'awaiting payment',
    paid: 'paid',
    expired: 'not paid',
    refunded: 'refunded',
  }[order.paymentStatus];
  return `${method} (${state})`;
};

export interface InvoiceParty {
  /** Who the copy is for: the customer's invoice, or the seller's copy of it. */
  copy: 'customer' | 'seller';
}

/** An order's invoice as a PDF: who sold to whom, the lines, the money, the payment. Amounts in whole rupees. */
export async function renderInvoice(order: OrderView, party: InvoiceParty, options: { compress?: boolean } = {}) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    compress: options.compress ?? true,
    info: {
      Title: `Invoice ${order.orderId}`,
      Author: 'PriceHub',
      Subject: `Order ${order.orderId} from ${winAnsi(order.store.name)}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const t = (s: string) => winAnsi(s);

  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#555')
    .text(party.copy === 'seller' ? "Seller's copy" : "Customer's copy", left, 58, { width, align: 'right' });
  doc.fillColor('#000').font('Helvetica-Bold').fontSize(20).text('PriceHub', left, 50);
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(14).text(`Invoice ${order.orderId}`);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Order date: ${dateFormat.format(new Date(order.createdAt))}`)
    .text(`Status: ${order.status}`);
  doc.moveDown();

  const top = doc.y;
  const half = width / 2 - 10;
  doc.font('Helvetica-Bold').text('Sold by', left, top, { width: half });
  doc.font('Helvetica').text(t(order.store.name), { width: half });
  doc.text('through PriceHub', { width: half });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').text('Bill to', left + half + 20, top, { width: half });
  doc
    .font('Helvetica')
    .text(t(order.customer.name), { width: half })
    .text(t(order.customer.email), { width: half })
    .text(t(order.shippingAddress), { width: half });
  doc.x = left;
  doc.y = Math.max(leftBottom, doc.y) + 16;

  doc.table({
    columnStyles: ['*', 40, 90, 90],
    defaultStyle: { border: { bottom: 0.5 }, borderColor: '#bbb', padding: 4 },
    data: [
      [
        { text: 'Item', type: 'TH', font: { src: 'Helvetica-Bold' } },
        { text: 'Qty', type: 'TH', font: { src: 'Helvetica-Bold' }, align: { x: 'right' } },
        { text: 'Unit price', type: 'TH', font: { src: 'Helvetica-Bold' }, align: { x: 'right' } },
        { text: 'Amount', type: 'TH', font: { src: 'Helvetica-Bold' }, align: { x: 'right' } },
      ],
      ...order.lines.map((line) => [
        t(line.name),
        { text: String(line.quantity), align: { x: 'right' as const } },
        { text: formatRs(line.unitPrice), align: { x: 'right' as const } },
        { text: formatRs(line.lineTotal), align: { x: 'right' as const } },
      ]),
    ],
  });

  doc.moveDown();
  const sums: [string, string][] = [
    ['Subtotal', formatRs(order.subtotal)],
    ['Shipping', formatRs(order.shippingFee)],
    ...(order.discount > 0
      ? [[`Promo ${t(order.promoCode ?? '')}`, `-${formatRs(order.discount)}`] as [string, string]]
      : []),
  ];
  for (const [label, amount] of sums) {
    doc.font('Helvetica').text(`${label}: ${amount}`, left, doc.y, { width, align: 'right' });
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`Total: ${formatRs(order.total)}`, left, doc.y, {
      width,
      align: 'right',
    });
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`Payment: ${paymentWording(order)}`, left, doc.y, { width });
  if (order.status === 'Cancelled') doc.text('This order was cancelled.', { width });
  doc.moveDown(2);
  doc
    .fontSize(8)
    .fillColor('#777')
    .text('Amounts in Pakistani rupees. Keep this invoice for returns and warranty claims.', { width });

  doc.end();
  return finished;
}
