/**
 * The batch payout file (/remit): its columns, their Chinese headers and the limits of one upload.
 * Shared by the server (template, parsing, validation) and the page (labels of bad rows, hints).
 */
export type BatchField = 'name' | 'idCard' | 'bankCard' | 'mobile' | 'amount' | 'remark' | 'method' | 'alipayAccount';

export interface BatchColumn {
  field: BatchField;
  /** The header the template writes. */
  header: string;
  /** Other headers accepted for this column (compared after removing spaces; （） and () are the same). */
  aliases: readonly string[];
  required: boolean;
}

export const BATCH_COLUMNS: readonly BatchColumn[] = [
  { field: 'name', header: '姓名', aliases: ['收款人姓名'], required: true },
  { field: 'idCard', header: '身份证号', aliases: ['身份证号码'], required: true },
  { field: 'bankCard', header: '银行卡号', aliases: ['银行卡号码'], required: true },
  { field: 'mobile', header: '手机号', aliases: ['手机号码'], required: false },
  { field: 'amount', header: '金额（元）', aliases: ['金额'], required: true },
  { field: 'remark', header: '备注', aliases: [], required: false },
  // Optional, so files from before them stay valid: a blank 收款方式 pays the bank card.
  { field: 'method', header: '收款方式', aliases: ['打款方式'], required: false },
  { field: 'alipayAccount', header: '支付宝账号', aliases: ['支付宝登录号', '支付宝账户'], required: false },
];

/** Field → the label a bad row's 字段 column shows. */
export const BATCH_FIELD_LABELS: Readonly<Record<BatchField, string>> = {
  name: '姓名',
  idCard: '身份证号',
  bankCard: '银行卡号',
  mobile: '手机号',
  amount: '金额',
  remark: '备注',
  method: '收款方式',
  alipayAccount: '支付宝账号',
};

export const BATCH_MAX_ROWS = 10_000;
export const BATCH_MAX_BYTES = 10 * 1024 * 1024;
/** Rows of a clean upload sent back for the preview; the rest stay on the server with the draft. */
export const BATCH_PREVIEW_ROWS = 200;
/** 100,000.00 yuan per payee and row, in units of 1/10000 yuan. */
export const BATCH_MAX_ROW_AMOUNT = 100_000 * 10_000;
/** A validated upload, or a task's settlement, can be submitted within this time; every page says when it ends. */
export const DRAFT_TTL_MS = 24 * 3600 * 1000;
/** Validated uploads a company keeps open at once; a new upload drops the oldest beyond this (server/money/README.md). */
export const MAX_OPEN_DRAFTS = 5;

/**
 * Hard caps of reading one upload (README 安全 › 上传与解析). A real 10 000-row file stays far below each; a file
 * past any of them is refused with BATCH_FILE_MSG.overLimit, whatever it claims in its own headers.
 */
export const BATCH_PARSE_LIMITS = {
  /** Bytes inflated from the parts of an .xlsx that are read (sheets, shared strings, workbook). */
  inflatedBytes: 64 * 1024 * 1024,
  /** Entries in the .xlsx archive. */
  zipEntries: 2000,
  /** Rows of the sheets read (blank ones included) or records of a CSV. */
  sheetRows: 100_000,
  /** Characters of one cell (Excel's own limit). */
  cellChars: 32_767,
  /** Bytes of XML between two tags: one cell's text, or whitespace, can be no longer. */
  xmlTextBytes: 256 * 1024,
  /** Entries of the shared strings table. */
  sharedStrings: 500_000,
  /** Parsing time inside the parser (it stops itself). */
  parseMs: 10_000,
  /** The parser's thread is ended after this, whatever it is doing. */
  hardTimeoutMs: 15_000,
  /** Heap of the parser's thread. */
  heapMb: 256,
} as const;

export type BatchParseLimits = Readonly<Record<keyof typeof BATCH_PARSE_LIMITS, number>>;

export const BATCH_FILE_MSG = {
  noFile: '请选择要上传的文件',
  tooLarge: '文件不能超过10MB',
  badType: '仅支持 .xlsx 或 .csv 格式的文件，请下载模板填写',
  oldExcel: '不支持 .xls 格式，请在 Excel 中另存为 .xlsx 或 CSV 后上传',
  unreadable: '无法读取文件内容，请确认文件是有效的 .xlsx 或 .csv 文件',
  encrypted: '文件已加密或不是 .xlsx 格式，请取消密码保护后另存为 .xlsx 再上传',
  empty: '文件中没有数据，请按模板填写后上传',
  noRows: '文件中没有收款人数据，请在表头下方填写',
  tooManyRows: `单次最多上传${BATCH_MAX_ROWS}行`,
  missingColumns: (headers: readonly string[]) => `文件缺少必填列：${headers.join('、')}，请使用模板填写`,
  duplicateColumn: (header: string) => `表头「${header}」出现了多次，请只保留一列`,
  numberCell: (label: string) => `请将${label}列设置为文本格式（当前为数字，长数字会被 Excel 改成科学计数法）`,
  badCell: (label: string) => `${label}的单元格内容无法识别`,
  badRows: (count: number) => `文件中有 ${count} 行数据有误，请修改后重新上传`,
  overLimit: '文件内容过大或格式异常，请检查后重新上传',
  busy: '正在处理的上传较多，请稍后重试',
} as const;

/** The submission's messages (POST /api/v1/remittances/batch/submit). */
export const SUBMIT_MSG = {
  passwordFormat: '请输入6位数字支付密码',
  passwordNotSet: '请先在账户安全中设置支付密码',
  passwordWrong: '支付密码错误',
  draftMissing: '上传记录不存在，请重新上传文件',
  /** Said with the time it expired, and what to do: a file is uploaded again, a task settled again. */
  draftExpired: (expireTime: string, fromTask: boolean) =>
    fromTask
      ? `该任务的打款草稿已于 ${expireTime} 过期，请在任务发布页重新结算`
      : `上传的文件已于 ${expireTime} 过期，请重新上传`,
  draftsDropped: (names: readonly string[]) =>
    `待提交的上传最多保留 ${MAX_OPEN_DRAFTS} 份，已移除较早的：${names.map((name) => `「${name}」`).join('、')}`,
  alreadySubmitted: '该批次已提交',
  merchantOnly: '仅商户账号可以批量打款',
  warningsUnaccepted: (rows: number) => `文件中有 ${rows} 行需要核对，请确认后再提交`,
  payeesNotPayable: (payees: readonly string[]) => `以下收款人现在不能打款，未扣款：${payees.join('；')}`,
} as const;
