import { Cron } from 'croner';
import { TRIGGER } from '../../src/domain/finance';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import type { BankChannel } from './bank/bankChannel';
import { reconcileDay } from './reconciliation.service';

/**
 * The daily reconciliation (资金对账): every day at RECONCILE_CRON (default 01:30 China time) the previous day is
 * reconciled by itself; RECONCILE_CRON=off turns it off. A run never overlaps the previous one (protect), and
 * running a day again only replaces that day's lines, so a retry or a manual run the same day is harmless. Each
 * run leaves a row in reconciliation_runs, which /fundReconciliation lists.
 */
export const DEFAULT_RECONCILE_CRON = '30 1 * * *';

export function yesterday(now = Date.now()): string {
  return chinaTime(now - 24 * 3600_000).slice(0, 10);
}

export function startReconciliationJob(
  db: Db,
  bank: BankChannel,
  pattern: string,
  onError: (error: unknown) => void,
): Cron | null {
  if (pattern === 'off') return null;
  return new Cron(pattern, { timezone: 'Asia/Shanghai', protect: true }, async () => {
    try {
      await reconcileDay(db, bank, yesterday(), TRIGGER.auto, null);
    } catch (error) {
      onError(error);
    }
  });
}
