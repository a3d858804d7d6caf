import { createHash, randomBytes } from 'node:crypto';

/** A random token for a cookie or a link; only its SHA-256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
