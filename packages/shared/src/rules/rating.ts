export interface SentimentScore {
  score: number;
  positive: number;
  negative: number;
}

export type RatingText = 'Mostly Positive' | 'Mostly Negative' | 'Mixed Reviews' | 'No Reviews';

/** Spec §9: the rating text compares the positive and negative review counts. */
export function ratingText({ positive, negative }: Pick<SentimentScore, 'positive' | 'negative'>): RatingText {
  if (positive > negative) return 'Mostly Positive';
  if (positive < negative) return 'Mostly Negative';
  if (positive > 0) return 'Mixed Reviews';
  return 'No Reviews';
}
