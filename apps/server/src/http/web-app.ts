import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built React app: hashed assets with long cache headers, and index.html for every other
 * non-API path so that client-side routes can be opened and reloaded directly.
 */
export async function registerWebApp(app: FastifyInstance, root: string = webDist): Promise<void> {
  const indexFile = `${root}/index.html`;
  if (!existsSync(indexFile)) {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      const immutable = path.includes('/assets/');
      res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
    },
  });
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No route for GET ${request.url}` } });
    }
    return reply.type('text/html').header('cache-control', 'no-cache').send(indexHtml);
  });
}
