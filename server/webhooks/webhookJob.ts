import { Cron } from 'croner';
import type { Db } from '../db/database';
import { runScheduledTick } from '../system/jobLock';
import type { JobDefinition } from '../system/scheduledJobs';
import { type DeliveryOptions, runDeliveries } from './delivery';

/**
 * The `webhooks` job (定时任务 消息推送): every 10 seconds one process of one host (the claimed tick and the job's
 * lock, system/jobLock.ts) sends the deliveries that are due. Off where payouts do not run in the background
 * (PAYOUT_AUTO=0: tests call runDeliveries with their own clock).
 */
const EVERY_10_SECONDS = '*/10 * * * * *';

const pass = async (db: Db, options: DeliveryOptions) => {
  const summary = await runDeliveries(db, options);
  return `推送成功 ${summary.delivered} 条，失败 ${summary.failed} 条`;
};

export function webhookJob(db: Db, options: DeliveryOptions, enabled: boolean): JobDefinition {
  return {
    name: 'webhooks',
    timing: enabled ? { cron: EVERY_10_SECONDS } : { off: 'PAYOUT_AUTO=0' },
    run: () => pass(db, options),
  };
}

export function scheduleWebhooks(db: Db, options: DeliveryOptions, onError: (error: unknown) => void): Cron {
  return new Cron(EVERY_10_SECONDS, { timezone: 'Asia/Shanghai', protect: true, unref: true }, () => {
    runScheduledTick(db, 'webhooks', () => pass(db, options)).catch(onError);
  });
}
