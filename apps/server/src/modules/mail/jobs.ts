import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';
import { flushOutbox } from './outbox';

export function mailJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'mail:flush',
      intervalSeconds: 5,
      run: async () => {
        // Drain in batches so a backlog after downtime clears in one run.
        while ((await flushOutbox(ctx.db, ctx.mail, ctx.config.mailFrom)).sent > 0);
      },
    },
  ];
}
