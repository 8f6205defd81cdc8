import type { SmsSender } from './accounts/sms/smsSender';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { PayoutProcessor } from './money/payouts/payoutProcessor';
import type { JobScheduler } from './system/scheduledJobs';

/** What every route plugin receives: the database and the services, built once by buildApp. */
export interface AppServices {
  db: Db;
  tokens: TokenService;
  sms: SmsSender;
  config: ServerConfig;
  /** Pays submitted batch items through the payout channel. */
  payouts: PayoutProcessor;
  /** Starts scheduled jobs in one process of a cluster only (system/scheduledJobs.ts). */
  jobs: JobScheduler;
}
