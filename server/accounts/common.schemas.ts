import { Type } from '@sinclair/typebox';
import { Answers, OptionalBody, Query } from '../http/schemas/formats';
import { formBody, formText } from './publicSchemas';

/**
 * The image captcha, SMS sending and the login-phone check (server/README.md, "Route schemas"). Fields stay
 * optional text: the handlers answer a missing or wrong one with the spec's words (请输入手机号, 图形验证码错误…).
 */
const CAPTCHA_ID = formText(64);
const CAPTCHA_CODE = formText(16);
const MOBILE = formText(20);
const SMALL_NUMBER = formText(8);

export const captchaSchema = {
  summary: '获取图形验证码',
  querystring: Query({}),
  response: Answers(
    Type.Object({ captchaId: Type.String(), image: Type.String({ description: 'PNG 图片的 data URL' }) }),
  ),
};

export const captchaCheckSchema = {
  summary: '校验图形验证码（不消耗）',
  querystring: Query({}),
  body: formBody({ captchaId: CAPTCHA_ID, token: CAPTCHA_ID, code: CAPTCHA_CODE }),
  response: Answers(Type.Boolean()),
};

export const loginPhoneSchema = {
  summary: '手机号是否已绑定可登录的账号',
  // The phone may come in the query string or in the body (then the request may have none).
  querystring: Query({ phone: MOBILE }),
  body: OptionalBody({ phone: MOBILE }),
  response: Answers(Type.Object({ registered: Type.Boolean() })),
};

const smsBody = formBody({
  mobile: MOBILE,
  type: SMALL_NUMBER,
  username: formText(64),
  token: CAPTCHA_ID,
  captchaId: CAPTCHA_ID,
  code: CAPTCHA_CODE,
  module: SMALL_NUMBER,
});

export const smsWithUsernameSchema = {
  summary: '发送短信验证码（核对用户名与手机号，用于找回密码）',
  querystring: Query({}),
  body: smsBody,
  response: Answers(Type.Null()),
};

export const smsSendSchema = {
  summary: '发送短信验证码（短信登录、注册等）',
  querystring: Query({}),
  body: smsBody,
  response: Answers(Type.Null()),
};
