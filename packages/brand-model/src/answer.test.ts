import { describe, expect, it } from 'vitest';
import { CONFIDENT_PROBABILITY, outcomeOf } from './answer';
import { BRAND_CLASSES } from './classes';
import { scorePredictions } from './evaluate';

const dell = BRAND_CLASSES.indexOf('Dell');
const hp = BRAND_CLASSES.indexOf('HP');
const acer = BRAND_CLASSES.indexOf('Acer');
const row = (pairs: [number, number][]) => {
  const out = new Array<number>(BRAND_CLASSES.length).fill(0);
  for (const [c, p] of pairs) out[c] = p;
  return out;
};

describe('what a shopper gets from a photo', () => {
  it('opens a brand from the confidence threshold on, the right one or a wrong one', () => {
    expect(
      outcomeOf(
        row([
          [dell, CONFIDENT_PROBABILITY],
          [hp, 0.4],
        ]),
        dell,
      ),
    ).toBe('opened');
    expect(
      outcomeOf(
        row([
          [dell, 0.9],
          [hp, 0.1],
        ]),
        hp,
      ),
    ).toBe('wrong');
  });

  it('below it, offers the two likeliest, with or without the right one', () => {
    const unsure = row([
      [dell, 0.5],
      [hp, 0.3],
      [acer, 0.2],
    ]);
    expect(outcomeOf(unsure, hp)).toBe('offered');
    expect(outcomeOf(unsure, acer)).toBe('notOffered');
  });

  it('is counted over a set by scorePredictions', () => {
    const probabilities = [
      ...row([[dell, 0.9]]),
      ...row([
        [dell, 0.5],
        [hp, 0.4],
      ]),
      ...row([[hp, 0.7]]),
    ];
    expect(scorePredictions(probabilities, [dell, hp, dell]).outcomes).toEqual({
      opened: 1,
      offered: 1,
      notOffered: 0,
      wrong: 1,
    });
  });
});
