import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';

export function checkoutJobs(_ctx: AppContext): JobDefinition[] {
  return [];
}
