import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMS_KIND_NAMES } from '../../server/accounts/sms/smsMessages';
import { loadConfig } from '../../server/config';
import { SMS_STATUS } from '../../src/domain/smsLog';
import { startAliyunSmsFake } from '../support/fakes/aliyunSmsFake';
import { startTencentSmsFake } from '../support/fakes/tencentSmsFake';
import { createTestApp, envelopeOf, formRequest, randomSecret, sendSmsCode, type TestApp } from './support/testApp';

/**
 * SMS through Aliyun and Tencent Cloud, each pointed at a loopback fake of its documented API that checks
 * the request signature by the documented algorithm (tests/support/fakes). The admin logs in with the code the fake
 * received; the providers' error codes reach the user in Chinese; their delivery receipts settle the SMS log.
 */

const OK = 1020000;
const BUSINESS = 1040400;
const ADMIN_MOBILE = '13800000001';
const RECEIPT_TOKEN = randomSecret();

function templates(prefix: string): Record<string, string> {
  return Object.fromEntries(SMS_KIND_NAMES.map((kind) => [`${prefix}${kind}`, `SMS_${kind}`]));
}

const codeLogin = (t: TestApp, phone: string, code: string) =>
  t.app.inject(formRequest('/code/login', { type: 2, phone, code })).then(envelopeOf);

const logOf = (t: TestApp, mobile: string) =>
  t.db.selectFrom('sms_logs').selectAll().where('mobile', '=', mobile).orderBy('id', 'desc').executeTakeFirstOrThrow();

async function clearRate(t: TestApp, mobile: string) {
  await t.db.deleteFrom('rate_counters').where('key', '=', `sms:mobile:${mobile}`).execute();
}

describe('Aliyun SMS (SMS_PROVIDER=aliyun) against its loopback fake', () => {
  const credentials = { accessKeyId: 'LTAI5tFakeAccessKey', accessKeySecret: randomSecret() };
  let fake: Awaited<ReturnType<typeof startAliyunSmsFake>>;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startAliyunSmsFake(credentials);
    t = await createTestApp({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: credentials.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: credentials.accessKeySecret,
      ALIYUN_SMS_SIGN_NAME: '灵工结算平台',
      ALIYUN_SMS_ENDPOINT: fake.url,
      SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
      ...templates('ALIYUN_SMS_TEMPLATE_'),
    });
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the login template with the code as a variable; that code logs the admin in', async () => {
    const sent = await sendSmsCode(t.app, t.db, ADMIN_MOBILE, 1);
    expect(sent.code, sent.message).toBe(OK);
    expect(fake.refused).toEqual([]);
    const message = fake.sent.at(-1)!;
    expect(message).toMatchObject({ phoneNumbers: ADMIN_MOBILE, signName: '灵工结算平台', templateCode: 'SMS_LOGIN' });
    // Template variables only: no wording travels.
    expect(Object.keys(message.templateParam)).toEqual(['code']);
    const answer = await codeLogin(t, ADMIN_MOBILE, message.templateParam.code);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.user.username).toBe('admin');

    const row = await logOf(t, ADMIN_MOBILE);
    expect(row).toMatchObject({
      provider: '阿里云短信',
      provider_ref: message.bizId,
      status: SMS_STATUS.sending,
      type: 1,
    });
    expect(row.template).not.toContain(message.templateParam.code);
  });

  it('maps the provider’s error codes to Chinese 1040400 messages and logs the failure', async () => {
    const cases: [string, string, string][] = [
      ['13800000003', 'isv.BUSINESS_LIMIT_CONTROL', '短信发送过于频繁，请稍后再试'],
      ['13800000004', 'isv.MOBILE_NUMBER_ILLEGAL', '手机号码格式不正确，请检查后重试'],
      ['13800000005', 'isv.SMS_TEMPLATE_ILLEGAL', '短信模板未审核通过或与内容不符，请联系平台管理员'],
      ['13900000002', 'isv.AMOUNT_NOT_ENOUGH', '短信账户余额不足，请联系平台管理员'],
    ];
    for (const [mobile, code, words] of cases) {
      fake.failNext(code);
      const answer = await sendSmsCode(t.app, t.db, mobile, 1);
      expect(answer, code).toMatchObject({ code: BUSINESS, message: words });
      expect(await logOf(t, mobile)).toMatchObject({ status: SMS_STATUS.failed, reason: words });
    }
  });

  it('a delivery receipt (SmsReport push) settles the log row: failed with the carrier’s reason', async () => {
    const mobile = '13800000003';
    await clearRate(t, mobile);
    expect((await sendSmsCode(t.app, t.db, mobile, 1)).code).toBe(OK);
    const { bizId } = fake.sent.at(-1)!;
    const report = [
      {
        phone_number: mobile,
        send_time: '2026-11-28 10:00:00',
        report_time: '2026-11-28 10:00:05',
        success: false,
        err_code: 'MK:0001',
        err_msg: '用户停机',
        sms_size: '1',
        biz_id: bizId,
        out_id: '',
      },
    ];
    const wrongToken = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/aliyun/${randomSecret()}`,
      payload: report,
    });
    expect(envelopeOf(wrongToken).code).toBe(BUSINESS);
    expect((await logOf(t, mobile)).status).toBe(SMS_STATUS.sending);

    const malformed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/aliyun/${RECEIPT_TOKEN}`,
      payload: [{ phone_number: mobile, success: 'maybe', biz_id: { $ne: 1 } }],
    });
    expect(malformed.statusCode).toBeLessThan(500);
    expect(envelopeOf(malformed).code).toBe(BUSINESS);

    const pushed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/aliyun/${RECEIPT_TOKEN}`,
      payload: report,
    });
    expect(pushed.statusCode).toBe(200);
    expect(pushed.json()).toEqual({ code: 0, msg: '接收成功' });
    expect(await logOf(t, mobile)).toMatchObject({ status: SMS_STATUS.failed, reason: '用户停机（MK:0001）' });
  });

  it('the fake checks the signature: a wrong secret is refused and the user reads a configuration error', async () => {
    const other = await createTestApp({
      SMS_PROVIDER: 'aliyun',
      ALIYUN_ACCESS_KEY_ID: credentials.accessKeyId,
      ALIYUN_ACCESS_KEY_SECRET: randomSecret(),
      ALIYUN_SMS_SIGN_NAME: '灵工结算平台',
      ALIYUN_SMS_ENDPOINT: fake.url,
      SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
      ...templates('ALIYUN_SMS_TEMPLATE_'),
    });
    try {
      const before = fake.sent.length;
      const answer = await sendSmsCode(other.app, other.db, ADMIN_MOBILE, 1);
      expect(answer).toMatchObject({ code: BUSINESS, message: '短信服务配置有误，请联系平台管理员' });
      expect(fake.refused.at(-1)).toBe('SignatureDoesNotMatch');
      expect(fake.sent.length).toBe(before);
    } finally {
      await other.close();
    }
  });
});

describe('Tencent Cloud SMS (SMS_PROVIDER=tencent) against its loopback fake', () => {
  const credentials = { secretId: 'AKIDFakeSecretId0001', secretKey: randomSecret() };
  let fake: Awaited<ReturnType<typeof startTencentSmsFake>>;
  let t: TestApp;
  const env = () => ({
    SMS_PROVIDER: 'tencent',
    TENCENT_SECRET_ID: credentials.secretId,
    TENCENT_SECRET_KEY: credentials.secretKey,
    TENCENT_SMS_SDK_APP_ID: '1400000001',
    TENCENT_SMS_SIGN_NAME: '灵工结算平台',
    TENCENT_SMS_ENDPOINT: fake.url,
    SMS_RECEIPT_TOKEN: RECEIPT_TOKEN,
    ...templates('TENCENT_SMS_TEMPLATE_'),
  });

  beforeAll(async () => {
    fake = await startTencentSmsFake(credentials);
    t = await createTestApp(env());
  });

  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it('sends the login template id with the code as its parameter; that code logs the admin in', async () => {
    const sent = await sendSmsCode(t.app, t.db, ADMIN_MOBILE, 1);
    expect(sent.code, sent.message).toBe(OK);
    expect(fake.refused).toEqual([]);
    const message = fake.sent.at(-1)!;
    expect(message).toMatchObject({
      phoneNumber: `+86${ADMIN_MOBILE}`,
      smsSdkAppId: '1400000001',
      signName: '灵工结算平台',
      templateId: 'SMS_LOGIN',
    });
    expect(message.templateParams).toHaveLength(1);
    const answer = await codeLogin(t, ADMIN_MOBILE, message.templateParams[0]);
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content.user.username).toBe('admin');
    expect(await logOf(t, ADMIN_MOBILE)).toMatchObject({ provider: '腾讯云短信', provider_ref: message.serialNo });
  });

  it('maps the provider’s error codes to Chinese 1040400 messages', async () => {
    const cases: [string, string, string][] = [
      ['13800000003', 'LimitExceeded.PhoneNumberDailyLimit', '该手机号今日短信发送次数已达上限，请明天再试'],
      ['13800000004', 'InvalidParameterValue.IncorrectPhoneNumber', '手机号码格式不正确，请检查后重试'],
      [
        '13800000005',
        'FailedOperation.TemplateIncorrectOrUnapproved',
        '短信模板未审核通过或与内容不符，请联系平台管理员',
      ],
    ];
    for (const [mobile, code, words] of cases) {
      fake.failNext(code);
      const answer = await sendSmsCode(t.app, t.db, mobile, 1);
      expect(answer, code).toMatchObject({ code: BUSINESS, message: words });
      expect(await logOf(t, mobile)).toMatchObject({ status: SMS_STATUS.failed, reason: words });
    }
  });

  it('a status callback settles the log row, delivered or failed with its description', async () => {
    const mobile = '13800000004';
    await clearRate(t, mobile);
    expect((await sendSmsCode(t.app, t.db, mobile, 1)).code).toBe(OK);
    const { serialNo } = fake.sent.at(-1)!;
    const callback = [
      {
        user_receive_time: '2026-11-28 10:00:05',
        nationcode: '86',
        mobile,
        report_status: 'FAIL',
        errmsg: 'MN:0001',
        description: '空号',
        sid: serialNo,
      },
    ];
    const pushed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/tencent/${RECEIPT_TOKEN}`,
      payload: callback,
    });
    expect(pushed.json()).toEqual({ result: 0, errmsg: 'OK' });
    expect(await logOf(t, mobile)).toMatchObject({ status: SMS_STATUS.failed, reason: '空号（MN:0001）' });
    // Settled once: a later report of the same message changes nothing.
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/tencent/${RECEIPT_TOKEN}`,
      payload: [{ ...callback[0], report_status: 'SUCCESS' }],
    });
    expect((await logOf(t, mobile)).status).toBe(SMS_STATUS.failed);
    // Only the chosen provider's receipt route exists.
    const aliyun = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sms/receipts/aliyun/${RECEIPT_TOKEN}`,
      payload: [],
    });
    expect(aliyun.statusCode).toBe(404);
  });

  it('the fake checks the signature: a wrong key is refused', async () => {
    const other = await createTestApp({ ...env(), TENCENT_SECRET_KEY: randomSecret() });
    try {
      const answer = await sendSmsCode(other.app, other.db, ADMIN_MOBILE, 1);
      expect(answer).toMatchObject({ code: BUSINESS, message: '短信服务配置有误，请联系平台管理员' });
      expect(fake.refused.at(-1)).toBe('AuthFailure.SignatureFailure');
    } finally {
      await other.close();
    }
  });
});

describe('a half-configured SMS provider refuses the start', () => {
  it('names every missing setting', () => {
    const dataDir = `/tmp/lg-sms-config-${process.pid}`;
    const base = { DATA_DIR: dataDir, JWT_SECRET: randomSecret(), ID_KEY: randomSecret() };
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'aliyun', ALIYUN_ACCESS_KEY_ID: 'x' })).toThrow(
      /SMS_PROVIDER=aliyun 还缺少这些设置：ALIYUN_ACCESS_KEY_SECRET、ALIYUN_SMS_SIGN_NAME、ALIYUN_SMS_TEMPLATE_LOGIN、.*SMS_RECEIPT_TOKEN/,
    );
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'tencent' })).toThrow(/TENCENT_SECRET_ID、TENCENT_SECRET_KEY/);
    expect(() => loadConfig({ ...base, SMS_PROVIDER: 'yunpian' })).toThrow(
      /SMS_PROVIDER 只能是 log、aliyun、tencent 之一/,
    );
    expect(loadConfig(base).sms).toEqual({ provider: 'log' });
  });
});
