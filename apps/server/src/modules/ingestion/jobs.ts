import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';
import { refreshDueStores } from './refresh';

/** Every minute: refresh the external stores whose interval has passed, then mail the price drops that fired. */
export function ingestionJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'offers:refresh',
      intervalSeconds: 60,
      run: async () => {
        await refreshDueStores(ctx);
      },
    },
  ];
}
