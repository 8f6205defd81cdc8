import { Type } from '@sinclair/typebox';
import {
  Answers,
  Fields,
  FileAnswer,
  HandlerText,
  IdParams,
  ListQuery,
  OptionalBody,
  Page,
  Query,
  Row,
  Text,
} from '../http/schemas/formats';

/**
 * What the money routes accept and answer (server/README.md, "Route schemas"). The schemas bound types, characters
 * and lengths; the handlers keep the money rules and the spec's messages (whole fen, the payment password, the
 * draft's state), which they report by field.
 */
const word = HandlerText;
const edition = { platformmark: word('平台版本', 8) };
const money = 'number' as const;

const batch = Fields({
  id: 'integer',
  batchNo: 'string',
  companyId: 'integer',
  companyName: 'string',
  platformMark: 'integer',
  itemCount: 'integer',
  totalAmount: money,
  serviceCharge: money,
  status: 'integer',
  createTime: 'string',
});
const batchItem = Fields({
  id: 'integer',
  rowNo: 'integer',
  name: 'string',
  idCard: 'string',
  bankCard: 'string',
  amount: money,
  status: 'integer',
  failReason: 'string',
  channel: 'string',
  channelOrderId: 'string',
  sendTime: 'string',
  finishTime: 'string',
  holdReason: 'string',
  returnReason: 'string',
  returnTime: 'string',
  hasReceipt: 'boolean',
});
const payeeTotal = Fields({
  id: 'string',
  name: 'string',
  idCard: 'string',
  paymentCount: 'integer',
  totalAmount: money,
  companyCount: 'integer',
  lastTime: 'string',
});
const abnormalFund = Fields({
  id: 'integer',
  companyId: 'integer',
  companyName: 'string',
  platformMark: 'integer',
  name: 'string',
  amount: money,
  status: 'integer',
  createTime: 'string',
});
const recharge = Fields({
  id: 'integer',
  companyId: 'integer',
  companyName: 'string',
  platformMark: 'integer',
  amount: money,
  payerName: 'string',
  payerAccount: 'string',
  bankSerial: 'string',
  voucherUrl: 'string',
  remark: 'string',
  status: 'integer',
  rejectReason: 'string',
  handlerName: 'string',
  createTime: 'string',
  handleTime: 'string',
});
const ledgerEntry = Fields({
  id: 'integer',
  companyId: 'integer',
  companyName: 'string',
  kind: 'integer',
  amount: money,
  balanceAfter: money,
  createTime: 'string',
});
const preview = Fields({
  draftId: 'integer',
  fileName: 'string',
  itemCount: 'integer',
  totalAmount: money,
  serviceCharge: money,
  total: money,
  balance: money,
  balanceAfter: money,
  shortfall: money,
  rate: 'number',
  expireTime: 'string',
  rows: Type.Array(Fields({ rowNo: 'integer', name: 'string', amount: money, serviceCharge: money })),
  warnings: Type.Array(Fields({ rowNo: 'integer', field: 'string', message: 'string' })),
});

const list = (summary: string, row: ReturnType<typeof Fields>, extra = {}) => ({
  summary,
  querystring: ListQuery(extra),
  response: Answers(Page(row)),
});
const idParams = IdParams;

// --- Payout records ---------------------------------------------------------------------------------------------

export const batchSearchSchema = list('打款批次列表', batch, edition);
export const batchSchema = {
  summary: '打款批次详情',
  params: idParams('批次编号'),
  querystring: Query({}),
  response: Answers(batch),
};
export const batchItemsSchema = { ...list('打款批次的明细', batchItem), params: idParams('批次编号') };
export const itemReceiptSchema = {
  summary: '下载打款明细的电子回单（PDF）',
  params: idParams('明细编号'),
  querystring: Query({}),
  response: FileAnswer(['application/pdf'], '电子回单 PDF'),
};
export const payeeTotalsSchema = list('个人收款汇总列表', payeeTotal, edition);

// --- Batch payouts (/remit) ---------------------------------------------------------------------------------------

export const templateSchema = {
  summary: '下载批量打款模板',
  querystring: Query({ format: word('模板格式', 8) }),
  response: FileAnswer(
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    '批量打款模板（xlsx 或 csv）',
  ),
};
export const validateSchema = {
  summary: '上传批量打款文件并校验（multipart，字段 file）',
  querystring: Query({}),
  body: Type.Unsafe({ description: 'multipart/form-data，字段 file：.xlsx 或 .csv 文件' }),
  consumes: ['multipart/form-data'],
  response: Answers(preview),
};
export const draftSchema = {
  summary: '再次打开未提交的打款草稿（任务结算生成的草稿）',
  params: idParams('上传记录编号'),
  querystring: Query({}),
  response: Answers(preview),
};
export const submitSchema = {
  summary: '提交批量打款（支付密码）',
  querystring: Query({}),
  body: OptionalBody({
    draftId: Type.Optional(Text({ title: '上传记录编号', max: 20, numbers: true, blank: true })),
    payPassword: Type.Optional(Text({ title: '支付密码', max: 64, numbers: true, blank: true })),
    acceptWarnings: Type.Optional(Type.Unknown({ description: '已确认提示（true）' })),
    confirmRisk: Type.Optional(Type.Unknown({ description: '已确认风险（true）' })),
  }),
  response: Answers(Fields({ ...batchFields(), total: money, balanceAfter: money, duplicate: 'boolean' })),
};

function batchFields() {
  return {
    id: 'integer',
    batchNo: 'string',
    itemCount: 'integer',
    totalAmount: money,
    serviceCharge: money,
    status: 'integer',
  } as const;
}

// --- Abnormal and returned funds ----------------------------------------------------------------------------------

export const abnormalSearchSchema = list('异常资金列表', abnormalFund);
export const keepSchema = {
  summary: '异常资金留存余额',
  params: idParams('异常资金编号'),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(abnormalFund),
};
export const repaySchema = {
  summary: '异常资金重新打款（新银行卡、支付密码）',
  params: idParams('异常资金编号'),
  querystring: Query({}),
  body: OptionalBody({
    bankCard: Type.Optional(Text({ title: '银行卡号', max: 64, numbers: true, blank: true })),
    payPassword: Type.Optional(Text({ title: '支付密码', max: 64, numbers: true, blank: true })),
  }),
  response: Answers(Fields({ ...batchFields(), abnormalFund: Type.Union([abnormalFund, Type.Null()]) })),
};
export const returnedSearchSchema = list(
  '退回资金列表',
  Fields({ id: 'integer', companyName: 'string', name: 'string', amount: money, handleStatus: 'integer' }),
);

// --- Balances, ledger, top-ups --------------------------------------------------------------------------------------

export const balanceSchema = {
  summary: '账户余额',
  querystring: Query({ coid: word('公司编号', 20), ...edition }),
  response: Answers(Fields({ balance: money, companyId: 'integer', platformMark: 'integer' })),
};
export const receivingSchema = {
  summary: '充值收款账户（平台收款账户）',
  querystring: Query(edition),
  response: Answers(Fields({ accountName: 'string', bankName: 'string', accountNumber: 'string' })),
};
export const ledgerSearchSchema = list('资金流水列表', ledgerEntry, edition);

export const rechargeCreateSchema = {
  summary: '提交充值申请',
  querystring: Query({}),
  body: OptionalBody({
    amount: Type.Optional(
      Text({ title: '充值金额', max: 32, numbers: true, blank: true, description: '金额，单位为万分之一元（整分）' }),
    ),
    payerName: word('付款户名', 256),
    payerAccount: word('付款账号', 128),
    bankSerial: word('银行流水号', 128),
    voucherUrl: word('转账凭证', 1000),
    remark: Type.Optional(Text({ title: '备注', max: 2000, multiline: true, numbers: true, blank: true })),
  }),
  response: Answers(recharge),
};
export const rechargeSearchSchema = list('充值记录列表', recharge, edition);
export const rechargeSchema = {
  summary: '充值记录详情',
  params: idParams('充值编号'),
  querystring: Query({}),
  response: Answers(recharge),
};
export const rechargeConfirmSchema = {
  summary: '确认充值到账',
  params: idParams('充值编号'),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(recharge),
};
export const rechargeRejectSchema = {
  summary: '驳回充值申请',
  params: idParams('充值编号'),
  querystring: Query({}),
  body: OptionalBody({
    reason: Type.Optional(Text({ title: '驳回原因', max: 2000, multiline: true, numbers: true, blank: true })),
  }),
  response: Answers(recharge),
};

export const waitingDraftsSchema = {
  summary: '待提交的打款草稿（上传与任务结算生成的），含过期时间',
  querystring: Query({}),
  response: Answers(Type.Array(Row({}))),
};
