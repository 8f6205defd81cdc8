import type { Choice } from './enums';

/**
 * Gig workers (灵工): who a company may pay, their freelance agreement's state, the import sheet's
 * columns and the messages. Shared by the server (server/workers/) and the pages.
 */

/** Sign status of a worker with its company: 待签署 → 已签署 → 已解约 (a rescinded worker may sign again). */
export const SIGN_STATUS = { pending: 0, signed: 1, rescinded: 2 } as const;
export const SIGN_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '待签署' },
  { id: 1, name: '已签署' },
  { id: 2, name: '已解约' },
];

/**
 * The latest 签署邀请 of a worker (/signUser 发送签署邀请): 已发送 → 已打开 (the signing page was opened) → 已签署, or
 * 发送失败 with the reason; 未邀请 before the first.
 */
export const INVITE_STATUS = { none: 0, sent: 1, opened: 2, signed: 3, failed: 4 } as const;
export const INVITE_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '未邀请' },
  { id: 1, name: '已发送' },
  { id: 2, name: '已打开' },
  { id: 3, name: '已签署' },
  { id: 4, name: '发送失败' },
];
/** A worker invited less than this long ago (and not failed) is skipped unless the merchant forces a resend. */
export const INVITE_INTERVAL_MINUTES = 10;
/** Most workers one 发送签署邀请 takes (each one is an agreement drawn up and an SMS). */
export const INVITE_MAX_WORKERS = 200;

export const INVITE_MSG = {
  merchantOnly: '仅商户账号可以发送签署邀请',
  nobody: '请先勾选要邀请签署的人员',
  tooMany: `一次最多邀请${INVITE_MAX_WORKERS}人，请分批发送`,
  notFound: '不是本企业的人员，未发送',
  signed: '已签署协议，无需邀请',
  rescinded: '已解约，不能邀请签署',
  recent: `${INVITE_INTERVAL_MINUTES}分钟内已发送过邀请；如需再次发送，请勾选「重新发送最近已邀请的人员」`,
  noMobile: '未登记手机号',
  tooOften: '今日邀请次数已达上限，请明天再试',
  summary: (sent: number, failed: number, skipped: number) =>
    `已发送 ${sent} 人，失败 ${failed} 人${skipped > 0 ? `，跳过 ${skipped} 人` : ''}`,
} as const;

/**
 * 审核状态 on the worker lists, in an operator's words: the platform's 信息审核 of the worker's details (/adAuditingBigBear).
 */
export const AUDIT_STATUS_HELP =
  '审核状态是平台对人员信息（姓名、身份证号、银行卡等）的核对结果：「待审核」表示平台尚未核对；「已通过」表示信息无误；' +
  '「已驳回」表示平台发现信息有误，请联系客服核对更正。审核状态不影响发送签署邀请，签署进度请看「签约状态」和「邀请状态」。';

/** Audit of the collected information (信息审核): 待审核 / 已通过 / 已驳回. */
export const AUDIT_STATUS = { pending: 0, approved: 1, rejected: 2 } as const;
export const AUDIT_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '待审核' },
  { id: 1, name: '已通过' },
  { id: 2, name: '已驳回' },
];

/** Identity verification (实名核验) by the verification provider. */
export const VERIFY_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '未核验' },
  { id: 1, name: '核验通过' },
  { id: 2, name: '核验不通过' },
];

/** Where the record came from. */
export const WORKER_SOURCE = { signImport: 1, laborImport: 2, refererImport: 3, manual: 4 } as const;
export const WORKER_SOURCE_CHOICES: readonly Choice[] = [
  { id: 1, name: '灵工导入' },
  { id: 2, name: '劳务人员导入' },
  { id: 3, name: '推荐人导入' },
  { id: 4, name: '手工添加' },
];

export type WorkerImportKind = 'sign' | 'labor' | 'referer';

export type WorkerField =
  | 'name'
  | 'idCard'
  | 'mobile'
  | 'bankCard'
  | 'bankName'
  | 'referrer'
  | 'method'
  | 'alipayAccount';

/** The import sheet (灵工导入 / 劳务人员导入 / 推荐人导入): columns found by their Chinese headers. */
export const WORKER_COLUMNS: readonly {
  field: WorkerField;
  header: string;
  aliases: readonly string[];
  required: boolean;
  /** A column of fixed answers: the form offers them as a choice (the sheet takes the names). */
  choices?: readonly { id: string; name: string }[];
}[] = [
  { field: 'name', header: '姓名', aliases: ['人员姓名'], required: true },
  { field: 'idCard', header: '身份证号', aliases: ['身份证号码'], required: true },
  { field: 'mobile', header: '手机号', aliases: ['手机号码'], required: true },
  { field: 'bankCard', header: '银行卡号', aliases: ['银行卡号码'], required: true },
  { field: 'bankName', header: '开户银行', aliases: ['银行', '开户行'], required: true },
  { field: 'referrer', header: '推荐人', aliases: ['推荐人姓名'], required: false },
  // Optional, so sheets from before them stay valid: a blank 收款方式 is 银行卡.
  {
    field: 'method',
    header: '收款方式',
    aliases: ['打款方式'],
    required: false,
    choices: [
      { id: '银行卡', name: '银行卡' },
      { id: '支付宝', name: '支付宝' },
    ],
  },
  { field: 'alipayAccount', header: '支付宝账号', aliases: ['支付宝登录号', '支付宝账户'], required: false },
];

export const WORKER_FIELD_LABELS: Readonly<Record<WorkerField, string>> = {
  name: '姓名',
  idCard: '身份证号',
  mobile: '手机号',
  bankCard: '银行卡号',
  bankName: '开户银行',
  referrer: '推荐人',
  method: '收款方式',
  alipayAccount: '支付宝账号',
};

export const WORKER_MSG = {
  noRows: '文件中没有人员数据，请在表头下方填写',
  badRows: (count: number) => `文件中有 ${count} 行数据有误，请修改后重新上传`,
  mobileRequired: '手机号不能为空',
  bankNameRequired: '开户银行不能为空',
  bankNameLength: '开户银行不能超过32个字符',
  referrerRequired: '推荐人不能为空',
  referrerLength: '推荐人应为2-20个字符',
  duplicateInFile: (row: number) => `与第${row}行的身份证号重复`,
  exists: '该身份证号已是本公司人员',
  notFound: '人员不存在',
  notSigned: '该收款人未与本公司签约（无已签署的自由职业者协议），不能打款',
  alreadySigned: '该人员已签署协议',
  notSignedYet: '该人员尚未签署协议，不能解约',
  rescinded: '该人员已解约',
  whitelistExists: '该身份证号已在白名单中',
  whitelistNotFound: '白名单记录不存在',
  rejectReason: '请填写驳回原因（2-200个字符）',
  imported: (count: number) => `导入成功，共 ${count} 人`,
} as const;

/** The ID number with the middle hidden: 110101********1234. */
export function maskId(idCard: string): string {
  return idCard.length < 8 ? '****' : `${idCard.slice(0, 6)}********${idCard.slice(-4)}`;
}

/** The bank card with the middle hidden: 6222 **** 1234. */
export function maskCard(card: string): string {
  return card.length < 8 ? '****' : `${card.slice(0, 4)}********${card.slice(-4)}`;
}

/** A 大熊信息下载 job (worker_downloads.status). */
export const DOWNLOAD_STATUS = { queued: 0, running: 1, done: 2, failed: 3 } as const;
export const DOWNLOAD_STATUS_CHOICES: readonly Choice[] = [
  { id: 0, name: '排队中' },
  { id: 1, name: '生成中' },
  { id: 2, name: '已完成' },
  { id: 3, name: '失败' },
];
