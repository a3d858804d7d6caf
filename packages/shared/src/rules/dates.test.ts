import { describe, expect, it } from 'vitest';
import { formatDayMonthYear } from './dates';

describe('formatDayMonthYear', () => {
  it("reads an instant's UTC day as en-GB does, day, short month and year", () => {
    expect(formatDayMonthYear(new Date('2026-12-12T09:19:05.461Z'))).toBe('12 Dec 2026');
    expect(formatDayMonthYear(new Date('2027-01-01T00:00:00.000Z'))).toBe('1 Jan 2027');
    expect(formatDayMonthYear(new Date('2026-03-31T23:59:59.999Z'))).toBe('31 Mar 2026');
  });

  it('agrees with Intl on every month, at both ends of the UTC day', () => {
    const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
    for (let day = Date.UTC(2025, 0, 1); day < Date.UTC(2027, 0, 1); day += 86_400_000 * 3) {
      for (const instant of [new Date(day), new Date(day + 86_399_999)]) {
        // en-GB writes September "Sept" in newer ICU data; the shop writes the three-letter form for every month.
        expect(formatDayMonthYear(instant)).toBe(intl.format(instant).replace('Sept', 'Sep'));
      }
    }
  });
});
