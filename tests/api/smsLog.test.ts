import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogSmsSender, type SmsSender } from '../../server/accounts/sms/smsSender';
import { classifySms, recordingSmsSender } from '../../server/system/smsLog';
import { SMS_STATUS } from '../../src/domain/smsLog';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  lastSmsCode,
  sendSmsCode,
  type TestApp,
  tokenOf,
} from './support/testApp';

/** /noteSendStatus: every SMS leaves a row with its delivery status, never its code. */

let t: TestApp;
let caiwu: AuthedClient;
let kefu: AuthedClient;

beforeAll(async () => {
  t = await createTestApp();
  caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
});

afterAll(async () => {
  await t?.close();
});

const quietLog = { info() {}, error() {} } as never;

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return read();
}

const latestRow = () => t.db.selectFrom('sms_logs').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();

describe('the log of a code sent through the API', () => {
  it('records the kind, the masked number and the wording without the code', async () => {
    const answer = await sendSmsCode(t.app, t.db, '13900000002', 1);
    expect(answer.code, answer.message).toBe(1020000);
    const code = await lastSmsCode(t.db, '13900000002');
    const row = await latestRow();
    expect(row).toMatchObject({ mobile: '13900000002', mobile_masked: '139****0002', type: 1 });
    expect(code).toMatch(/^\d{6}$/);
    expect(row.template).not.toContain(code as string);
    expect(row.template).toContain('验证码为******');
    // The test app's sender takes the message and never reports: it stays 发送中.
    expect(row.status).toBe(SMS_STATUS.sending);

    const page = envelopeOf(await caiwu.get('/api/v1/smslogs/search?q=mobile:13900000002&page=0&size=50')).content;
    expect(page.content.length).toBeGreaterThan(0);
    expect(page.content.every((entry: { mobile: string }) => entry.mobile === '139****0002')).toBe(true);
    expect(JSON.stringify(page)).not.toContain(code as string);
    const partial = envelopeOf(await caiwu.get('/api/v1/smslogs/search?q=mobile:1390000&page=0&size=50')).content;
    expect(partial.totalElements).toBe(0);
    expect((await kefu.get('/api/v1/smslogs/search?page=0&size=1')).statusCode).toBe(403);
  });
});

describe('delivery reports through the sender interface', () => {
  it('the development sender reports delivered, and a stopped number failed with its reason', async () => {
    const sender = recordingSmsSender(t.db, createLogSmsSender(quietLog, false), quietLog);
    await sender.send('13700000001', '【灵工结算平台】您的注册验证码为123456，5分钟内有效，请勿泄露给他人。');
    const delivered = await waitFor(latestRow, (row) => row.status !== SMS_STATUS.sending);
    expect(delivered).toMatchObject({
      status: SMS_STATUS.delivered,
      type: 6,
      provider: '开发环境（日志）',
      reason: null,
    });
    expect(delivered.template).not.toContain('123456');

    await sender.send('19900001234', '【灵工结算平台】您的登录验证码为654321，5分钟内有效，请勿泄露给他人。');
    const failed = await waitFor(latestRow, (row) => row.status !== SMS_STATUS.sending);
    expect(failed).toMatchObject({
      status: SMS_STATUS.failed,
      reason: '用户停机（开发环境模拟）',
      mobile_masked: '199****1234',
    });
  });

  it('a provider that refuses the message leaves 失败 with its error, and the caller sees the error', async () => {
    const refusing: SmsSender = {
      provider: '测试通道',
      async send() {
        throw new Error('签名未报备');
      },
    };
    const sender = recordingSmsSender(t.db, refusing, quietLog);
    await expect(sender.send('13700000002', '【灵工结算平台】通知')).rejects.toThrow('签名未报备');
    expect(await latestRow()).toMatchObject({
      status: SMS_STATUS.failed,
      reason: '签名未报备',
      provider: '测试通道',
      type: 0,
    });
  });

  it('a late report settles the row once; a second report changes nothing', async () => {
    let report: ((value: { delivered: true } | { delivered: false; reason: string }) => void) | undefined;
    const slow: SmsSender = {
      async send(_mobile, _text, options) {
        report = options?.onDelivery;
      },
    };
    const sender = recordingSmsSender(t.db, slow, quietLog);
    await sender.send('13700000003', '【灵工结算平台】您的账号x密码已重置，新密码为Ab12345678，请登录后尽快修改。', {
      secrets: ['Ab12345678'],
    });
    expect(await latestRow()).toMatchObject({ status: SMS_STATUS.sending, type: 10, provider: '自定义短信通道' });
    expect((await latestRow()).template).not.toContain('Ab12345678');
    report?.({ delivered: false, reason: '空号' });
    await waitFor(latestRow, (row) => row.status !== SMS_STATUS.sending);
    report?.({ delivered: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await latestRow()).toMatchObject({ status: SMS_STATUS.failed, reason: '空号' });
  });
});

describe('classifySms', () => {
  it('names each of the platform’s messages and hides codes and secrets', () => {
    expect(classifySms('您的设置支付密码验证码为001122，5分钟内有效')).toEqual({
      type: 4,
      template: '您的设置支付密码验证码为******，5分钟内有效',
    });
    expect(classifySms('您的重置密码验证码为999999').type).toBe(2);
    expect(classifySms('任意通知').type).toBe(0);
  });
});
