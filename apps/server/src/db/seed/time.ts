const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** `days` (and optionally `hours`) before `now`: every seeded date is relative, so the shop always looks current. */
export const daysAgo = (now: Date, days: number, hours = 0) =>
  new Date(now.getTime() - days * DAY_MS - hours * HOUR_MS);
export const daysAhead = (now: Date, days: number) => new Date(now.getTime() + days * DAY_MS);
export const hoursAfter = (date: Date, hours: number) => new Date(date.getTime() + hours * HOUR_MS);
