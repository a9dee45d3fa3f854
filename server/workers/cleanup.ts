/** The daily clean-up (services/cleanup.ts) at 03:30 Oslo time: one job per day however many processes schedule it. */
import type { AppContext } from '../context';
import type { QueueDeclaration } from '../queue';
import { dailyCleanup } from '../services/cleanup';

export const CLEANUP_QUEUE = 'daily-cleanup';

export function cleanupQueues(ctx: AppContext, opts: { pollingIntervalSeconds?: number }): QueueDeclaration[] {
  return [{
    name: CLEANUP_QUEUE,
    options: { policy: 'singleton', retryLimit: 2, expireInSeconds: 3600 },
    cron: '30 3 * * *',
    pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 30,
    async work() {
      const result = await dailyCleanup(ctx);
      ctx.log.info({ result }, 'daily clean-up done');
      return result;
    },
  }];
}
