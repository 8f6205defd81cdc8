/** Response codes of the API envelope `{ code, message, content }` (spec §7, §8). */
export const CODE_OK = 1020000;
/** A business error whose message the caller shows (wrong password, invalid SMS code, ...). */
export const CODE_BUSINESS_ERROR = 1040400;
/** Refresh the image captcha (spec §8: failure codes of login / SMS send other than 1040400). */
export const CODE_CAPTCHA_REFRESH = 1050000;
export const CODE_UNAUTHENTICATED = 1040100;
export const CODE_FORBIDDEN = 1040300;
export const CODE_NOT_FOUND = 1040404;
export const CODE_SERVER_ERROR = 1050500;

/** Codes the client treats as non-errors at the general level (no automatic error message). */
export const NON_ERROR_CODES: ReadonlySet<number> = new Set([1020000, 1040400, 1040002, 1030400, 1056000]);

export interface Envelope<T = unknown> {
  code: number;
  message: string;
  content: T;
}

export interface Page<T> {
  content: T[];
  totalElements: number;
  number: number;
  size: number;
}

export const MESSAGES = {
  timeout: '请求超时',
  forbidden: '无权限访问此页面！',
  maintenance: '系统维护中，请联系客服了解维护时间',
  serverStatus: (status: number) => `服务器${status}，请稍后再试！`,
  loggedOut: '退出成功!',
  loginOk: '登录成功',
  noPermission: 'no permission',
} as const;
