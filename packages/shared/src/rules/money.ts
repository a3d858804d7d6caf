/** Money is integer paisa (1 rupee = 100 paisa) everywhere; these are the only conversions. */
export const PAISA_PER_RUPEE = 100;
export const SHIPPING_FEE = 50 * PAISA_PER_RUPEE;
export const PRICE_FILTER_STEP = 5000 * PAISA_PER_RUPEE;

/**
 * The highest price anything may carry (a listing, another store's offer, a price filter, an alert target): Rs
 * 10,000,000. Money columns are 32-bit integers of paisa (at most Rs 21,474,836.47), so values above the cap are
 * refused with a 400 before they reach SQL, and SQL that multiplies money (a price by a sale percent) does it in
 * bigint.
 */
export const MAX_PRICE = 10_000_000 * PAISA_PER_RUPEE;
/** An order, and one checkout of several orders, may total twice the price cap: still a 32-bit count of paisa. */
export const MAX_ORDER_TOTAL = 2 * MAX_PRICE;

export const rupeesToPaisa = (rupees: number): number => Math.round(rupees * PAISA_PER_RUPEE);

/**
 * "Rs 1,29,999"-style grouping is Indian; the spec's shop shows plain thousands: "Rs 129,999". Grouped by hand:
 * toLocaleString builds a formatter per call, and the first Intl formatter costs a browser ~13 ms of start-up.
 */
export function formatRs(paisa: number): string {
  const rupees = Math.floor(paisa / PAISA_PER_RUPEE);
  const digits = String(Math.abs(rupees)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `Rs ${rupees < 0 ? '-' : ''}${digits}`;
}

/**
 * The price after a percent discount, in paisa, rounded to whole paisa: the spec's
 * "price − price × percent / 100, rounded to 2 decimals" expressed in minor units.
 */
export function discounted(paisa: number, percent: number): number {
  return Math.round(paisa - (paisa * percent) / 100);
}

/** Unit prices are shown and charged in whole rupees, floored (spec §9). */
export function floorToRupee(paisa: number): number {
  return Math.floor(paisa / PAISA_PER_RUPEE) * PAISA_PER_RUPEE;
}
