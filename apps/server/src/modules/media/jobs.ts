import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/scheduler';
import { sweepUploads } from './sweep';

/** Every hour: unreferenced uploads live at most about two hours. */
export function mediaJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'media:sweep-uploads',
      intervalSeconds: 3600,
      run: async () => {
        await sweepUploads(ctx);
      },
    },
  ];
}
