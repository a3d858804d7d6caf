import { lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { passwordResets } from '../../db/schema';
import { purgeOldRateLimits } from '../../http/rate-limit';
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
        await purgeOldRateLimits(ctx.db, ctx.now());
      },
    },
  ];
}
