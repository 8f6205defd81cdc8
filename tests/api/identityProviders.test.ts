import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { type KnownPerson, startAliyunCloudauthFake } from '../support/fakes/aliyunCloudauthFake';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import {
  type AuthedClient,
  authed,
  createTestApp,
  envelopeOf,
  randomSecret,
  type TestApp,
  tokenOf,
} from './support/testApp';

/**
 * The worker import checks each person with the identity provider (IDENTITY_PROVIDER=aliyun against a
 * loopback cloudauth that checks the request signature); a verdict is paid once (identity_checks, keyed by an HMAC).
 */

const HEADERS = ['姓名', '身份证号', '手机号', '银行卡号', '开户银行'];
const SERIAL = 730_000;
const person = (serial: number): KnownPerson => ({
  name: `核验${'甲乙丙丁戊己庚辛壬癸'[serial % 10]}`,
  idCard: idCard(serial),
  mobile: `136${String(serial).padStart(8, '0')}`,
  bankCard: bankCard(serial),
});
const rowOf = (p: KnownPerson) => [p.name, p.idCard, p.mobile, p.bankCard, '招商银行'];

const credentials = { accessKeyId: 'LTAI5tIdentityFake', accessKeySecret: randomSecret() };
const [first, second, third] = [person(SERIAL), person(SERIAL + 1), person(SERIAL + 2)];
let fake: Awaited<ReturnType<typeof startAliyunCloudauthFake>>;
let t: TestApp;
let merchant: AuthedClient;

beforeAll(async () => {
  // The provider knows the third person with another bank card: the file's card does not match.
  // Payees: SERIAL+21 truly holds the new card bankCard(SERIAL+31); SERIAL+22 does not hold bankCard(SERIAL+32).
  const payees = [21, 22].map((offset) => {
    const [name, id, , mobile] = payee(SERIAL + offset);
    return { name, idCard: id, mobile, bankCard: bankCard(SERIAL + offset + (offset === 21 ? 10 : 0)) };
  });
  fake = await startAliyunCloudauthFake(credentials, [
    first,
    second,
    { ...third, bankCard: bankCard(SERIAL + 9) },
    ...payees,
  ]);
  t = await createTestApp({
    IDENTITY_PROVIDER: 'aliyun',
    ALIYUN_ACCESS_KEY_ID: credentials.accessKeyId,
    ALIYUN_ACCESS_KEY_SECRET: credentials.accessKeySecret,
    ALIYUN_IDENTITY_ENDPOINT: fake.url,
  });
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
}, 120_000);

afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function importFile(rows: string[][]) {
  const { payload, headers } = multipartRequest([
    { name: 'file', filename: '人员.csv', content: csvFile(rows, { headers: HEADERS }) },
  ]);
  const response = await merchant({ method: 'POST', url: '/api/v1/workers/import/sign', payload, headers });
  expect(response.statusCode).toBe(200);
  return envelopeOf(response);
}

describe('worker import checked by Aliyun 实名核验', () => {
  it('refuses the row the provider finds inconsistent, in Chinese on its row, and adds nobody', async () => {
    const answer = await importFile([first, second, third].map(rowOf));
    expect(answer.code).toBe(1040400);
    expect(answer.content.errors).toEqual([
      { rowNo: 4, field: 'bankCard', message: '姓名、身份证号、银行卡号与预留手机号不一致' },
    ]);
    expect(fake.refused).toEqual([]);
    // Four factors each: the bank-card check with the mobile.
    expect(fake.calls.map((call) => [call.action, call.params.ProductType])).toEqual([
      ['BankMetaVerify', 'BANK_CARD_4_META'],
      ['BankMetaVerify', 'BANK_CARD_4_META'],
      ['BankMetaVerify', 'BANK_CARD_4_META'],
    ]);
  });

  it('the same checks again are answered from the cache: the provider is not asked (nor paid) twice', async () => {
    const again = await importFile([first, second, third].map(rowOf));
    expect(again.content.errors).toEqual([
      { rowNo: 4, field: 'bankCard', message: '姓名、身份证号、银行卡号与预留手机号不一致' },
    ]);
    const imported = await importFile([first, second].map(rowOf));
    expect(imported.code, imported.message).toBe(1020000);
    expect(fake.calls).toHaveLength(3);

    // The cache keeps an HMAC of the factors, never the numbers.
    const cached = await t.db.selectFrom('identity_checks').selectAll().execute();
    expect(cached).toHaveLength(3);
    expect(cached.map((row) => row.passed).sort()).toEqual([0, 1, 1]);
    const stored = JSON.stringify(cached);
    for (const p of [first, second, third]) {
      expect(stored).not.toContain(p.idCard);
      expect(stored).not.toContain(p.bankCard);
      expect(stored).not.toContain(p.mobile);
    }
  });

  it('a corrected card is a new set of factors: asked again', async () => {
    const corrected = { ...third, bankCard: bankCard(SERIAL + 9) };
    const answer = await importFile([rowOf(corrected)]);
    expect(answer.code, answer.message).toBe(1020000);
    expect(fake.calls).toHaveLength(4);
  });
});

describe('a provider failure is not a verdict', () => {
  it('shows the row as not checked now and asks again next time (nothing cached)', async () => {
    const later = person(SERIAL + 5);
    const before = fake.calls.length;
    fake.failNext('500');
    const failed = await importFile([rowOf(later)]);
    expect(failed.content.errors).toEqual([
      { rowNo: 2, field: 'idCard', message: '实名核验服务暂不可用（500），请稍后重试' },
    ]);
    // Unknown to the provider: asked again, answered 查无此人, and that verdict is kept.
    const again = await importFile([rowOf(later)]);
    expect(again.content.errors).toEqual([{ rowNo: 2, field: 'idCard', message: '实名核验查无此人，请核对身份证号' }]);
    expect(fake.calls.length).toBe(before + 2);
  });
});

describe('a payout to a payee’s new bank card', () => {
  it('checks only the new cards with the provider and refuses the one that is not the payee’s', async () => {
    await signPayees(t, { companyId: 1, platformMark: 1 }, [SERIAL + 20, SERIAL + 21, SERIAL + 22]);
    const rows = [
      payee(SERIAL + 20),
      payee(SERIAL + 21, { 银行卡号: bankCard(SERIAL + 31) }),
      payee(SERIAL + 22, { 银行卡号: bankCard(SERIAL + 32) }),
    ];
    const before = fake.calls.length;
    const { payload, headers } = multipartRequest([{ name: 'file', filename: '打款.csv', content: csvFile(rows) }]);
    const answer = envelopeOf(
      await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
    );
    expect(answer.code).toBe(1040400);
    expect(answer.content.errors).toEqual([
      { rowNo: 4, field: 'bankCard', message: '新银行卡实名核验未通过：姓名、身份证号、银行卡号与预留手机号不一致' },
    ]);
    // The card on record (row 2) is not asked about; the two new ones are.
    expect(fake.calls.slice(before).map((call) => call.params.BankCard)).toEqual([
      bankCard(SERIAL + 31),
      bankCard(SERIAL + 32),
    ]);

    const fixed = [rows[0], rows[1]];
    const { payload: again, headers: againHeaders } = multipartRequest([
      { name: 'file', filename: '打款.csv', content: csvFile(fixed) },
    ]);
    const accepted = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/remittances/batch/validate',
        payload: again,
        headers: againHeaders,
      }),
    );
    expect(accepted.code, accepted.message).toBe(1020000);
    // The verified new card was answered from the cache.
    expect(fake.calls.length).toBe(before + 2);
  });
});

describe('a half-configured identity provider refuses the start', () => {
  it('names the missing settings', () => {
    const base = {
      DATA_DIR: `/tmp/lg-identity-config-${process.pid}`,
      JWT_SECRET: randomSecret(),
      ID_KEY: randomSecret(),
    };
    expect(() => loadConfig({ ...base, IDENTITY_PROVIDER: 'aliyun' })).toThrow(
      'IDENTITY_PROVIDER=aliyun 还缺少这些设置：ALIYUN_ACCESS_KEY_ID、ALIYUN_ACCESS_KEY_SECRET',
    );
    expect(loadConfig(base).identity).toEqual({ provider: 'dev' });
  });
});
