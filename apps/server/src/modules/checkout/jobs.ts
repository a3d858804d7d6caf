import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';
import { releaseExpiredPayments } from './payments';

/** Unpaid online orders give their stock back once their 30 minutes are up. */
export function checkoutJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'checkout.release-unpaid',
      intervalSeconds: 60,
      run: async () => {
        await releaseExpiredPayments(ctx);
      },
    },
  ];
}
