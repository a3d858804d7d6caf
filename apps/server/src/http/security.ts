import type { IncomingMessage, ServerResponse } from 'node:http';
import { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { LoggerOptions } from 'pino';
import type { Config } from '../config';
import { forbidden } from './errors';

/**
 * Security headers with a Content-Security-Policy the web app runs under: scripts only from us (plus
 * 'wasm-unsafe-eval' for the in-browser brand model), inline styles for Mantine's CSS variables, images from us,
 * data: and blob: (photo previews), and links out to stores only by navigation.
 */
export function securityHeaderOptions(config: Config): HelmetOptions {
  const https = config.publicUrl.startsWith('https://');
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Product images from external stores are shown in <img>; they must not need CORP headers.
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: 15552000, includeSubDomains: true } : false,
  };
}

/** The headers helmet would set, worked out once: they are the same for every response. */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  return headers;
}

export function registerSecurityHeaders(app: FastifyInstance, config: Config): void {
  const headers = securityHeaders(securityHeaderOptions(config));
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}

/**
 * Fastify's trustProxy from TRUST_PROXY. Fastify ignores a bare hop count (it cannot check the peer), so a count
 * becomes "trust the nearest N hops": right only when the server is reachable through the proxy alone.
 */
export function trustProxyOption(
  trust: Config['trustProxy'],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** The origins a browser may send state-changing requests from. */
export function allowedOrigins(config: Config, publicUrlWasSet: boolean): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!publicUrlWasSet) {
    // With the default PUBLIC_URL, both spellings of this machine work.
    origins.add(`http://localhost:${config.port}`);
    origins.add(`http://127.0.0.1:${config.port}`);
  }
  if (config.env === 'development') origins.add('http://localhost:5173');
  return origins;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence in depth beside SameSite=Lax cookies: a browser's state-changing request must come from our own
 * origin. Requests without an Origin header (curl, server-to-server, webhooks) are not browser-driven and pass.
 */
export function registerOriginCheck(app: FastifyInstance, origins: Set<string>): void {
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (!origin || request.routeOptions.config?.access === 'webhook') return;
    if (!origins.has(origin)) throw forbidden('Cross-site request refused');
  });
}

/**
 * A token in a path: a password reset (the API's `/password-reset/…`, the web pages' `/userpassword/reset/…`) or a
 * wishlist-alert unsubscribe link (`/alerts/unsubscribe/…`).
 */
const TOKEN_IN_PATH = /(\/password-reset|password\/reset|alerts\/unsubscribe)\/[^/?#]+/gi;

/** The URL as logged: a reset token is a password for an hour and an unsubscribe token acts for its owner, so each is written as `:token`. */
export const loggableUrl = (url: string) => url.replace(TOKEN_IN_PATH, '$1/:token');

/**
 * One access line per request, written when the answer has gone: method, URL (without tokens), client, status and
 * milliseconds. Fastify's default writes two ("incoming request", then "request completed"), and each line costs the
 * event loop about 30 µs of a cached search's 130-160 (bench/README, "The access log"). A request that never finishes
 * leaves no line.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { req: request, res: { statusCode: reply.statusCode }, responseTime: round1(reply.elapsedTime) };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

const round1 = (ms: number) => Math.round(ms * 10) / 10;

/** The process logger's settings: secrets redacted, request URLs logged without reset tokens. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return {
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', '*.password', '*.token', '*.card'],
    serializers: {
      // Fastify's own request serializer, with the URL cleaned.
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
