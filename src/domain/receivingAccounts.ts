import type { PlatformMark } from './editions';

/** The platform's bank account a merchant transfers a top-up to, per edition (GET /api/v1/bankaccounts/receiving). */
export interface ReceivingAccount {
  accountName: string;
  bankName: string;
  accountNumber: string;
}

export const RECEIVING_ACCOUNTS: Readonly<Record<PlatformMark, ReceivingAccount>> = {
  1: {
    accountName: '灵工结算（上海）信息技术有限公司',
    bankName: '招商银行上海分行营业部',
    accountNumber: '121909876510801',
  },
  3: {
    accountName: '灵工结算（杭州）企业服务有限公司',
    bankName: '中国工商银行杭州高新技术开发区支行',
    accountNumber: '1202021109900345678',
  },
};
