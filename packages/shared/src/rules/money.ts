/** Money is integer paisa (1 rupee = 100 paisa) everywhere; these are the only conversions. */
export const PAISA_PER_RUPEE = 100;
export const SHIPPING_FEE = 50 * PAISA_PER_RUPEE;
export const PRICE_FILTER_STEP = 5000 * PAISA_PER_RUPEE;

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
