import type { FastifyBaseLogger } from 'fastify';
import { passesLuhn } from '../../../src/domain/payees';
import type { Db } from '../../db/database';
import { withCallLog } from '../../thirdparty/outboundCalls';

export interface PayoutOrder {
  /** The item id: a real channel must use it as its idempotency key, so a retry after a crash pays once. */
  itemId: number;
  name: string;
  idCard: string;
  bankCard: string;
  /** What to pay the worker: the net, after the income tax withheld (docs/tax.md). */
  amount: number;
  /** The worker's gross income of this payment, and the tax withheld from it (for the channel's records). */
  grossAmount?: number;
  taxWithheld?: number;
}

export type PayoutResult = { ok: true } | { ok: false; reason: string };

/** Where payouts go. The default simulates a bank; a real one is plugged in through buildApp. */
export interface PayoutChannel {
  pay(order: PayoutOrder): Promise<PayoutResult>;
  /** The channel's name, part of its calls' path in the call log (payout://<provider>/pay). */
  readonly provider?: string;
}

export const MSG_CARD_REJECTED = '银行卡号校验失败，收款行退回';

/**
 * The simulated bank: deterministic, so tests know the outcome in advance. A card number whose Luhn check digit
 * is wrong is returned by the "receiving bank"; every other order succeeds.
 */
export const simulatedBank: PayoutChannel = {
  provider: 'dev',
  async pay(order) {
    return passesLuhn(order.bankCard) ? { ok: true } : { ok: false, reason: MSG_CARD_REJECTED };
  },
};

/**
 * The channel with each order logged as a call out (/addThirdPartyCall's 平台调用记录, card and ID numbers masked):
 * one row per order, written after the channel answers and outside the transaction recording the outcome. A row
 * that cannot be written is reported to the server log and the payout goes on.
 */
export function loggedPayoutChannel(db: Db, channel: PayoutChannel, log: FastifyBaseLogger): PayoutChannel {
  const service = {
    service: 'payout',
    provider: channel.provider ?? 'custom',
    enterpriseId: null,
    onLogError: (error: unknown) => log.error({ err: error }, '打款调用记录写入失败'),
  };
  return withCallLog(db, channel, service, { pay: ['order'] });
}
