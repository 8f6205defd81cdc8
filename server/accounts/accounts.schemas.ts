import { Type } from '@sinclair/typebox';
import { Answers, OptionalBody, Query } from '../http/schemas/formats';
import { formText } from './publicSchemas';

/**
 * Password reset from the login page (server/README.md, "Route schemas"). Each field may come in the query string
 * or the body (the login page posts a form, the reset call sends a query string); both are optional text, so a
 * missing one gets the handler's own words (请输入用户名, 请输入手机号, 请输入验证码).
 */
const USERNAME = formText(64);
const MOBILE = formText(20);

const nameAndPhone = { name: USERNAME, username: USERNAME, phone: MOBILE, mobile: MOBILE };

export const nameAndPhoneSchema = {
  summary: '核对用户名与手机号（找回密码）',
  querystring: Query(nameAndPhone),
  body: OptionalBody(nameAndPhone),
  response: Answers(Type.Boolean()),
};

const resetFields = { name: USERNAME, code: formText(16), platformmark: formText(8) };

export const resetPasswordSchema = {
  summary: '凭短信验证码重置登录密码（新密码以短信发送）',
  querystring: Query(resetFields),
  body: OptionalBody(resetFields),
  response: Answers(Type.Null()),
};
