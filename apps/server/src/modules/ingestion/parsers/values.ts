/**
 * Loose values as stores write them: prices as numbers or text ("Rs 1,29,999", "PKR 129999.00",
 * "129999.00 PKR"), availability as schema.org URLs or bare words, GTINs with spaces. Currency is in currency.ts.
 */
export function parsePrice(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * 100) : null;
  if (typeof value !== 'string') return null;
  // Thousands separators may be Indian (1,29,999) or Western (129,999); a comma is never a decimal mark here.
  const match = value.replace(/,/g, '').match(/\d+(?:\.\d+)?/);
  if (!match) return null;
  const rupees = Number(match[0]);
  return Number.isFinite(rupees) ? Math.round(rupees * 100) : null;
}

const OUT_OF_STOCK = /(outofstock|out_of_stock|out of stock|soldout|sold out|discontinued|backorder_no|unavailable)/i;

/** In stock unless the store says otherwise; preorder and backorder can still be bought. */
export function parseAvailability(value: unknown): boolean {
  if (typeof value !== 'string' || value.trim() === '') return true;
  const word = value.trim().split('/').pop()!;
  return !OUT_OF_STOCK.test(word);
}

export function normalizeGtin(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const digits = String(value).replace(/\D/g, '');
  if (digits.length < 8 || digits.length > 14) return null;
  return digits.padStart(14, '0');
}

export const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return String(value);
  return '';
};

export function absoluteUrl(value: string, base: string): string {
  if (!value) return '';
  try {
    return new URL(value, base).toString();
  } catch {
    return value;
  }
}
