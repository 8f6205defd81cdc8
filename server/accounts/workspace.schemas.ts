import { Type } from '@sinclair/typebox';
import { companies } from '../../resources/companies';
import type { FieldDeclaration } from '../../resources/types';
import { EDITABLE_MAX_CHARS, type EditableSource } from '../companies/companies.repository';
import { declaredFormSchema } from '../http/declaredForm';
import {
  Answers,
  Body,
  Id,
  IdParam,
  ListQuery,
  Nullable,
  Page,
  Params,
  Query,
  Row,
  Text,
} from '../http/schemas/formats';

/**
 * The logged-in merchant's own workspace (server/README.md, "Route schemas"). The handlers keep the spec's words
 * for a missing field (请输入原密码, 支付密码为6位数字, 请输入登录密码或短信验证码); the schemas bound the types, the
 * characters and the lengths.
 */
const companyQuery = Query({ coid: Type.Optional(Id({ title: '公司编号', digits: true })) });
/** A password hashed in the browser (SHA-256 hex, 64), with room for what older clients sent. */
const hashed = (title: string) => Type.Optional(Text({ title, max: 128 }));

export const switchableCompaniesSchema = {
  summary: '本人手机号绑定的公司（切换公司）',
  querystring: ListQuery({}, { maxSize: 200 }),
  response: Answers(
    Page(
      Row({
        companyName: Nullable(Type.String()),
        accountId: Type.Integer(),
        companyId: Type.Integer(),
        username: Type.String(),
      }),
    ),
  ),
};

/** The merchant's own contact fields of the company declaration (linkmanName, linkmanMobile). */
export const CONTACT_FIELDS = companies.fields.filter(
  (field): field is FieldDeclaration & { source: EditableSource } =>
    field.source === 'linkmanName' || field.source === 'linkmanMobile',
);

export const contactsSchema = {
  summary: '修改本公司的联系人',
  params: Params({ coid: IdParam('公司编号') }),
  querystring: Query({}),
  body: declaredFormSchema(CONTACT_FIELDS, { maxChars: EDITABLE_MAX_CHARS }),
  response: Answers(Row({ id: Type.Integer() })),
};

export const changePasswordSchema = {
  summary: '修改登录密码（其他设备上的会话随之失效）',
  querystring: Query({}),
  body: Body({ oldPassword: hashed('原密码'), newPassword: hashed('新密码') }),
  response: Answers(Nullable(Type.Object({ token: Type.String() }))),
};

export const paymentPasswordStateSchema = {
  summary: '本公司是否已设置支付密码',
  querystring: companyQuery,
  response: Answers(Type.Object({ set: Type.Boolean() })),
};

export const setPaymentPasswordSchema = {
  summary: '设置或修改本公司的支付密码（凭登录密码或短信验证码）',
  querystring: companyQuery,
  body: Body({
    password: Type.Optional(Text({ title: '支付密码', max: 6, message: '支付密码为6位数字' })),
    smsCode: Type.Optional(Text({ title: '短信验证码', max: 16, numbers: true })),
    loginPassword: hashed('登录密码'),
  }),
  response: Answers(Type.Null()),
};
