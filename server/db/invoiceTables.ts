import type { Generated } from 'kysely';

/** Table of migration 034: the batches of an invoice application, amounts as applied for (1/10000 yuan). */
export interface InvoiceBatchTable {
  id: Generated<number>;
  invoice_id: number;
  batch_id: number;
  success_amount: number;
  success_charge: number;
}
