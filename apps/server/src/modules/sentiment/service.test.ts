import { describe, expect, it } from 'vitest';
import { scoreText, summarize, summarizeTexts } from './service';

describe('sentiment', () => {
  it('scores texts with AFINN: positive, negative and neutral', () => {
    expect(scoreText('Excellent phone, I love it')).toBeGreaterThan(0);
    expect(scoreText('Terrible battery, awful camera')).toBeLessThan(0);
    expect(scoreText('It is a phone')).toBe(0);
  });

  it('sums scores and counts positive and negative texts, ignoring neutral ones', () => {
    expect(summarize([3, -2, 0, 5])).toEqual({ score: 6, positive: 2, negative: 1 });
    expect(summarize([])).toEqual({ score: 0, positive: 0, negative: 0 });
    expect(summarizeTexts(['good', 'bad'])).toMatchObject({ positive: 1, negative: 1 });
  });
});
