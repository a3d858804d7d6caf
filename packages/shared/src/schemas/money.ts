import { z } from 'zod';
import { MAX_PRICE } from '../rules/money';

/** What the API says about a fraction of a paisa: the amount was sent in the wrong unit (rupees with decimals). */
export const wholePaisaMessage = 'Amounts are whole paisa (1 rupee = 100 paisa), not rupees with decimals';

interface PaisaMessages {
  /** Not a number, zero or below (or below `min`). */
  invalid: string;
  /** Above MAX_PRICE; defaults to `invalid`. */
  tooHigh?: string;
  /** The least amount allowed (default 1 paisa). */
  min?: number;
}

/** The checks every amount takes, on a number read from JSON or from a query string's text. */
const inPaisa = (amount: z.ZodNumber, what: string, { invalid, tooHigh = invalid, min = 1 }: PaisaMessages) =>
  amount
    .int(wholePaisaMessage)
    .min(min, invalid)
    .max(MAX_PRICE, tooHigh)
    .describe(`${what}, in paisa (1 rupee = 100 paisa)`);

/**
 * An amount of money as every API body takes it: integer paisa, up to MAX_PRICE, with messages worded for people
 * (the forms take rupees and convert; see docs/decisions/024). `what` says in OpenAPI what the amount is.
 */
export const paisaAmount = (what: string, messages: PaisaMessages) =>
  inPaisa(z.number({ error: messages.invalid }), what, messages);

/** The same amount in a query string ("?minPrice=5000000"), where every value arrives as text. */
export const paisaQueryAmount = (what: string, messages: PaisaMessages) =>
  inPaisa(z.coerce.number({ error: messages.invalid }), what, messages);
