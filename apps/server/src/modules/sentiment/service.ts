import Sentiment from 'sentiment';
import type { SentimentScore } from '@pricehub/shared/rules/rating';

// One analyser for the process: it only holds the AFINN word list, so sharing it is safe.
const analyser = new Sentiment();

/** AFINN score of one text: above 0 reads positive, below 0 negative. */
export function scoreText(text: string): number {
  return analyser.analyze(text).score;
}

/** The spec's score object: the summed score plus how many texts read positive and negative. */
export function summarize(scores: number[]): SentimentScore {
  let score = 0;
  let positive = 0;
  let negative = 0;
  for (const s of scores) {
    score += s;
    if (s > 0) positive += 1;
    else if (s < 0) negative += 1;
  }
  return { score, positive, negative };
}

export function summarizeTexts(texts: string[]): SentimentScore {
  return summarize(texts.map(scoreText));
}
