import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import { messages } from '@pricehub/shared/messages';
import { HttpError } from './errors';

/**
 * One place turns every failure into `{ error: { code, message, fields? } }`. Validation failures answer with
 * the first field's message (the spec's wording); 5xx details stay in the log, never in the answer.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
          ...(error.details !== undefined ? { details: error.details } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: (v.instancePath || '').split('/').filter(Boolean),
        message: v.message ?? messages.generic.invalidInput,
      }));
      const fields = fieldErrors(issues);
      const first = issues[0]?.message ?? messages.generic.invalidInput;
      return reply.status(400).send({ error: { code: 'VALIDATION', message: first, fields } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: messages.generic.internal } });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type…).
    const code = status === 413 ? 'TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    return reply.status(status).send({ error: { code, message: error.message } });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}` } });
  });
}
