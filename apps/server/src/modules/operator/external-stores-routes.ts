import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { messageAnswer, rawAnswer } from '@pricehub/shared/schemas/response';
import { fieldErrors } from '@pricehub/shared/schemas/error';
import {
  createExternalStoreInput,
  EXTERNAL_UPLOAD_MAX_BYTES,
  externalRunParams,
  externalStore as storeAnswer,
  externalStoreCreated,
  externalStoreList,
  externalStoreMessages as m,
  externalStoreParams,
  externalStoreRun,
  externalStoreRuns,
  externalStoreRunStarted,
  previewSourceInput,
  sourcePreview,
  updateExternalStoreInput,
  uploadExternalStoreFields,
  type ExternalStoreCreated,
  type ExternalStoreList,
  type ExternalStoreRunStarted,
} from '@pricehub/shared/schemas/operator-external-stores';
import type { AppContext } from '../../context';
import { currentUser } from '../../http/access';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { invalidateCatalogCache } from '../../cache/catalogue-cache';
import { executeRun } from '../ingestion/runs';
import { findRun, recentRuns, toRun } from '../offers/runs';
import { streamRunEvents } from './external-store-events';
import { previewSource } from './external-store-preview';
import {
  createExternalStore,
  deleteExternalStore,
  externalStore,
  listExternalStores,
  replaceStoreFile,
  startRefresh,
  updateExternalStore,
  type UploadedFile,
} from './external-stores';

/** Parses a body the route could not declare (it takes JSON or a multipart form) with the shared schema. */
function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = fieldErrors(result.error.issues, 1);
  throw badRequest(result.error.issues[0]?.message ?? m.sourceRequired, fields);
}

/** The form's fields and its one file (`file`), size-limited; the file must be text (a CSV or an XML feed). */
async function readUploadForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, string>; upload: UploadedFile }> {
  const fields: Record<string, string> = {};
  let upload: UploadedFile | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      const bytes = await part.toBuffer();
      if (part.fieldname !== 'file') continue;
      let content: string;
      try {
        content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw badRequest(m.fileNotText, { file: m.fileNotText });
      }
      if (content.includes('\u0000')) throw badRequest(m.fileNotText, { file: m.fileNotText });
      upload = { fileName: (part.filename || 'upload').slice(0, 200), content };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, 'TOO_LARGE', m.fileTooLarge, { file: m.fileTooLarge });
    if (code?.startsWith('FST_')) throw badRequest((error as Error).message);
    throw error;
  }
  if (!upload || upload.content.trim() === '') throw badRequest(m.fileRequired, { file: m.fileRequired });
  return { fields, upload };
}

/** A store's source: JSON naming its address, or a multipart form carrying the file itself beside the other fields. */
async function readSource<J extends z.ZodType, F extends z.ZodObject>(
  request: FastifyRequest,
  json: J,
  form: F,
): Promise<z.infer<J> | (z.infer<F> & { upload: UploadedFile })> {
  if (!request.isMultipart()) return parse(json, request.body);
  const { fields, upload } = await readUploadForm(request);
  return { ...parse(form, fields), upload };
}

/**
 * Other stores (the operator console): list, add by address or uploaded file (with a preview first), change,
 * pause, delete, "Refresh now" with its progress as server-sent events, and the run history. Every change writes
 * an audit row in its own transaction (external-stores.ts).
 */
export const externalStoresRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(multipart, { limits: { fileSize: EXTERNAL_UPLOAD_MAX_BYTES, files: 1, fields: 10 } });
  const tags = ['operator'];
  const config = { access: 'operator' } as const;
  const base = '/operator/external-stores';
  // How often a progress stream reads its run; tests shorten it through the environment.
  const pollMs = Number(process.env.EXTERNAL_RUN_POLL_MS) || 400;

  // Runs go on after their request has been answered; closing the app waits for them, and ends open streams.
  const running = new Set<Promise<unknown>>();
  const streams = new Set<() => void>();
  const runInBackground = (runId: number) => {
    const job = executeRun(ctx, runId).finally(() => {
      running.delete(job);
      // What shoppers see changed: this server's search and home caches start again.
      invalidateCatalogCache();
    });
    running.add(job);
  };
  app.addHook('preClose', async () => {
    for (const close of streams) close();
  });
  app.addHook('onClose', async () => {
    await Promise.allSettled([...running]);
  });
  // A source comes as JSON or as an uploaded file, so the body is parsed in the handler (readSource), not declared.
  const sourceSchema = { tags, consumes: ['application/json', 'multipart/form-data'] };
  const eventsUrl = (storeId: number, runId: number) => `/api${base}/${storeId}/runs/${runId}/events`;

  app.get(
    base,
    { config, schema: { tags, response: { 200: externalStoreList } } },
    async (): Promise<ExternalStoreList> => ({ items: await listExternalStores(ctx.db) }),
  );

  app.post(
    base,
    {
      config,
      schema: {
        ...sourceSchema,
        description:
          'JSON {name, source, format?, intervalHours?}, or a multipart form with `file` (a CSV or feed, at most 5 MB) and name, format?, intervalHours?',
        response: { 201: externalStoreCreated },
      },
    },
    async (request, reply) => {
      const input = await readSource(request, createExternalStoreInput, uploadExternalStoreFields);
      const created = await createExternalStore(ctx, currentUser(request), input);
      runInBackground(created.run.id);
      const body: ExternalStoreCreated = {
        message: m.created(created.store.name),
        ...created,
        events: eventsUrl(created.store.id, created.run.id),
      };
      return reply.status(201).send(body);
    },
  );

  app.post(
    `${base}/preview`,
    {
      config,
      schema: {
        ...sourceSchema,
        description:
          'JSON {source, format?}, or a multipart form with `file`: what it is and its first items; saves nothing',
        response: { 200: sourcePreview },
      },
    },
    async (request) =>
      previewSource(
        ctx,
        await readSource(request, previewSourceInput, uploadExternalStoreFields.pick({ format: true })),
      ),
  );

  app.get(
    `${base}/:id`,
    { config, schema: { tags, params: externalStoreParams, response: { 200: storeAnswer } } },
    async (request) => externalStore(ctx.db, request.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      config,
      schema: { tags, params: externalStoreParams, body: updateExternalStoreInput, response: { 200: storeAnswer } },
    },
    async (request) => updateExternalStore(ctx, currentUser(request), request.params.id, request.body),
  );

  app.delete(
    `${base}/:id`,
    { config, schema: { tags, params: externalStoreParams, response: { 200: messageAnswer } } },
    async (request) => deleteExternalStore(ctx, currentUser(request), request.params.id),
  );

  app.post(
    `${base}/:id/refresh`,
    { config, schema: { tags, params: externalStoreParams, response: { 202: externalStoreRunStarted } } },
    async (request, reply) => {
      const run = await startRefresh(ctx, currentUser(request), request.params.id);
      runInBackground(run.id);
      const body: ExternalStoreRunStarted = { run, events: eventsUrl(request.params.id, run.id) };
      return reply.status(202).send(body);
    },
  );

  app.post(
    `${base}/:id/file`,
    {
      config,
      schema: {
        tags,
        params: externalStoreParams,
        consumes: ['multipart/form-data'],
        description: 'A new file (multipart `file`) for a store added by upload; answers 202 with its run',
        response: { 202: externalStoreRunStarted },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(m.fileRequired, { file: m.fileRequired });
      const { upload } = await readUploadForm(request);
      const run = await replaceStoreFile(ctx, currentUser(request), request.params.id, upload);
      runInBackground(run.id);
      const body: ExternalStoreRunStarted = { run, events: eventsUrl(request.params.id, run.id) };
      return reply.status(202).send(body);
    },
  );

  app.get(
    `${base}/:id/runs`,
    { config, schema: { tags, params: externalStoreParams, response: { 200: externalStoreRuns } } },
    async (request) => {
      await externalStore(ctx.db, request.params.id);
      return { items: await recentRuns(ctx.db, request.params.id) };
    },
  );

  app.get(
    `${base}/:id/runs/:runId`,
    { config, schema: { tags, params: externalRunParams, response: { 200: externalStoreRun } } },
    async (request) => {
      const run = await findRun(ctx.db, request.params.id, request.params.runId);
      if (!run) throw notFound(m.runNotFound);
      return toRun(run);
    },
  );

  app.get(
    `${base}/:id/runs/:runId/events`,
    {
      config,
      schema: {
        tags,
        params: externalRunParams,
        response: { 200: rawAnswer('text/event-stream', 'Server-sent events: progress, then report') },
      },
    },
    async (request, reply) => {
      const run = await findRun(ctx.db, request.params.id, request.params.runId);
      if (!run) throw notFound(m.runNotFound);
      const close = streamRunEvents(ctx, request, reply, request.params.id, run.id, pollMs);
      streams.add(close);
      request.raw.on('close', () => streams.delete(close));
    },
  );
};
