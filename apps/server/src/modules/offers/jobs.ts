import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';

export function offersJobs(_ctx: AppContext): JobDefinition[] {
  return [];
}
