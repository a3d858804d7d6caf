import { z } from 'zod';

/** GET /api/health: the process answers. */
export const liveness = z.object({ status: z.literal('ok') });
/** GET /api/ready: the database answers too (503 with the usual error body when it does not). */
export const readiness = z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) });
