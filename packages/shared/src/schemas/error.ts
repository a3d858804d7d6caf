import { z } from 'zod';

/** The one error shape every 4xx and 5xx answer carries. */
export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
    /** What a conflict is about, where the client can act on it (the cart lines short at checkout). */
    details: z.unknown().optional(),
  }),
});
export type ApiError = z.infer<typeof apiError>;

/**
 * The first message of each failing field, keyed by its dotted path: what forms show under inputs.
 * `depth` 1 keys by the top-level field only (a form shows one message under its `productIds` input).
 */
export function fieldErrors(
  issues: readonly { path: PropertyKey[]; message: string }[],
  depth = Infinity,
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.slice(0, depth).map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
