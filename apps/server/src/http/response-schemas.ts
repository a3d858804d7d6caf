import { isDeepStrictEqual } from 'node:util';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiError } from '@pricehub/shared/schemas/error';

/**
 * Every route declares what it answers (`schema.response`, zod schemas from packages/shared): OpenAPI shows them and
 * the web client infers its types from them. Answers are written with plain JSON.stringify: checking each one against
 * its schema costs the hot read paths time (decision 018), so outside production `check` compares what was actually
 * sent with the schema instead. An answer the schema rejects, or a field it does not describe (which zod would
 * quietly strip), fails the request with a 500 naming the route and the field, so the API tests catch any drift.
 */
export function registerResponseSchemas(app: FastifyInstance, { check }: { check: boolean }): void {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // Every error is `{ error: { code, message, fields?, details? } }` (error-handler.ts): the 4xx are declared once for
  // all routes, so OpenAPI shows them and the check below holds them to it too. (A 5xx says only that the server
  // failed; declaring it would send Fastify's own errors through JSON.stringify as `{}`.)
  app.addHook('onRoute', (route) => {
    const schema = route.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
    if (!schema?.response || schema.hide) return;
    schema.response = { ...schema.response, '4xx': schema.response['4xx'] ?? apiError };
  });
  if (check) app.addHook('onSend', checkAnswer);
}

async function checkAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const type = String(reply.getHeader('content-type') ?? '');
  const responses = request.routeOptions.schema?.response;
  // A 5xx is the error handler's own answer (and this check's failures are 5xx): nothing of the route's to check.
  if (typeof payload !== 'string' || !type.includes('json') || !responses || reply.statusCode >= 500) return payload;
  const route = `${request.method} ${request.routeOptions.url} answered ${reply.statusCode}`;
  const declared = declaredFor(responses, reply.statusCode);
  // Every success must be declared; errors are declared for every route (above).
  if (declared === undefined && reply.statusCode < 400) throw new Error(`${route}, which its schema does not declare`);
  const schema = jsonSchemaOf(declared);
  if (!schema) return payload;
  const sent: unknown = JSON.parse(payload);
  const result = schema.safeParse(sent);
  if (!result.success) throw new Error(`${route} outside its response schema:\n${z.prettifyError(result.error)}`);
  const undescribed = firstDifference(sent, result.data, '');
  if (undescribed !== null) throw new Error(`${route} with ${undescribed || 'a body'} its response schema drops`);
  return payload;
}

/** What a route declares for a status: its exact code, its class (`2xx`) or `default`. */
function declaredFor(responses: unknown, status: number): unknown {
  const byStatus = responses as Record<string, unknown>;
  return byStatus[status] ?? byStatus[`${Math.floor(status / 100)}xx`] ?? byStatus.default;
}

/** The zod schema of a declared JSON answer (none for a body declared by another media type). */
function jsonSchemaOf(declared: unknown): z.ZodType | undefined {
  if (declared instanceof z.ZodType) return declared;
  const content = (declared as { content?: Record<string, { schema?: unknown }> } | undefined)?.content;
  const json = content?.['application/json']?.schema;
  return json instanceof z.ZodType ? json : undefined;
}

/** The path of the first value in `sent` that `parsed` lacks or changed, or null when they are equal. */
function firstDifference(sent: unknown, parsed: unknown, path: string): string | null {
  if (isDeepStrictEqual(sent, parsed)) return null;
  if (sent && parsed && typeof sent === 'object' && typeof parsed === 'object') {
    for (const key of Object.keys(sent)) {
      const inner = firstDifference(
        (sent as Record<string, unknown>)[key],
        (parsed as Record<string, unknown>)[key],
        path ? `${path}.${key}` : key,
      );
      if (inner !== null) return inner;
    }
  }
  return path;
}

/** What JSON.stringify makes of a value: dates become ISO strings. */
export type Sent<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Sent<U>[]
    : T extends object
      ? { [K in keyof T]: Sent<T[K]> }
      : T;

/**
 * A service's answer as the route sends it (dates as ISO strings, which the response schema says): the serializer is
 * JSON.stringify, so only the type changes.
 */
export const asSent = <T>(value: T) => value as Sent<T>;
