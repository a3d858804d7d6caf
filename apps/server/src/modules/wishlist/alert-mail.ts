import { formatRs } from '@pricehub/shared/rules/money';
import type { OutgoingMail } from '../mail/outbox';
import type { WatchedState } from '../prices/price-watch';

/** Why a saved item is mailed about: in the order the subject line prefers them. */
export type AlertReason = 'sale' | 'drop' | 'back';

export interface AlertMailInput {
  customerName: string;
  itemName: string;
  /** Absolute links (PUBLIC_URL): the product's page, the setting in the customer panel, one-click unsubscribe. */
  itemUrl: string;
  settingsUrl: string;
  unsubscribeUrl: string;
  reasons: AlertReason[];
  /** The price the customer last knew (null: it was out of stock). */
  previousPrice: number | null;
  now: WatchedState;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function subjectOf({ itemName, reasons, now }: AlertMailInput): string {
  const price = now.price !== null ? formatRs(now.price) : null;
  if (reasons.includes('sale') && now.sale) {
    return `On sale: ${itemName}, ${now.sale.percent}% off at ${now.sale.store}${price ? ` (now ${price})` : ''}`;
  }
  if (reasons.includes('drop') && price) return `Price drop: ${itemName} is now ${price}`;
  return `Back in stock: ${itemName}${price ? ` from ${price}` : ''}`;
}

function linesOf({ reasons, previousPrice, now }: AlertMailInput): string[] {
  const lines: string[] = [];
  const price = now.price !== null ? formatRs(now.price) : '';
  if (reasons.includes('drop') && previousPrice !== null) {
    lines.push(`Its lowest price fell from ${formatRs(previousPrice)} to ${price}.`);
  }
  if (reasons.includes('sale') && now.sale) lines.push(`${now.sale.store} has it on sale: ${now.sale.percent}% off.`);
  if (reasons.includes('back')) lines.push(`It is back in stock${price ? `, from ${price}` : ''}.`);
  return lines;
}

/**
 * The mail about one saved item. Every alert mail says why it came, links the setting that stops them, and
 * carries a one-click unsubscribe link both in the text and in the RFC 8058 headers that mail apps show as a button.
 */
export function wishlistAlertMail(input: AlertMailInput): Omit<OutgoingMail, 'to' | 'dedupeKey'> {
  const subject = subjectOf(input);
  const lines = linesOf(input);
  const text = [
    `Hello ${input.customerName},`,
    '',
    `Good news about ${input.itemName}, which you saved to your wishlist:`,
    ...lines.map((l) => `- ${l}`),
    '',
    `See every offer: ${input.itemUrl}`,
    '',
    'You get this mail because wishlist alerts are on. At most one mail per product a day.',
    `Turn them off in your account: ${input.settingsUrl}`,
    `Unsubscribe with one click: ${input.unsubscribeUrl}`,
    '',
    'PriceHub',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1b1e;line-height:1.5">
<p>Hello ${escapeHtml(input.customerName)},</p>
<p>Good news about <strong>${escapeHtml(input.itemName)}</strong>, which you saved to your wishlist:</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>
<p><a href="${escapeHtml(input.itemUrl)}">See every offer</a></p>
<p style="font-size:13px;color:#555">You get this mail because wishlist alerts are on (at most one mail per product a day).
<a href="${escapeHtml(input.settingsUrl)}">Turn them off in your account</a> or
<a href="${escapeHtml(input.unsubscribeUrl)}">unsubscribe with one click</a>.</p>
</body></html>`;
  return {
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
