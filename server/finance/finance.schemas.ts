import { Type } from '@sinclair/typebox';
import {
  Answers,
  BlankableId,
  Fields,
  FileAnswer,
  HandlerText,
  IdParam,
  ListQuery,
  LongText,
  OptionalBody,
  Page,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';
import { XLSX_TYPE } from '../statistics/xlsx';

/**
 * What the bank, reconciliation, unattributed-funds and settlement-sheet routes accept and answer (server/README.md,
 * "Route schemas"). The schemas bound types, characters and lengths; the handlers keep the finance rules and the
 * spec's messages (请选择对账日期, 只能对已结束的日期对账, 请输入6位数字密码, 请选择结算月份, 请填写退回原因…), so a
 * field a handler judges stays optional and blank is let through to it.
 */
const word = HandlerText;
const edition = (title = '平台版本') => word(title, 8);
const money = 'number' as const;

// --- Bank accounts and balances -----------------------------------------------------------------------------------

const subAccount = {
  accountNumber: 'string',
  companyId: 'integer',
  platformMark: 'integer',
  accountName: 'string',
  status: 'integer',
  openTime: 'string',
} as const;

export const balanceSchema = {
  summary: '银行账户余额与账本余额（收款账户或某企业的子账户）',
  querystring: Query({ bacc: word('账号', 64) }),
  response: Answers(
    Fields({
      ...subAccount,
      bankBalance: money,
      ledgerBalance: money,
      collectionBalance: money,
      difference: money,
    }),
  ),
};
export const syncBalanceSchema = {
  summary: '同步各子账户的银行余额并与账本比对',
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Fields({ count: 'integer', differences: 'integer', syncTime: 'string' })),
};
export const accountStatusSchema = {
  summary: '企业子账户的状态',
  params: Params({ id: IdParam('企业编号') }),
  querystring: Query({ platformmark: edition() }),
  response: Answers(
    Fields({
      accountNumber: 'string',
      accountName: 'string',
      status: 'integer',
      statusName: 'string',
      openTime: 'string',
    }),
  ),
};
export const passwordSchema = {
  summary: '设置子账户密码（6位数字）',
  params: Params({
    childAccountNumber: Text({
      title: '子账户账号',
      max: 32,
      pattern: /^\d{6,32}$/,
      message: '子账户账号格式不正确',
    }),
  }),
  querystring: Query({}),
  body: OptionalBody({
    password: Type.Optional(Text({ title: '密码', max: 64, blank: true })),
    repassword: Type.Optional(Text({ title: '确认密码', max: 64, blank: true })),
  }),
  response: Answers(Type.Null()),
};
export const closingSchema = {
  summary: '某版本销户中的子账户',
  params: Params({ id: Text({ title: '平台版本', max: 8 }) }),
  querystring: Query({}),
  response: Answers(Type.Array(Fields({ ...subAccount, companyName: 'string', statusName: 'string' }))),
};
export const informationSchema = {
  summary: '银行信息：收款账户、各版本子账户余额与账本的差额、无法归属资金',
  querystring: Query({}),
  response: Answers(
    Fields({
      channel: 'string',
      platformAccount: Type.Optional(
        Fields({
          accountName: 'string',
          accountNumber: 'string',
          bankName: 'string',
          branchName: 'string',
          bankCode: 'string',
        }),
      ),
      collectionBalance: money,
      editions: Type.Optional(
        Type.Array(
          Fields({
            platformMark: 'integer',
            subAccountCount: 'integer',
            closingCount: 'integer',
            bankBalance: money,
            syncedLedgerBalance: money,
            difference: money,
            ledgerBalance: money,
          }),
        ),
      ),
      unattributedCount: 'integer',
      unattributedAmount: money,
      lastSyncTime: 'string',
    }),
  ),
};
export const companyOptionsSchema = {
  summary: '财务页面的企业选择（按名称，某版本，最多 20 条）',
  querystring: Query({ name: word('企业名称', 200), platformmark: edition() }),
  response: Answers(Type.Array(Fields({ id: 'integer', name: 'string' }))),
};

// --- Reconciliation and unattributed funds ------------------------------------------------------------------------

export const reconcileSchema = {
  summary: '按日资金对账（已结束的日期）',
  querystring: Query({}),
  body: OptionalBody({ day: word('对账日期', 16) }),
  response: Answers(
    Fields({
      runId: 'integer',
      day: 'string',
      status: 'integer',
      matched: 'integer',
      bankOnly: 'integer',
      ledgerOnly: 'integer',
      differs: 'integer',
    }),
  ),
};
export const itemsSchema = {
  summary: '某日的对账明细（q=result:对账结果,source:来源 bank 或打款通道名）',
  querystring: ListQuery({ day: word('对账日期', 16) }),
  response: Answers(
    Page(
      Fields({
        id: 'integer',
        source: 'string',
        result: 'integer',
        direction: 'integer',
        reference: 'string',
        companyName: 'string',
        platformMark: 'integer',
        bankAmount: money,
        ledgerAmount: money,
        note: 'string',
      }),
    ),
  ),
};
const fundParams = Params({ id: IdParam('资金编号') });
export const attributeSchema = {
  summary: '无法归属资金归属到企业（记入其账户余额）',
  params: fundParams,
  querystring: Query({}),
  body: OptionalBody({
    companyId: BlankableId('企业编号'),
    platformmark: edition(),
    remark: Type.Optional(LongText({ title: '备注', max: 2000, blank: true })),
  }),
  response: Answers(Fields({ balance: money, companyName: 'string' })),
};
export const returnSchema = {
  summary: '无法归属资金退回付款人',
  params: fundParams,
  querystring: Query({}),
  body: OptionalBody({ reason: Type.Optional(LongText({ title: '退回原因', max: 2000, blank: true })) }),
  response: Answers(Fields({ returnSerial: 'string' })),
};

// --- Settlement sheets (结算单) -------------------------------------------------------------------------------------

const sheetParams = Params({ id: IdParam('结算单编号') });
export const generateSheetsSchema = {
  summary: '生成某月的结算单（一家企业或该版本的全部企业）',
  querystring: Query({}),
  body: OptionalBody({ month: word('结算月份', 16), platformmark: edition(), companyId: BlankableId('企业编号') }),
  response: Answers(
    Fields({
      created: 'integer',
      updated: 'integer',
      unchanged: 'integer',
      confirmed: 'integer',
      sheetIds: Type.Optional(Type.Array(Type.Integer())),
    }),
  ),
};
export const confirmSheetSchema = {
  summary: '确认结算单（账本未变动时）',
  params: sheetParams,
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Type.Null()),
};
export const correctSheetSchema = {
  summary: '更正已确认的结算单（按账本生成更正单）',
  params: sheetParams,
  querystring: Query({}),
  body: OptionalBody({ reason: Type.Optional(LongText({ title: '更正原因', max: 2000, blank: true })) }),
  response: Answers(Fields({ id: 'integer', sheetNo: 'string' })),
};
export const sheetPdfSchema = {
  summary: '下载结算单 PDF',
  params: sheetParams,
  querystring: Query({}),
  response: FileAnswer(['application/pdf'], '结算单 PDF'),
};
export const sheetXlsxSchema = {
  summary: '下载结算单 xlsx',
  params: sheetParams,
  querystring: Query({}),
  response: FileAnswer([XLSX_TYPE], '结算单 xlsx 表格'),
};
