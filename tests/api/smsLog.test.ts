import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogSmsSender, type SmsSender } from '../../server/accounts/sms/smsSender';
import { loggedSms, recordingSmsSender } from '../../server/system/smsLog';
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
    await sender.send('13700000001', { kind: 'REGISTER', variables: { code: '123456' } });
    const delivered = await waitFor(latestRow, (row) => row.status !== SMS_STATUS.sending);
    expect(delivered).toMatchObject({
      status: SMS_STATUS.delivered,
      type: 6,
      provider: '服务器日志（未发送）',
      reason: null,
    });
    expect(delivered.template).not.toContain('123456');

    await sender.send('19900001234', { kind: 'LOGIN', variables: { code: '654321' } });
    const failed = await waitFor(latestRow, (row) => row.status !== SMS_STATUS.sending);
    expect(failed).toMatchObject({
      status: SMS_STATUS.failed,
      reason: '用户停机',
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
    await expect(sender.send('13700000002', { kind: 'VERIFY', variables: { code: '111111' } })).rejects.toThrow(
      '签名未报备',
    );
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
      async send(_mobile, _message, options) {
        report = options?.onDelivery;
        return undefined;
      },
    };
    const sender = recordingSmsSender(t.db, slow, quietLog);
    await sender.send('13700000003', { kind: 'NEW_PASSWORD', variables: { account: 'x', password: 'Ab12345678' } });
    expect(await latestRow()).toMatchObject({ status: SMS_STATUS.sending, type: 10, provider: '自定义短信通道' });
    expect((await latestRow()).template).not.toContain('Ab12345678');
    report?.({ delivered: false, reason: '空号' });
    await waitFor(latestRow, (row) => row.status !== SMS_STATUS.sending);
    report?.({ delivered: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await latestRow()).toMatchObject({ status: SMS_STATUS.failed, reason: '空号' });
  });
});

describe('loggedSms', () => {
  it('names each kind of message and hides codes and secrets', () => {
    expect(loggedSms({ kind: 'PAY_PASSWORD', variables: { code: '001122' } })).toEqual({
      type: 4,
      template: '【灵工结算平台】您的设置支付密码验证码为******，5分钟内有效，请勿泄露给他人。',
    });
    expect(loggedSms({ kind: 'RESET', variables: { code: '999999' } }).type).toBe(2);
    const opened = loggedSms({
      kind: 'ACCOUNT_OPENED',
      variables: { noun: '客服', account: 'kf9', password: 'Zx98765432' },
    });
    expect(opened.type).toBe(10);
    expect(opened.template).toBe('【灵工结算平台】您的客服账号kf9已开通，初始密码为******，请登录后尽快修改。');
  });
});
