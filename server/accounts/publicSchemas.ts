import { type TSchema, Type } from '@sinclair/typebox';
import { Text } from '../http/schemas/formats';

/**
 * Body schemas of the public session routes (CONVENTIONS: Fastify validates before the handler runs). Forms
 * post every field as text; JSON callers may send numbers, which the shared text format takes as their text.
 * Objects, arrays, over-long values and control characters are refused with 1040400 (http/envelope.ts), never
 * reach a handler, never 500.
 */
const text = (max: number) => Type.Optional(Text({ max, numbers: true }));

const body = (properties: Record<string, TSchema>) => ({
  body: Type.Object(properties, { additionalProperties: true }),
});

const CAPTCHA_ID = text(64);
const CAPTCHA_CODE = text(16);
const MOBILE = text(20);
const USERNAME = text(64);
/** SHA-256 hex of the password (64), with room for what older clients sent. */
const PASSWORD = text(128);
const SMALL_NUMBER = text(8);

export const captchaCheckSchema = body({ captchaId: CAPTCHA_ID, token: CAPTCHA_ID, code: CAPTCHA_CODE });

export const smsSendSchema = body({
  mobile: MOBILE,
  type: SMALL_NUMBER,
  username: USERNAME,
  token: CAPTCHA_ID,
  captchaId: CAPTCHA_ID,
  code: CAPTCHA_CODE,
  module: SMALL_NUMBER,
});

export const loginSchema = body({
  username: USERNAME,
  password: PASSWORD,
  type: SMALL_NUMBER,
  platformMark: SMALL_NUMBER,
  captchaId: CAPTCHA_ID,
  captchaCode: CAPTCHA_CODE,
  switchCompany: SMALL_NUMBER,
});

export const codeLoginSchema = body({
  phone: MOBILE,
  code: CAPTCHA_CODE,
  username: USERNAME,
  type: SMALL_NUMBER,
  platformMark: SMALL_NUMBER,
});

export const nameAndPhoneSchema = body({ name: USERNAME, username: USERNAME, phone: MOBILE, mobile: MOBILE });

export const loginPhoneSchema = body({ phone: MOBILE });

/**
 * POST /api/v1/companies/registernewcloud: every field text of bounded length (numbers arrive as text); the
 * handler then applies the form's own rules with their Chinese messages (credit code, place, names).
 */
export const registrationSchema = body({
  mobile: MOBILE,
  code: CAPTCHA_CODE,
  password: PASSWORD,
  name: text(256),
  companyNature: text(32),
  industryId: text(20),
  companySize: text(32),
  businessLicense: text(32),
  invoiceTaxNumber: text(32),
  province: text(32),
  city: text(32),
  district: text(32),
  legalPersonName: text(64),
  linkmanName: text(64),
  licenseUrl: text(500),
  studentCardUrl: text(500),
  platformMark: SMALL_NUMBER,
  platformmark: SMALL_NUMBER,
});
