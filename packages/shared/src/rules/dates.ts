/**
 * Campaign dates are calendar days. On the wire and in forms they are ISO days ('YYYY-MM-DD'); people see and
 * type MM/DD/YYYY (decisions.md). Stored timestamps are UTC midnights.
 */
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** True for a real calendar day written 'YYYY-MM-DD' (rejects 2026-02-30). */
export function isIsoDay(value: string): boolean {
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** The UTC calendar day of an instant: what the server calls "today". */
export const utcIsoDay = (date: Date): string =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;

/** The browser's local calendar day of an instant: what a person at the keyboard calls "today". */
export const localIsoDay = (date: Date): string =>
  `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** UTC midnight starting the given ISO day. */
export const startOfIsoDay = (isoDay: string): Date => new Date(`${isoDay}T00:00:00.000Z`);

export const addDays = (isoDay: string, days: number): string =>
  utcIsoDay(new Date(startOfIsoDay(isoDay).getTime() + days * DAY_MS));

/** 'YYYY-MM-DD' (or a Date, read in UTC) → 'MM/DD/YYYY'. */
export function formatMdy(value: string | Date): string {
  const iso = typeof value === 'string' ? value.slice(0, 10) : utcIsoDay(value);
  const [y, m, d] = iso.split('-');
  return `${m}/${d}/${y}`;
}

/** 'MM/DD/YYYY' (leading zeros optional) → 'YYYY-MM-DD', or null when it is not a real day. */
export function parseMdy(text: string): string | null {
  const match = MDY.exec(text.trim());
  if (!match) return null;
  const iso = `${match[3]}-${pad(Number(match[1]))}-${pad(Number(match[2]))}`;
  return isIsoDay(iso) ? iso : null;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An instant's UTC calendar day as people read it: '12 Dec 2026'. Written by hand: a browser's first Intl date
 * formatter costs 50-90 ms of main thread (measured in Chromium 156), and a module-level one ran while a page started.
 */
export const formatDayMonthYear = (date: Date): string =>
  `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
