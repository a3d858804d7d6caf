import { describe, expect, it } from 'vitest';
import { offerMessages } from '@pricehub/shared/schemas/offer';
import { buildTestApp } from '../../testing/test-app';

const t = await buildTestApp();
const score = (texts: unknown) => t.app.inject({ method: 'POST', url: '/api/sentiment', payload: { texts } });

describe('POST /api/sentiment', () => {
  it('scores texts with AFINN and answers the rating text', async () => {
    const res = await score(['Excellent phone, I love it', 'Terrible, awful battery', 'Great value']);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ positive: 2, negative: 1, ratingText: 'Mostly Positive' });
    expect(res.json().score).toBeGreaterThan(0);
  });

  it('refuses an empty list, too many texts and over-long texts', async () => {
    for (const texts of [[], Array(201).fill('ok'), ['x'.repeat(5001)], 'not a list']) {
      const res = await score(texts);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(offerMessages.sentimentTexts);
    }
  });
});
