/** Errors a service throws to end a request with a 4xx; the error handler turns them into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, 'VALIDATION', message, fields);
export const unauthorized = (message: string) => new HttpError(401, 'UNAUTHORIZED', message);
export const forbidden = (message: string) => new HttpError(403, 'FORBIDDEN', message);
export const notFound = (message: string) => new HttpError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>, details?: unknown) =>
  new HttpError(409, 'CONFLICT', message, fields, details);
export const tooMany = (message: string) => new HttpError(429, 'RATE_LIMITED', message);
