import { describe, expect, it } from 'vitest';
import { discounted, floorToRupee, formatRs } from './money';

describe('formatRs', () => {
  it('shows whole rupees with thousands separators, dropping paisa', () => {
    expect(formatRs(0)).toBe('Rs 0');
    expect(formatRs(99)).toBe('Rs 0');
    expect(formatRs(5_000)).toBe('Rs 50');
    expect(formatRs(99_999_00)).toBe('Rs 99,999');
    expect(formatRs(129_999_99)).toBe('Rs 129,999');
    expect(formatRs(1_000_000_00)).toBe('Rs 1,000,000');
    expect(formatRs(-250_000_00)).toBe('Rs -250,000');
  });

  it('groups digits as en-US does, for every magnitude', () => {
    const en = new Intl.NumberFormat('en-US');
    for (let rupees = 1; rupees < 1e13; rupees = rupees * 7 + 3) {
      expect(formatRs(rupees * 100)).toBe(`Rs ${en.format(rupees)}`);
    }
  });
});

describe('sale arithmetic', () => {
  it('takes a percentage off in whole paisa and floors unit prices to rupees', () => {
    expect(discounted(100_000, 12)).toBe(88_000);
    expect(discounted(99_999, 33)).toBe(66_999);
    expect(floorToRupee(66_999)).toBe(66_900);
  });
});
