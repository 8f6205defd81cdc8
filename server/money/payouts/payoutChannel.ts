import { passesLuhn } from '../../../src/domain/payees';

export interface PayoutOrder {
  /** The item id: a real channel must use it as its idempotency key, so a retry after a crash pays once. */
  itemId: number;
  name: string;
  idCard: string;
  bankCard: string;
  amount: number;
}

export type PayoutResult = { ok: true } | { ok: false; reason: string };

/** Where payouts go. The default simulates a bank; a real one is plugged in through buildApp. */
export interface PayoutChannel {
  pay(order: PayoutOrder): Promise<PayoutResult>;
}

export const MSG_CARD_REJECTED = '银行卡号校验失败，收款行退回';

/**
 * The simulated bank: deterministic, so tests know the outcome in advance. A card number whose Luhn check digit
 * is wrong is returned by the "receiving bank"; every other order succeeds.
 */
export const simulatedBank: PayoutChannel = {
  async pay(order) {
    return passesLuhn(order.bankCard) ? { ok: true } : { ok: false, reason: MSG_CARD_REJECTED };
  },
};
