import type { SmsSender } from './accounts/sms/smsSender';
import type { TokenService } from './auth/tokens';
import type { ServerConfig } from './config';
import type { Db } from './db/database';
import type { FileStorage } from './files/storage/fileStorage';
import type { PayoutChannel } from './money/payouts/payoutChannel';
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
  /** The payout channel the processor sends to (its calls logged): notifications, receipts, bills, operators. */
  payoutChannel: PayoutChannel;
  /** Stored files: the local disk or the object store (files/storage/). */
  files: FileStorage;
  /** Starts scheduled jobs (system/scheduledJobs.ts). */
  jobs: JobScheduler;
}
