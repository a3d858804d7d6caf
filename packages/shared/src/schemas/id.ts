import { z } from 'zod';

/** Ids are PostgreSQL `integer`s: a number outside 1..MAX_ID names nothing and must never reach SQL. */
export const MAX_ID = 2_147_483_647;

/** An id from a path, a query or a form, as a number or digits; `message` is what a bad one answers. */
export const idInput = (message?: string) =>
  z.coerce
    .number(message === undefined ? undefined : { error: message })
    .int(message)
    .min(1, message)
    .max(MAX_ID, message);
