import { Type } from '@sinclair/typebox';
import { OPEN_TAG } from './openApiDoc';

/**
 * What the /open/v1 routes accept and answer. Every operation carries the 开放接口 tag and the signature scheme as its
 * security (openApiDoc.ts), which is what the typed client (clients/open-api/) is generated from.
 */
const Money = (description: string) => Type.Integer({ description: `${description}（万分之一元）` });
const Envelope = <T extends ReturnType<typeof Type.Object> | ReturnType<typeof Type.Array>>(content: T) => ({
  200: Type.Object({ code: Type.Integer(), message: Type.String(), content }),
});
const Id = (description: string) =>
  Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description }) }, { additionalProperties: false });
const base = { tags: [OPEN_TAG], security: [{ openApiSignature: [] }] };
const Nothing = Type.Object({}, { additionalProperties: false });

/**
 * Rows one call may carry. Open routes take no token, so their bodies have the public routes' 64 KB limit
 * (http/bodyLimits.ts), read before the signature is checked; a row is about 200 bytes, so 200 rows fit with room.
 */
const OPEN_ROWS_MAX = 200;

const WorkerRow = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: '姓名' }),
    idCard: Type.String({ minLength: 1, maxLength: 32, description: '身份证号' }),
    mobile: Type.String({ minLength: 1, maxLength: 20, description: '手机号' }),
    bankCard: Type.Optional(Type.String({ maxLength: 32, description: '银行卡号' })),
    bankName: Type.Optional(Type.String({ maxLength: 64, description: '开户行' })),
    method: Type.Optional(
      Type.Unsafe<'bankcard' | 'alipay'>({
        type: 'string',
        enum: ['bankcard', 'alipay'],
        description: '收款方式：bankcard 银行卡（不填即此）、alipay 支付宝',
      }),
    ),
    alipayAccount: Type.Optional(Type.String({ maxLength: 64, description: '支付宝账号（登录号：手机号或邮箱）' })),
  },
  { additionalProperties: false },
);

export const importWorkersSchema = {
  ...base,
  summary: '导入待签约人员（核验身份后加入，同后台的签约人员导入）',
  querystring: Nothing,
  body: Type.Object(
    {
      rows: Type.Array(WorkerRow, {
        minItems: 1,
        maxItems: OPEN_ROWS_MAX,
        description: `人员，每行一人；每次最多 ${OPEN_ROWS_MAX} 行（请求体不超过 64 KB），更多请分次调用`,
      }),
    },
    { additionalProperties: false },
  ),
  response: Envelope(
    Type.Object({
      count: Type.Integer(),
      ids: Type.Array(Type.Integer(), { description: '新人员的编号，按行的顺序' }),
    }),
  ),
};

export const inviteSchema = {
  ...base,
  summary: '给人员发送签约链接（短信，同后台的发送签署邀请）',
  querystring: Nothing,
  body: Type.Object(
    {
      ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 200, description: '人员编号' }),
      force: Type.Optional(Type.Boolean({ description: '最近已邀请过的也重新发送' })),
    },
    { additionalProperties: false },
  ),
  response: Envelope(
    Type.Object({
      sent: Type.Integer(),
      failed: Type.Integer(),
      skipped: Type.Integer(),
      results: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.Union([Type.String(), Type.Null()]),
          outcome: Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('skipped')]),
          reason: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  ),
};

export const workerSchema = {
  ...base,
  summary: '人员的签约状态',
  params: Id('人员编号'),
  querystring: Nothing,
  response: Envelope(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      idCard: Type.String({ description: '身份证号（脱敏）' }),
      signStatus: Type.Integer({ description: '签约状态：0 待签署，1 已签署，2 已解约' }),
      signTime: Type.Union([Type.String(), Type.Null()]),
      inviteStatus: Type.Integer({ description: '邀请：0 未邀请，1 已发送，2 已打开，3 已签署，4 发送失败' }),
      inviteTime: Type.Union([Type.String(), Type.Null()]),
      inviteReason: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
};

const PayoutRowBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 64, description: '收款人姓名' }),
    idCard: Type.String({ minLength: 1, maxLength: 32, description: '身份证号' }),
    bankCard: Type.Optional(Type.String({ maxLength: 32, description: '银行卡号（银行卡收款时必填）' })),
    mobile: Type.Optional(Type.String({ maxLength: 20, description: '手机号' })),
    method: Type.Optional(
      Type.Unsafe<'bankcard' | 'alipay'>({
        type: 'string',
        enum: ['bankcard', 'alipay'],
        description: '收款方式：bankcard 银行卡（不填即此）、alipay 支付宝',
      }),
    ),
    alipayAccount: Type.Optional(Type.String({ maxLength: 64, description: '支付宝账号（登录号：手机号或邮箱）' })),
    amount: Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,2})?$', description: '金额（元，最多两位小数）' }),
    remark: Type.Optional(Type.String({ maxLength: 100, description: '备注' })),
  },
  { additionalProperties: false },
);

const BatchSummary = Type.Object({
  batchId: Type.Integer(),
  batchNo: Type.String(),
  itemCount: Type.Integer(),
  totalAmount: Money('打款金额合计'),
  serviceCharge: Money('服务费'),
  taxAmount: Money('代扣个税'),
  netAmount: Money('实发合计'),
  total: Money('扣款合计（打款金额 + 服务费）'),
  balanceAfter: Money('提交后的余额'),
  duplicate: Type.Boolean({ description: '该幂等键已提交过，回答的是第一次的批次' }),
  status: Type.Integer(),
});

export const submitBatchSchema = {
  ...base,
  summary: '提交打款批次（JSON 行；请求头 Idempotency-Key 相同则回答第一次的批次）',
  description:
    '同后台批量打款的校验、草稿与提交（黑名单、未签约、卡号核验、敏感词、服务主体锁定与风险、余额）。密钥的 pay 权限代替支付密码：支付密码是登录用户在页面上对一次打款的确认，开放接口的调用方是商户系统，它对每次调用的签名就是这份确认，且密钥只由平台授予、可随时停用。',
  headers: Type.Object({
    'idempotency-key': Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: '幂等键' }),
  }),
  querystring: Nothing,
  body: Type.Object(
    {
      rows: Type.Array(PayoutRowBody, {
        minItems: 1,
        maxItems: OPEN_ROWS_MAX,
        description: `收款人，每行一笔；每批最多 ${OPEN_ROWS_MAX} 笔（请求体不超过 64 KB），更多请分批提交`,
      }),
      acceptWarnings: Type.Optional(Type.Boolean({ description: '已核对有提示的卡号，仍要提交' })),
      confirmRisk: Type.Optional(Type.Boolean({ description: '服务主体有风险提示时仍要提交' })),
    },
    { additionalProperties: false },
  ),
  response: Envelope(BatchSummary),
};

export const batchSchema = {
  ...base,
  summary: '打款批次及其明细（状态、个税、实发）',
  params: Id('批次编号'),
  querystring: Nothing,
  response: Envelope(
    Type.Object({
      id: Type.Integer(),
      batchNo: Type.String(),
      status: Type.Integer({ description: '批次状态：1 处理中，2 已完成，3 部分失败，4 失败' }),
      itemCount: Type.Integer(),
      totalAmount: Money('打款金额合计'),
      serviceCharge: Money('服务费'),
      successCount: Type.Integer(),
      failedCount: Type.Integer(),
      createTime: Type.String(),
      finishTime: Type.Union([Type.String(), Type.Null()]),
      items: Type.Array(
        Type.Object({
          id: Type.Integer(),
          rowNo: Type.Integer(),
          name: Type.String(),
          idCard: Type.String({ description: '脱敏' }),
          bankCard: Type.String({ description: '脱敏' }),
          amount: Money('打款金额'),
          serviceCharge: Money('服务费'),
          taxAmount: Money('代扣个税'),
          netAmount: Money('实发金额'),
          status: Type.Integer({
            description: '明细状态：0 待打款，4 处理中，5 挂单，1 成功，2 失败，6 退汇，3 待服务主体回报',
          }),
          failReason: Type.Union([Type.String(), Type.Null()]),
          finishTime: Type.Union([Type.String(), Type.Null()]),
        }),
      ),
    }),
  ),
};

export const balanceSchema = {
  ...base,
  summary: '账户余额（密钥所属商户与版本）',
  querystring: Nothing,
  response: Envelope(Type.Object({ balance: Money('余额'), platformMark: Type.Integer() })),
};

export const ledgerSchema = {
  ...base,
  summary: '资金流水（最新的在前）',
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '页码，从 0 开始' })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: '每页条数' })),
    },
    { additionalProperties: false },
  ),
  response: Envelope(
    Type.Object({
      totalElements: Type.Integer(),
      content: Type.Array(
        Type.Object({
          id: Type.Integer(),
          createTime: Type.String(),
          kind: Type.Integer(),
          amount: Money('变动金额（入账为正）'),
          balanceAfter: Money('变动后余额'),
          reference: Type.String({ description: '来源' }),
        }),
      ),
    }),
  ),
};

export const receiptSchema = {
  ...base,
  summary: '打款明细的电子回单（PDF；成功或退汇的明细）',
  description:
    '回答 application/pdf。明细未成功、回单尚未生成或编号不属于本商户时，回答 HTTP 200 的 JSON 信封（code 1040400，message 说明原因）。',
  params: Type.Object(
    {
      id: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: '批次编号' }),
      itemId: Type.String({ pattern: '^[1-9][0-9]{0,15}$', description: '明细编号' }),
    },
    { additionalProperties: false },
  ),
  querystring: Nothing,
  response: {
    200: {
      description: '电子回单 PDF；不能下载时为业务错误的 JSON 信封',
      content: {
        'application/pdf': { schema: Type.String({ format: 'binary' }) },
        'application/json': {
          schema: Type.Object({ code: Type.Integer(), message: Type.String(), content: Type.Null() }),
        },
      },
    },
  },
};

/** An invoice key is stored with a prefix (idempotency.ts), so it is two characters shorter than a payout key. */
const INVOICE_KEY = '^[A-Za-z0-9_-]{1,62}$';

const InvoiceBatchLine = Type.Object({
  id: Type.Integer({ description: '打款批次编号' }),
  batchNo: Type.String(),
  createTime: Type.String(),
  itemCount: Type.Integer(),
  successCount: Type.Integer(),
  successAmount: Money('成功打款金额'),
  successCharge: Money('成功部分的服务费'),
  invoiceable: Money('可开票金额（成功打款金额 + 服务费）'),
});

const Invoice = Type.Object({
  id: Type.Integer({ description: '发票申请编号' }),
  applyNo: Type.String({ description: '申请单号' }),
  status: Type.Integer({ description: '状态：1 已申请，2 已开票，3 已邮寄，4 已驳回' }),
  kind: Type.Integer({ description: '发票类型：1 纸质发票，2 电子发票' }),
  categoryId: Type.Integer(),
  categoryName: Type.Union([Type.String(), Type.Null()]),
  title: Type.String({ description: '发票抬头' }),
  taxNumber: Type.String({ description: '纳税人识别号' }),
  batchCount: Type.Integer(),
  total: Money('价税合计'),
  deduction: Money('差额扣除额（增值税专用发票为 0）'),
  tax: Money('税额'),
  net: Money('不含税金额'),
  ratePercent: Type.Integer({ description: '税率（百分数）' }),
  invoiceNumber: Type.Union([Type.String(), Type.Null()], { description: '发票号码（开票后）' }),
  issueTime: Type.Union([Type.String(), Type.Null()], { description: '开票时间' }),
  hasFile: Type.Boolean({ description: '财务开票时上传了发票文件（GET /open/v1/invoices/{id}/file 下载）' }),
  fileName: Type.Union([Type.String(), Type.Null()], { description: '发票文件名' }),
  trackingNo: Type.Union([Type.String(), Type.Null()], { description: '快递单号（纸质发票邮寄后）' }),
  mailTime: Type.Union([Type.String(), Type.Null()]),
  rejectReason: Type.Union([Type.String(), Type.Null()], { description: '驳回原因' }),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
  batches: Type.Array(InvoiceBatchLine, { description: '申请包含的批次（驳回后仍列出）' }),
});

export const applyInvoiceSchema = {
  ...base,
  summary: '申请开票（所选的可开票批次；请求头 Idempotency-Key 相同则回答第一次的申请）',
  description:
    '同后台申请开票的校验与写入：批次须为本商户本版本已完成或部分失败且有成功金额、尚未申请过的批次；发票信息取商户资料（须完整）；开票类目须为本版本启用的类目（见 /open/v1/invoices/categories）；开票的服务主体须已与商户绑定。纸质发票须填收件人、电话与邮寄地址。',
  headers: Type.Object({
    'idempotency-key': Type.String({ pattern: INVOICE_KEY, description: '幂等键（1-62 位字母、数字、-、_）' }),
  }),
  querystring: Nothing,
  body: Type.Object(
    {
      batchIds: Type.Array(Type.Integer({ minimum: 1 }), {
        minItems: 1,
        maxItems: 500,
        description: '打款批次编号（见 /open/v1/invoices/eligible_batches），每次最多 500 个',
      }),
      kind: Type.Integer({ minimum: 1, maximum: 2, description: '发票类型：1 纸质发票，2 电子发票' }),
      categoryId: Type.Integer({ minimum: 1, description: '开票类目编号' }),
      remark: Type.Optional(Type.String({ maxLength: 2000, description: '备注（最多 128 个字）' })),
      recipient: Type.Optional(Type.String({ maxLength: 256, description: '收件人（纸质发票必填）' })),
      recipientPhone: Type.Optional(Type.String({ maxLength: 64, description: '收件人电话（纸质发票必填）' })),
      mailAddress: Type.Optional(Type.String({ maxLength: 1000, description: '邮寄地址（纸质发票必填）' })),
    },
    { additionalProperties: false },
  ),
  response: Envelope(
    Type.Composite([
      Invoice,
      Type.Object({ duplicate: Type.Boolean({ description: '该幂等键已申请过，回答的是第一次的申请' }) }),
    ]),
  ),
};

export const invoiceSchema = {
  ...base,
  summary: '发票申请的状态与金额（开票后有发票号码与开票时间）',
  params: Id('发票申请编号'),
  querystring: Nothing,
  response: Envelope(Invoice),
};

export const eligibleBatchesSchema = {
  ...base,
  summary: '可开票的打款批次（最新的在前）',
  querystring: Type.Object(
    {
      page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, description: '页码，从 0 开始' })),
      size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: '每页条数' })),
    },
    { additionalProperties: false },
  ),
  response: Envelope(
    Type.Object({
      totalElements: Type.Integer(),
      content: Type.Array(
        Type.Object({
          id: Type.Integer({ description: '打款批次编号' }),
          batchNo: Type.String(),
          createTime: Type.String(),
          finishTime: Type.Union([Type.String(), Type.Null()]),
          itemCount: Type.Integer(),
          successCount: Type.Integer(),
          successAmount: Money('成功打款金额'),
          successCharge: Money('成功部分的服务费'),
          invoiceable: Money('可开票金额（成功打款金额 + 服务费）'),
        }),
      ),
    }),
  ),
};

export const invoiceCategoriesSchema = {
  ...base,
  summary: '本版本启用的开票类目（申请开票时的 categoryId）',
  querystring: Nothing,
  response: Envelope(
    Type.Array(
      Type.Object({
        id: Type.Integer(),
        name: Type.String(),
        taxCode: Type.Union([Type.String(), Type.Null()], { description: '税收分类编码' }),
      }),
    ),
  ),
};

export const invoiceFileSchema = {
  ...base,
  summary: '下载发票文件（财务开票时上传的 PDF 或图片）',
  description:
    '回答文件本身（application/pdf、image/jpeg 或 image/png）。没有发票文件或编号不属于本商户时，回答 HTTP 200 的 JSON 信封（code 1040400，message 说明原因）。',
  params: Id('发票申请编号'),
  querystring: Nothing,
  response: {
    200: {
      description: '发票文件；不能下载时为业务错误的 JSON 信封',
      content: {
        'application/pdf': { schema: Type.String({ format: 'binary' }) },
        'image/jpeg': { schema: Type.String({ format: 'binary' }) },
        'image/png': { schema: Type.String({ format: 'binary' }) },
        'application/json': {
          schema: Type.Object({ code: Type.Integer(), message: Type.String(), content: Type.Null() }),
        },
      },
    },
  },
};
