import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adSensitiveWords, topUpSideSensitiveWord } from '../../resources/sensitiveWords';
import { chinaTime } from '../../server/db/time';
import { csvFile, payee } from '../support/batchFiles';
import { fileBytes, multipartRequest } from './support/multipart';
import { range, signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** The two sensitive-word lists: their upkeep, the import, and the places they refuse text. */

const OK = 1020000;
const BUSINESS = 1040400;

let t: TestApp;
let admin: AuthedClient;
let kefu: AuthedClient;
let merchant: AuthedClient;

const GENERAL = adSensitiveWords.api;
const TOPUP = topUpSideSensitiveWord.api;

beforeAll(async () => {
  t = await createTestApp();
  // Payouts go only to signed workers: the payees this file uploads have signed.
  for (const company of [{ companyId: 1, platformMark: 1 }]) await signPayees(t, company, range(0, 10));
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  kefu = authed(t.app, await tokenOf(t.app, 'kefu'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
});

afterAll(async () => {
  await t?.close();
});

const send = (client: AuthedClient, method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  client({ method, url, ...(payload === undefined ? {} : { payload: payload as object }) }).then(envelopeOf);

async function addWord(api: typeof GENERAL, word: string): Promise<number> {
  const answer = await send(admin, 'POST', api.create as string, { word });
  expect(answer.code, answer.message).toBe(OK);
  return answer.content.id as number;
}

const notice = (title: string, body: string) =>
  send(admin, 'POST', '/api/v1/notifications/savenotifications', { title, body, platformmark: 1 });

describe('the lists', () => {
  it('keeps the two lists apart and a word unique in its list by its normalized form', async () => {
    await addWord(GENERAL, '违规返现');
    const again = await send(admin, 'POST', GENERAL.create as string, { word: '违规返现' });
    expect(again.code).toBe(BUSINESS);
    expect(again.message).toBe('该敏感词已存在');
    await addWord(GENERAL, 'VPN');
    const wide = await send(admin, 'POST', GENERAL.create as string, { word: 'ｖｐｎ' });
    expect(wide.message).toBe('该敏感词已存在');
    // The same word may be on the other list.
    await addWord(TOPUP, 'VPN');
    const general = envelopeOf(await admin.get(`${GENERAL.list}?page=0&size=100`)).content;
    const topUp = envelopeOf(await admin.get(`${TOPUP.list}?page=0&size=100`)).content;
    const listed = async (listType: number) =>
      (await t.db.selectFrom('sensitive_words').select('word').where('list_type', '=', listType).execute())
        .map((row) => row.word)
        .sort();
    expect(general.content.map((row: { word: string }) => row.word).sort()).toEqual(await listed(1));
    expect(topUp.content.map((row: { word: string }) => row.word).sort()).toEqual(await listed(2));
    expect(await listed(1)).toContain('VPN');
    expect(await listed(2)).toContain('VPN');
    expect(general.content.some((row: { word: string }) => row.word === '代开发票')).toBe(true);
    expect(topUp.content.some((row: { word: string }) => row.word === '代开发票')).toBe(false);
    expect(topUp.content[0].creator).toBeTruthy();
  });

  it('a word of one list is not found through the other list’s paths', async () => {
    const row = await t.db
      .selectFrom('sensitive_words')
      .select('id')
      .where('list_type', '=', 1)
      .where('word', '=', '违规返现')
      .executeTakeFirstOrThrow();
    const wrong = await send(admin, 'DELETE', (TOPUP.delete as string).replace(':id', String(row.id)));
    expect(wrong.code).toBe(BUSINESS);
    expect(wrong.message).toBe('敏感词不存在');
  });

  it('imports a text file, one word a line, counting repeats and skipping blank and long lines', async () => {
    const text = `\uFEFF赌博\r\n\r\n  刷单  \nvpn\n刷单\n色情\n${'长'.repeat(33)}\n`;
    const answer = await send(admin, 'POST', `${GENERAL.create}/import`, { text });
    expect(answer.code, answer.message).toBe(OK);
    expect(answer.content).toEqual({ added: 2, duplicates: 3, tooLong: 1 });
    expect(answer.message).toBe('导入 2 个，3 个已存在或重复，1 个超过长度被跳过');
    const words = await t.db
      .selectFrom('sensitive_words')
      .select('word')
      .where('list_type', '=', 1)
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    // 赌博 is a demo word already; vpn repeats VPN: the new ones are 刷单 and 色情.
    expect(words.map((row) => row.word).sort()).toEqual(['刷单', '色情']);
    const log = await t.db
      .selectFrom('operation_logs')
      .select(['action', 'resource'])
      .where('action', '=', 'import')
      .executeTakeFirst();
    expect(log).toEqual({ action: 'import', resource: 'adSensitiveWords' });
  });

  it('belongs to each list’s own code', async () => {
    expect((await kefu.get(`${GENERAL.list}?page=0&size=1`)).statusCode).toBe(403);
    expect((await kefu({ method: 'POST', url: `${TOPUP.create}/import`, payload: { text: 'x' } })).statusCode).toBe(
      403,
    );
    const empty = await send(admin, 'POST', `${TOPUP.create}/import`, { text: '   ' });
    expect(empty.code).toBe(BUSINESS);
  });
});

describe('where text enters', () => {
  it('refuses a notice whose title or body holds a word, naming it, whatever its case and width', async () => {
    const title = await notice('关于ＶＰＮ使用的通知', '正文');
    expect(title.code).toBe(BUSINESS);
    expect(title.message).toBe('标题包含敏感词「VPN」，请修改后再提交');
    expect(title.content.errors.title).toBe(title.message);
    const body = await notice('平台公告', '禁止任何形式的刷单行为');
    expect(body.message).toBe('内容包含敏感词「刷单」，请修改后再提交');
    expect((await notice('平台公告', '正常的内容')).code).toBe(OK);
  });

  it('rebuilds the matcher when the list changes', async () => {
    const id = await addWord(GENERAL, '临时词');
    expect((await notice('临时词公告', '正文')).message).toBe('标题包含敏感词「临时词」，请修改后再提交');
    const removed = await send(admin, 'DELETE', (GENERAL.delete as string).replace(':id', String(id)));
    expect(removed.code, removed.message).toBe(OK);
    expect((await notice('临时词公告', '正文')).code).toBe(OK);
  });

  it('sees a word another server process added, by the list’s version', async () => {
    // Another process writes the word and bumps the version; this one has a matcher built before.
    expect((await notice('外部进程', '正文')).code).toBe(OK);
    await t.db
      .insertInto('sensitive_words')
      .values({ list_type: 1, word: '外部进程', normalized: '外部进程', creator: 'other', create_time: chinaTime() })
      .execute();
    expect((await notice('外部进程', '正文')).code).toBe(OK);
    await t.db
      .updateTable('sensitive_word_lists')
      .set((eb) => ({ version: eb('version', '+', 1), stamp: 'other-process' }))
      .where('list_type', '=', 1)
      .execute();
    expect((await notice('外部进程', '正文')).message).toBe('标题包含敏感词「外部进程」，请修改后再提交');
  });

  it('refuses a top-up remark holding a top-up word, and only those', async () => {
    const upload = envelopeOf(
      await merchant({
        method: 'POST',
        url: '/api/v1/common/uploadfiles',
        ...multipartRequest([
          { name: 'kind', value: 'image' },
          { name: 'file', filename: '凭证.png', content: fileBytes('png', 2048) },
        ]),
      }),
    );
    expect(upload.code, upload.message).toBe(OK);
    const body = (remark: string, serial: string) => ({
      amount: 1_000_000,
      payerName: '上海灵动科技有限公司',
      payerAccount: '6222021001122334455',
      bankSerial: serial,
      voucherUrl: upload.content.url,
      remark,
    });
    const refused = await send(merchant, 'POST', '/api/v1/recharges', body('购买ｖｐｎ服务', 'SENS0001'));
    expect(refused.code).toBe(BUSINESS);
    expect(refused.message).toBe('备注包含敏感词「VPN」，请修改后再提交');
    expect(refused.content.errors.remark).toBe(refused.message);
    // 刷单 is on the general list only.
    const accepted = await send(merchant, 'POST', '/api/v1/recharges', body('不涉及刷单', 'SENS0002'));
    expect(accepted.code, accepted.message).toBe(OK);
  });

  it('refuses a payout file whose remark holds a top-up word', async () => {
    const file = csvFile([payee(1), payee(2, { 备注: '报酬VPN费用' })]);
    const { payload, headers } = multipartRequest([{ name: 'file', filename: '批量打款.csv', content: file }]);
    const answer = envelopeOf(
      await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
    );
    expect(answer.code).toBe(BUSINESS);
    expect(answer.message).toBe('打款备注包含敏感词「VPN」，请修改后再提交');
    const clean = multipartRequest([{ name: 'file', filename: '批量打款.csv', content: csvFile([payee(3)]) }]);
    const ok = envelopeOf(await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', ...clean }));
    expect(ok.code, ok.message).toBe(OK);
  });
});
