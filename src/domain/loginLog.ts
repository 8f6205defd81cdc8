import type { Choice } from './enums';

/** 登录日志 and 在线用户: how a session was opened, how an attempt ended, how a session ended. */
export const LOGIN_MODE = { password: 1, sms: 2, smallScale: 3, sso: 4, switchCompany: 5 } as const;

export const LOGIN_MODE_CHOICES: readonly Choice[] = [
  { id: LOGIN_MODE.password, name: '账号密码' },
  { id: LOGIN_MODE.sms, name: '短信验证码' },
  { id: LOGIN_MODE.smallScale, name: '小规模版' },
  { id: LOGIN_MODE.sso, name: '单点登录' },
  { id: LOGIN_MODE.switchCompany, name: '切换公司' },
];

export const LOGIN_RESULT = { failed: 0, succeeded: 1, chooseCompany: 2 } as const;

export const LOGIN_RESULT_CHOICES: readonly Choice[] = [
  { id: LOGIN_RESULT.succeeded, name: '成功' },
  { id: LOGIN_RESULT.failed, name: '失败' },
  // An SMS code that fits several accounts: the page asks which company, and the choice is a new attempt.
  { id: LOGIN_RESULT.chooseCompany, name: '待选择公司' },
];

export const SESSION_END = { logout: 1, forced: 2 } as const;

/** The messages of 强退 (forced logout), shared by the page and the server. */
export const FORCE_LOGOUT_MSG = {
  done: '已强制下线，该会话的下一次请求即需重新登录',
  gone: '该会话已下线或已过期',
  own: '不能强退自己当前的会话，请使用「退出登录」',
  stronger: '不能强退管理员或权限高于自己的账号的会话',
  outOfScope: '不能强退数据权限范围以外的会话',
} as const;
