import { WORKER_COLUMNS, WORKER_MSG } from '../../../src/domain/workers';
import { PAYOUT_LAYOUT, type SheetLayout } from './batchFile';

/**
 * The sheets the parser threads read, by name (a name crosses to the thread, a layout does not): the payout
 * file and the gig worker import (server/workers/workerImport.ts), both under the same caps.
 */
export const SHEET_LAYOUTS = {
  payout: PAYOUT_LAYOUT,
  workers: {
    columns: WORKER_COLUMNS,
    digitFields: new Set(['idCard', 'mobile', 'bankCard']),
    noRows: WORKER_MSG.noRows,
  },
} as const satisfies Record<string, SheetLayout>;

export type SheetLayoutName = keyof typeof SHEET_LAYOUTS;
