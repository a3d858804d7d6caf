import { mkdirSync } from 'node:fs';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messages } from '@pricehub/shared/messages';
import { UPLOAD_MAX_BYTES, uploadedImage, uploadMessages } from '@pricehub/shared/schemas/product';
import type { AppContext } from '../../context';
import { DEMO_IMAGE_PREFIX, demoImageDir } from '../../db/seed/images';
import { currentUser } from '../../http/access';
import { badRequest, HttpError } from '../../http/errors';
import { enforceLimit, type RateLimit } from '../../http/rate-limit';
import { encodeImage, sniffImage, storeImage } from './images';
import { UPLOAD_FILE } from './references';

/** Each upload is decoded and re-encoded twice (sharp): the costliest thing a seller can ask for. */
export const UPLOAD_LIMIT: RateLimit = { name: 'uploads', windowSeconds: 3600, perAccount: 100, perAddress: 200 };

/** File names are unique per upload and never rewritten, so they can be cached for a year. */
const CACHE_FOR_A_YEAR = 'public, max-age=31536000, immutable';

/**
 * POST /api/uploads and the /uploads/ files. This plugin opts out of encapsulation (skip-override) because
 * the files live at /uploads/, outside the /api prefix it is mounted under; the upload route gets its own
 * encapsulated child with the /api prefix, so multipart parsing stays local to it.
 */
const media: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // Uploads come from the storage (disk or S3); the seed's generated demo images are files on this machine.
  app.get('/uploads/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const file = UPLOAD_FILE.test(key) ? await ctx.storage.get(key) : null;
    if (!file) return reply.callNotFound();
    return reply
      .header('content-type', 'image/webp')
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', CACHE_FOR_A_YEAR)
      .send(file.body);
  });

  const demoDir = demoImageDir(ctx.config.dataDir);
  mkdirSync(demoDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: demoDir,
    prefix: DEMO_IMAGE_PREFIX,
    decorateReply: false,
    index: false,
    setHeaders(res, path) {
      res.header('x-content-type-options', 'nosniff');
      if (path.endsWith('.svg')) {
        // An SVG can carry script: forbid everything but its own inline styles, even when opened directly.
        res.header('content-type', 'image/svg+xml');
        res.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      }
      res.header('cache-control', CACHE_FOR_A_YEAR);
    },
  });

  await app.register(
    async (api) => {
      await api.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5 } });
      api.post(
        '/uploads',
        {
          config: { access: 'seller' },
          schema: { tags: ['media'], consumes: ['multipart/form-data'], response: { 201: uploadedImage } },
        },
        async (request, reply) => {
          await enforceLimit(ctx.db, UPLOAD_LIMIT, { account: String(currentUser(request).id), address: request.ip });
          if (!request.isMultipart()) throw badRequest(uploadMessages.missing);
          const file = await request.file();
          if (!file || file.fieldname !== 'file') throw badRequest(uploadMessages.missing);
          let bytes: Buffer;
          try {
            bytes = await file.toBuffer();
          } catch (error) {
            if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
              throw new HttpError(413, 'TOO_LARGE', uploadMessages.tooLarge);
            }
            throw error;
          }
          if (!sniffImage(bytes)) throw badRequest(uploadMessages.badType);
          const image = await encodeImage(bytes).catch(() => {
            // The header looked right but the image does not decode (truncated or crafted).
            throw badRequest(messages.product.uploadFailed);
          });
          return reply.status(201).send(await storeImage(ctx.storage, image));
        },
      );
    },
    { prefix: '/api' },
  );
};

(media as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;

export const mediaRoutes = media;
