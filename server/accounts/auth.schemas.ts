import { Type } from '@sinclair/typebox';
import { Answers, OptionalBody, Query, Row } from '../http/schemas/formats';
import { formBody, formText } from './publicSchemas';

/**
 * What the session calls accept and answer (server/README.md, "Route schemas"). Every form field is optional text
 * of bounded length: the handlers keep the spec's own messages (请输入用户名, 请输入正确的手机号…) for a missing or
 * malformed one.
 */
const CAPTCHA_ID = formText(64);
const CAPTCHA_CODE = formText(16);
const MOBILE = formText(20);
const USERNAME = formText(64);
/** SHA-256 hex of the password (64), with room for what older clients sent. */
const PASSWORD = formText(128);
const SMALL_NUMBER = formText(8);

/**
 * The content of every successful login (src/domain/session.ts LoginContent): its scalar fields declared, the
 * user and the lists passed on as built.
 */
export const loginContent = Row({
  token: Type.String(),
  platform_mark: Type.Integer(),
  noticeNum: Type.Integer(),
  notInvoiceStatus: Type.Boolean(),
  switchCompany: Type.Boolean(),
});

export const loginSchema = {
  summary: '账号密码登录',
  querystring: Query({}),
  body: formBody({
    username: USERNAME,
    password: PASSWORD,
    type: SMALL_NUMBER,
    platformMark: SMALL_NUMBER,
    captchaId: CAPTCHA_ID,
    captchaCode: CAPTCHA_CODE,
    switchCompany: SMALL_NUMBER,
  }),
  response: Answers(loginContent),
};

export const codeLoginSchema = {
  summary: '短信验证码登录',
  querystring: Query({}),
  body: formBody({
    phone: MOBILE,
    code: CAPTCHA_CODE,
    username: USERNAME,
    type: SMALL_NUMBER,
    platformMark: SMALL_NUMBER,
  }),
  response: Answers(loginContent),
};

export const refreshTokenSchema = {
  summary: '换发当前会话的令牌',
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Type.Object({ token: Type.String() })),
};

export const logoutSchema = {
  summary: '退出登录（当前会话立即失效）',
  querystring: Query({}),
  body: OptionalBody({}),
  response: Answers(Type.Null()),
};
