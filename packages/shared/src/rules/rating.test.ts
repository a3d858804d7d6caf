import { describe, expect, it } from 'vitest';
import { ratingText } from './rating';

describe('rating text (spec §9)', () => {
  it('is Mixed Reviews when positive and negative counts are equal and not zero', () => {
    expect(ratingText({ positive: 1, negative: 1 })).toBe('Mixed Reviews');
    expect(ratingText({ positive: 7, negative: 7 })).toBe('Mixed Reviews');
  });

  it('is Mostly Positive or Mostly Negative when one side has more, by any margin', () => {
    expect(ratingText({ positive: 3, negative: 2 })).toBe('Mostly Positive');
    expect(ratingText({ positive: 1, negative: 0 })).toBe('Mostly Positive');
    expect(ratingText({ positive: 2, negative: 3 })).toBe('Mostly Negative');
    expect(ratingText({ positive: 0, negative: 1 })).toBe('Mostly Negative');
  });

  it('is No Reviews when there are none', () => {
    expect(ratingText({ positive: 0, negative: 0 })).toBe('No Reviews');
  });
});
