import type { ParsedItem } from './types';

/** Every price is stored and shown as Rs: an item priced in anything else cannot be compared and is not imported. */
export const HOME_CURRENCY = 'PKR';

// Only real ISO 4217 codes count when read out of price text, so a word such as "MRP" in "MRP 1,999" is no currency.
const ISO_CODES = new Set(Intl.supportedValuesOf('currency'));
// The symbols that unmistakably name a currency other than the rupee; "Rs" and "₨" are the rupee, left as PKR.
const SYMBOLS: [RegExp, string][] = [
  [/\$/, 'USD'],
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/₹/, 'INR'],
];

function currencyInText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  // Letters on neither side, not \b: "USD649" names a currency as much as "USD 649" does.
  for (const [, word] of value.matchAll(/(?<![A-Za-z])([A-Za-z]{3})(?![A-Za-z])/g)) {
    const code = word!.toUpperCase();
    if (ISO_CODES.has(code)) return code;
  }
  return SYMBOLS.find(([symbol]) => symbol.test(value))?.[1] ?? null;
}

/**
 * The currency a store states, from a currency field or else from the price text ("649.00 USD", "$649"); null
 * when it states none.
 */
export function statedCurrency(field: unknown, priceText?: unknown): string | null {
  // A field that says "USD" is taken as written even if it is no ISO code: anything but PKR must be refused.
  if (typeof field === 'string' && /^[A-Za-z]{3}$/.test(field.trim())) return field.trim().toUpperCase();
  return currencyInText(field) ?? currencyInText(priceText);
}

/** Stores that state no currency are Pakistani stores pricing in rupees. */
export const parseCurrency = (field: unknown, priceText?: unknown): string =>
  statedCurrency(field, priceText) ?? HOME_CURRENCY;

/**
 * The one rule every format applies: why an item is refused for its currency, or null when it is in rupees.
 * Shown in the ingest report's failures, so a store's whole USD feed is visibly not imported rather than lost.
 */
export function currencyRefusal(item: Pick<ParsedItem, 'currency'>): string | null {
  return item.currency === HOME_CURRENCY ? null : `price in ${item.currency}, not ${HOME_CURRENCY}: not imported`;
}
