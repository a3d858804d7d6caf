import type { AppContext } from '../../../context';
import type { JobDefinition } from '../../../jobs/scheduler';
import { releaseExpiredPayments, type PaymentLog } from './settlement';

/**
 * Jobs have no log of their own: what needs a person's eye (a session that paid another amount, a refund Stripe
 * refused) is collected, and the run fails with it, which the scheduler logs and keeps as the job's last error.
 */
function collectingLog(problems: string[]): PaymentLog {
  const keep = (details: object, message: string) => problems.push(`${message} ${JSON.stringify(details)}`);
  return { error: keep, warn: keep };
}

/** Unpaid online orders give their stock back once their 30 minutes are up. */
export function checkoutJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'checkout.release-unpaid',
      intervalSeconds: 60,
      run: async () => {
        const problems: string[] = [];
        await releaseExpiredPayments(ctx, collectingLog(problems));
        if (problems.length > 0) throw new Error(`checkout.release-unpaid: ${problems.join('; ')}`);
      },
    },
  ];
}
