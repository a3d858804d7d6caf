import type { RateLimit } from '../../http/rate-limit';

/**
 * The auth throttles (docs/security.md). Per-address ceilings are higher than per-account ones: many shoppers can
 * share one address (mobile networks, offices), while one account or mailbox is one person.
 */
export const LOGIN_LIMIT: RateLimit = { name: 'login', windowSeconds: 60, perAccount: 10, perAddress: 30 };
/** Each request may mail the owner of the address, so the per-email ceiling is what stops mail-bombing. */
export const REGISTRATION_LIMIT: RateLimit = {
  name: 'register',
  windowSeconds: 3600,
  perAccount: 3,
  perAddress: 60,
};
export const PASSWORD_RESET_LIMIT: RateLimit = {
  name: 'password-reset',
  windowSeconds: 3600,
  perAccount: 3,
  perAddress: 20,
};
