/**
 * Every route declares what it answers on success (`schema.response`, zod schemas from packages/shared), so that
 * OpenAPI shows it and the web client can infer its types; a new route without one fails here, by name. Outside
 * production every answer is checked against its schema, and the API tests of each module exercise that check.
 */
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../testing/test-app';
import { registerResponseSchemas } from './response-schemas';

const t = await buildTestApp();

const apiRoutes = t.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const name = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
/** A success (2xx) or a redirect (3xx): what the route sends when it does what it is for. */
const isSuccess = (status: string) => /^[23](\d\d|xx)$/i.test(status);
const declaresSuccess = (r: (typeof apiRoutes)[number]) => Object.keys(r.schema?.response ?? {}).some(isSuccess);

describe('response schemas', () => {
  it('are declared by every API route for its success status', () => {
    expect(apiRoutes.length).toBeGreaterThan(50);
    const undeclared = apiRoutes.filter((r) => !declaresSuccess(r)).map(name);
    expect(undeclared).toEqual([]);
  });

  it('show in OpenAPI, with a body for every success', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    const undescribed: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => isSuccess(status));
        const described = success.some(([, answer]) => !!(answer as { content?: unknown }).content);
        if (!described) undescribed.push(route);
      }
    }
    expect(Object.keys(paths).length).toBeGreaterThan(40);
    expect(undescribed).toEqual([]);
  });

  it('show the one error shape for every operation, in OpenAPI', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, { responses?: Record<string, { content?: Record<string, { schema?: { properties?: object } }> }> }>
    >;
    const without: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const error = operation.responses?.['4XX'] ?? operation.responses?.['4xx'];
        const shape = error?.content?.['application/json']?.schema?.properties;
        if (!shape || !('error' in shape)) without.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(without).toEqual([]);
  });

  it('describe a product as the API sends it, in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const detail = spec.paths['/api/products/{id}'].get.responses;
    const product = detail['200'].content['application/json'].schema;
    expect(product.properties.price.type).toBe('integer');
    expect(product.required).toEqual(expect.arrayContaining(['id', 'name', 'price', 'reviews', 'recommendations']));
    expect(detail['301'].content['application/json'].schema.properties.location.type).toBe('string');
  });
});

describe('the answer check', () => {
  const answer = z.object({ id: z.number().int(), name: z.string(), tags: z.array(z.object({ label: z.string() })) });
  const build = async (check: boolean, body: unknown) => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    registerResponseSchemas(app, { check });
    app.get('/thing', { schema: { response: { 200: answer } } }, async () => body);
    app.get('/text', { schema: { response: { 200: answer } } }, async (_request, reply) =>
      reply.type('application/json').send(JSON.stringify(body)),
    );
    app.get('/created', { schema: { response: { 201: answer } } }, async () => body);
    await app.ready();
    return app;
  };

  it('sends an answer that matches its schema unchanged', async () => {
    const body = { id: 1, name: 'Laptop', tags: [{ label: 'new' }] };
    const app = await build(true, body);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(JSON.stringify(body));
  });

  it('fails an answer the schema rejects, naming the route and the field', async () => {
    const app = await build(true, { id: 1, name: 7, tags: [] });
    for (const url of ['/thing', '/text']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      expect(res.json().message).toContain(`GET ${url} answered 200 outside its response schema`);
      expect(res.json().message).toContain('name');
    }
  });

  it('fails an answer with a field the schema does not describe, instead of dropping it', async () => {
    const app = await build(true, { id: 1, name: 'Laptop', tags: [{ label: 'new', colour: 'red' }] });
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('tags.0.colour');
  });

  it('fails a success the route does not declare', async () => {
    const app = await build(true, { id: 1, name: 'Laptop', tags: [] });
    const res = await app.inject({ method: 'GET', url: '/created' });
    expect(res.statusCode).toBe(500);
    expect(res.json().message).toContain('GET /created answered 200, which its schema does not declare');
  });

  it('is off in production, where the answer goes out as the route made it', async () => {
    const body = { id: 1, name: 'Laptop', tags: [{ label: 'new', colour: 'red' }] };
    const app = await build(false, body);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });
});
