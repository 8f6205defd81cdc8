import { type TSchema, Type } from '@sinclair/typebox';
import { WORKER_COLUMNS } from '../../src/domain/workers';
import {
  Answers,
  Body,
  Fields,
  FileAnswer,
  HandlerText,
  Id,
  IdParams,
  ListQuery,
  OptionalBody,
  Page,
  Params,
  Query,
  Text,
} from '../http/schemas/formats';

/**
 * What the worker routes accept and answer (server/README.md, "Route schemas"): types, characters and lengths. The
 * handlers keep the rules and the spec's messages (ID number, mobile, bank card, the import kind, the signing
 * code), reported by field.
 */
const word = HandlerText;
const idParams = IdParams;
const PDF = FileAnswer(['application/pdf'], '协议 PDF');

const worker = Fields({ id: 'integer', name: 'string', idMasked: 'string', signStatus: 'integer' });
const whitelisted = Fields({
  id: 'integer',
  name: 'string',
  idMasked: 'string',
  remark: 'string',
  operator: 'string',
  createTime: 'string',
});

// --- Workers and their import ------------------------------------------------------------------------------------

export const importSchema = {
  summary: '导入人员（multipart，字段 file：.xlsx 或 .csv；类型 sign、labor 或 referer）',
  params: Params({ kind: Text({ title: '导入类型', max: 16 }) }),
  querystring: Query({}),
  body: Type.Unsafe({ description: 'multipart/form-data，字段 file' }),
  consumes: ['multipart/form-data'],
  response: Answers(Fields({ count: 'integer', rowCount: 'integer' })),
};
export const templateSchema = {
  summary: '下载人员导入模板',
  querystring: Query({ format: word('模板格式', 8), kind: word('导入类型', 16) }),
  response: FileAnswer(
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    '人员导入模板（xlsx 或 csv）',
  ),
};
const workerFields: Record<string, TSchema> = { kind: word('导入类型', 16) };
for (const column of WORKER_COLUMNS) workerFields[column.field] = word(column.header, 256);
export const createSchema = {
  summary: '新增人员',
  querystring: Query({}),
  body: OptionalBody(workerFields),
  response: Answers(worker),
};
export const laborListSchema = {
  summary: '劳务人员列表',
  querystring: ListQuery(),
  response: Answers(
    Page(
      Fields({
        id: 'integer',
        name: 'string',
        idMasked: 'string',
        mobile: 'string',
        bankName: 'string',
        signStatus: 'integer',
        createTime: 'string',
      }),
    ),
  ),
};

// --- Whitelist ---------------------------------------------------------------------------------------------------

export const whitelistSchema = {
  summary: '白名单列表',
  querystring: ListQuery(),
  response: Answers(Page(whitelisted)),
};
export const whitelistAddSchema = {
  summary: '加入白名单',
  querystring: Query({}),
  body: OptionalBody({
    name: word('姓名', 256),
    idCard: word('身份证号', 64),
    remark: Type.Optional(Text({ title: '备注', max: 2000, multiline: true, numbers: true, blank: true })),
  }),
  response: Answers(whitelisted),
};
export const whitelistRemoveSchema = {
  summary: '移出白名单',
  params: idParams('白名单编号'),
  querystring: Query({}),
  response: Answers(Type.Null()),
};

// --- Signing -----------------------------------------------------------------------------------------------------

const tokenParams = Params({ token: Text({ title: '签署链接', max: 256 }) });

export const signLinkSchema = {
  summary: '生成人员的签署链接',
  params: idParams('人员编号'),
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Fields({ url: 'string', expiresAt: 'string', agreementNo: 'string' })),
};
export const signPageSchema = {
  summary: '签署页：协议与人员信息（凭签署链接）',
  params: tokenParams,
  querystring: Query({}),
  response: Answers(
    Fields({
      agreementNo: 'string',
      workerName: 'string',
      idMasked: 'string',
      companyName: 'string',
      enterpriseName: 'string',
      status: 'integer',
      signTime: 'string',
      sha256: 'string',
      mobileMasked: 'string',
      signVia: 'string',
    }),
  ),
};
export const signCodeSchema = {
  summary: '签署页：向人员本人手机发送意愿验证码',
  params: tokenParams,
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Fields({ mobileMasked: 'string', resendSeconds: 'integer' })),
};
export const signPdfSchema = {
  summary: '签署页：协议 PDF',
  params: tokenParams,
  querystring: Query({}),
  response: PDF,
};
export const signSchema = {
  summary: '签署页：同意并签署（意愿验证码）',
  params: tokenParams,
  querystring: Query({}),
  response: Answers(Fields({ status: 'integer', signTime: 'string', sha256: 'string' })),
};
export const agreementLinkSchema = {
  summary: '已签协议的下载地址（有时限）',
  params: idParams('协议编号'),
  querystring: Query({}),
  response: Answers(Fields({ url: 'string', expireTime: 'string' })),
};
export const agreementFileSchema = {
  summary: '已签协议 PDF（download=1 作为附件）',
  params: idParams('协议编号'),
  querystring: Query({ download: word('下载', 8) }),
  response: PDF,
};
export const signedAgreementSchema = {
  summary: '人员的已签协议 PDF',
  params: idParams('人员编号'),
  querystring: Query({ download: word('下载', 8) }),
  response: PDF,
};
export const agreementsZipSchema = {
  summary: '批量下载已签协议（zip）',
  querystring: Query({}),
  body: OptionalBody({
    ids: Type.Optional(
      Type.Array(Type.Union([Type.Integer(), Text({ title: '协议编号', max: 20 })]), { maxItems: 10_000 }),
    ),
  }),
  response: FileAnswer(['application/zip'], '已签协议压缩包'),
};

// --- The roster as a payout file -----------------------------------------------------------------------------------

export const payoutTemplateSchema = {
  summary: '导出打款模板（已签署人员填好姓名、身份证号、手机号、银行卡号，金额留空）',
  querystring: Query({
    format: word('模板格式', 8),
    q: Type.Optional(Type.String({ maxLength: 4096, description: '签约人员列表的筛选条件（同列表的 q=）' })),
    sort: Type.Optional(Type.String({ maxLength: 128, description: '排序 field,asc|desc（同列表）' })),
  }),
  body: Body({
    ids: Type.Optional(
      Type.Array(Id({ title: '人员编号', digits: true }), {
        maxItems: 10_000,
        description: '选中的人员；不传或为空时导出符合筛选条件的全部已签署人员',
      }),
    ),
  }),
  response: FileAnswer(
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'],
    '批量打款模板（xlsx 或 csv），已填好所选已签署人员',
  ),
};

export const signInvitationsSchema = {
  summary: '发送签署邀请（向勾选的待签署人员发送带签署链接的短信，逐人记录邀请状态）',
  querystring: Query({}),
  body: Body({
    ids: Type.Array(Id({ title: '人员编号', digits: true }), {
      maxItems: 10_000,
      description: '勾选的人员；不是本企业的人员不发送',
    }),
    force: Type.Optional(
      Type.Boolean({ description: '重新发送最近已邀请（10分钟内已发送、尚未签署）的人员', title: '重新发送' }),
    ),
  }),
  response: Answers(
    Fields({
      sent: 'integer',
      failed: 'integer',
      skipped: 'integer',
      results: Type.Array(Fields({ id: 'integer', name: 'string', outcome: 'string', reason: 'string' }), {
        description: '每人的结果：sent 已发送、failed 发送失败、skipped 跳过，reason 为原因',
      }),
    }),
  ),
};
