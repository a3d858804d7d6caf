import { lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passwordResets, rateLimits } from '../../db/schema';
import type { JobDefinition } from '../../jobs/scheduler';
import { purgeExpiredSessions } from './session-service';

export function authJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'auth:purge-expired',
      intervalSeconds: 3600,
      run: async () => {
        await purgeExpiredSessions(ctx.db, ctx.now());
        await ctx.db.delete(passwordResets).where(lt(passwordResets.expiresAt, ctx.now()));
        await ctx.db.delete(rateLimits).where(lt(rateLimits.windowStart, sql`now() - interval '1 day'`));
      },
    },
  ];
}
