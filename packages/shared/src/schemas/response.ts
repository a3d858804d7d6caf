import { z } from 'zod';

/**
 * Answers shared by many routes. Each route declares its answers in `schema.response`, by status; OpenAPI shows them
 * and the server's tests check every answer against them (apps/server/src/http/response-schemas.ts).
 */

/** A write whose answer is only the spec's wording for the toast ("Product deleted"). */
export const messageAnswer = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof messageAnswer>;

/** 301 to a thing's new path, named in the body too (the server-side renderer reads the API without headers). */
export const movedAnswer = z.object({ location: z.string() });
export type MovedAnswer = z.infer<typeof movedAnswer>;

/**
 * A body that is not JSON, described by its media type: a file download, a page, or a stream of events or lines. The
 * route sends it as bytes, text or a stream, so its type is left open; OpenAPI shows a string of that media type.
 */
export const rawAnswer = (mediaType: string, description: string) => ({
  description,
  content: { [mediaType]: { schema: z.unknown().meta({ type: 'string' }) } },
});

/** A moment as the API writes it: ISO 8601 with its offset (`Date.toISOString()`). */
export const isoTime = z.iso.datetime({ offset: true });
/** A calendar day, `YYYY-MM-DD`. */
export const isoDay = z.iso.date();

/** One page of a longer list, `pageSize` items at most. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
