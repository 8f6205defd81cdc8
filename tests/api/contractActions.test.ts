import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { companyEnterprise } from '../../server/enterprises/enterprises.service';
import { CALLBACK_CHANNEL_CHOICES, ENTERPRISE_MSG } from '../../src/domain/enterprises';
import { DIRECTION } from '../../src/domain/thirdPartyCalls';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { multipartRequest } from './support/multipart';
import { signPayees } from './support/signedWorkers';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * What the merchant's /contractManagement and /remit rely on: another company's agreement can be neither
 * read, signed nor downloaded; a risky enterprise needs the caller's confirmation before a payout or a signing,
 * a locked one refuses both; the e-sign calls the platform makes go into the call log with secrets masked.
 */

let t: TestApp;
let admin: AuthedClient;
let merchant: AuthedClient;
let xgm: AuthedClient;
let smallCompanyId: number;

beforeAll(async () => {
  t = await createTestApp();
  await signPayees(t, { companyId: 1, platformMark: 1 }, [8201]);
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
  merchant = authed(t.app, await tokenOf(t.app, 'merchant'));
  xgm = authed(t.app, await tokenOf(t.app, 'xgm', 3), 3);
  const small = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', 'xgm')
    .executeTakeFirstOrThrow();
  smallCompanyId = Number(small.company_id);
}, 120_000);
afterAll(async () => t?.close());

async function call(client: AuthedClient, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const response = await client({ method, url, payload });
  return { status: response.statusCode, ...envelopeOf(response) };
}

const enterpriseNamed = (short: string) =>
  t.db.selectFrom('enterprises').selectAll().where('short_name', '=', short).executeTakeFirstOrThrow();

/** Draws up company 1's service agreement with 宝谷 (as the merchant), answering its id. */
async function draftAgreement(): Promise<number> {
  const baogu = await enterpriseNamed('宝谷');
  const started = await call(merchant, 'POST', `/api/v1/companies/service_sign/1/${baogu.id}`, { type: 1 });
  expect(started.code, started.message).toBe(1020000);
  return started.content.id;
}

describe("another company's agreement", () => {
  it('cannot be viewed, signed, linked, paper-signed or downloaded by another merchant', async () => {
    const id = await draftAgreement();
    // The attacker is a merchant of another company (the small-scale demo merchant).
    for (const [method, url, payload] of [
      ['GET', `/api/v1/consent/${id}`, undefined],
      ['GET', `/api/v1/companies/service_sign/${id}`, undefined],
      ['POST', `/api/v1/consent/${id}`, { confirmRisk: true }],
      ['GET', `/api/v1/companies/service_signurl/${smallCompanyId}?id=${id}`, undefined],
      ['POST', '/api/v1/contract/get_download_url_contract', { id }],
      ['POST', '/api/v1/contract/downloadzip', { ids: [id] }],
      ['GET', `/api/v1/contract/${id}`, undefined],
    ] as const) {
      const answer = await xgm({ method, url, payload });
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
      expect(answer.body).not.toContain('XY');
    }
    const paper = await xgm({
      method: 'PUT',
      url: `/api/v1/contract/upload_paper/${smallCompanyId}?id=${id}&paperUrl=${encodeURIComponent('/api-v1/dl?file=1')}`,
    });
    expect(paper.statusCode).toBe(403);
    // Its own list does not show it either.
    const listed = await call(xgm, 'GET', '/api/v1/contract?page=0&size=200');
    expect(listed.content.content.map((row: { id: number }) => row.id)).not.toContain(id);
    const row = await t.db
      .selectFrom('contracts')
      .select(['sign_status', 'paper_file_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ sign_status: 0, paper_file_id: null });
  });

  it('the owner reads it with its risk and lock state, and a download link of the draft before signing', async () => {
    const id = await draftAgreement();
    const consent = await call(merchant, 'GET', `/api/v1/consent/${id}`);
    expect(consent.content).toMatchObject({ id, signStatus: 0, riskText: null, lockedText: null, hasDocument: true });
    const link = await call(merchant, 'POST', '/api/v1/contract/get_download_url_contract', { id });
    const file = await t.app.inject({ method: 'GET', url: link.content.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    // The contract list answers what the row buttons need.
    const listed = await call(merchant, 'GET', `/api/v1/contract?q=${encodeURIComponent(`contractIds:${id}`)}`);
    expect(listed.content.content[0]).toMatchObject({ id, signStatus: 0, dataStatus: 1 });
    expect(listed.content.content[0].fileId).toEqual(expect.any(Number));
  });

  it('the owner signs it with a paper copy instead: uploaded, then downloadable, and only once', async () => {
    const id = await draftAgreement();
    const scan = Buffer.from('%PDF-1.4\n% paper contract scan signed by hand\n%%EOF\n');
    const uploaded = envelopeOf<{ url: string }>(
      await merchant({
        method: 'POST',
        url: '/api/v1/common/uploadfiles',
        ...multipartRequest([
          { name: 'kind', value: 'annex' },
          { name: 'file', filename: '纸质合同.pdf', content: scan },
        ]),
      }),
    );
    expect(uploaded.code, uploaded.message).toBe(1020000);
    const url = (paperUrl: string) =>
      `/api/v1/contract/upload_paper/1?id=${id}&paperUrl=${encodeURIComponent(paperUrl)}`;
    expect((await call(merchant, 'PUT', url('/not-a-file'))).message).toBe('请先上传纸质合同扫描件');

    const done = await call(merchant, 'PUT', url(uploaded.content.url));
    expect(done.message).toBe('纸质合同已上传');
    expect(done.content).toMatchObject({ id, signStatus: 1, signMode: 2 });
    const listed = await call(merchant, 'GET', `/api/v1/contract?q=${encodeURIComponent(`contractIds:${id}`)}`);
    expect(listed.content.content[0]).toMatchObject({ id, signStatus: 1, signMode: 2 });
    // The download is the scan, not the drawn-up PDF.
    const link = await call(merchant, 'POST', '/api/v1/contract/get_download_url_contract', { id });
    const file = await t.app.inject({ method: 'GET', url: link.content.url });
    expect(file.rawPayload.equals(scan)).toBe(true);
    expect((await call(merchant, 'PUT', url(uploaded.content.url))).message).toBe('该合同已签署');
  });
});

describe('a risky enterprise asks, a locked one refuses', () => {
  it('signing with a risky enterprise needs confirmRisk, and the refusal names the reason', async () => {
    const id = await draftAgreement();
    const baogu = await enterpriseNamed('宝谷');
    const risky = await call(admin, 'PUT', `/api/v1/enterprises/risky/${baogu.id}`, { reason: '税务稽查中' });
    expect(risky.code, risky.message).toBe(1020000);
    try {
      const consent = await call(merchant, 'GET', `/api/v1/consent/${id}`);
      expect(consent.content.riskText).toBe(ENTERPRISE_MSG.riskyConfirm(baogu.name, '税务稽查中'));
      const refused = await call(merchant, 'POST', `/api/v1/consent/${id}`, {});
      expect(refused.code).toBe(1040400);
      expect(refused.message).toBe(ENTERPRISE_MSG.riskyConfirm(baogu.name, '税务稽查中'));
      expect(refused.message).toContain('税务稽查中');
      expect(refused.content).toEqual({
        riskConfirm: { enterpriseId: Number(baogu.id), enterpriseName: baogu.name, reason: '税务稽查中' },
      });
      const still = await t.db.selectFrom('contracts').select('sign_status').where('id', '=', id).executeTakeFirst();
      expect(still?.sign_status).toBe(0);
      const signed = await call(merchant, 'POST', `/api/v1/consent/${id}`, { confirmRisk: true });
      expect(signed.code, signed.message).toBe(1020000);
      expect(signed.content.signStatus).toBe(1);
    } finally {
      await call(admin, 'GET', `/api/v1/enterprises/unlock/${baogu.id}`);
    }
  });

  it('a locked enterprise refuses the signing even when the risk is confirmed', async () => {
    const id = await draftAgreement();
    const baogu = await enterpriseNamed('宝谷');
    await call(admin, 'POST', `/api/v1/enterprises/lock/${baogu.id}`, { reason: '暂停合作' });
    try {
      const consent = await call(merchant, 'GET', `/api/v1/consent/${id}`);
      expect(consent.content.lockedText).toBe(ENTERPRISE_MSG.locked(baogu.name));
      const refused = await call(merchant, 'POST', `/api/v1/consent/${id}`, { confirmRisk: true });
      expect(refused.message).toBe(ENTERPRISE_MSG.locked(baogu.name));
      const still = await t.db.selectFrom('contracts').select('sign_status').where('id', '=', id).executeTakeFirst();
      expect(still?.sign_status).toBe(0);
    } finally {
      await call(admin, 'GET', `/api/v1/enterprises/unlock/${baogu.id}`);
    }
  });

  it('a payout batch with a risky enterprise: the preview says so, the submit needs confirmRisk', async () => {
    const enterprise = await companyEnterprise(t.db, 1, 1);
    expect(enterprise).toBeDefined();
    const id = enterprise!.id;
    await call(admin, 'PUT', `/api/v1/enterprises/risky/${id}`, { reason: '发票异常' });
    try {
      const { payload, headers } = multipartRequest([
        { name: 'file', filename: '批量打款.csv', content: csvFile([payee(8201)]) },
      ]);
      const preview = envelopeOf(
        await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
      );
      expect(preview.code, preview.message).toBe(1020000);
      const text = ENTERPRISE_MSG.riskyConfirm(enterprise!.name, '发票异常');
      expect(preview.content.enterprise).toEqual({
        enterpriseId: id,
        enterpriseName: enterprise!.name,
        status: 3,
        riskText: text,
        lockedText: null,
      });
      const draftId = preview.content.draftId;
      const submit = (extra: object) =>
        call(merchant, 'POST', '/api/v1/remittances/batch/submit', {
          draftId,
          payPassword: DEMO_PAYMENT_PASSWORD,
          ...extra,
        });
      expect((await submit({ confirmRisk: 'yes' })).message).toBe('风险确认的取值不正确');
      const refused = await submit({});
      expect(refused.message).toBe(text);
      expect(refused.content.riskConfirm).toMatchObject({ enterpriseId: id, reason: '发票异常' });
      expect((await submit({ confirmRisk: false })).message).toBe(text);
      expect(await t.db.selectFrom('payout_batches').select('id').where('draft_id', '=', draftId).execute()).toEqual(
        [],
      );
      const accepted = await submit({ confirmRisk: true });
      expect(accepted.code, accepted.message).toBe(1020000);
      expect(accepted.content.itemCount).toBe(1);
    } finally {
      await call(admin, 'GET', `/api/v1/enterprises/unlock/${id}`);
    }
  });

  it('a payout batch with a locked enterprise is refused, confirmed or not; the preview says why', async () => {
    const enterprise = await companyEnterprise(t.db, 1, 1);
    const id = enterprise!.id;
    await call(admin, 'POST', `/api/v1/enterprises/lock/${id}`, { reason: '暂停打款' });
    try {
      const { payload, headers } = multipartRequest([
        { name: 'file', filename: '批量打款.csv', content: csvFile([payee(8201)]) },
      ]);
      const preview = envelopeOf(
        await merchant({ method: 'POST', url: '/api/v1/remittances/batch/validate', payload, headers }),
      );
      expect(preview.content.enterprise.lockedText).toBe(ENTERPRISE_MSG.locked(enterprise!.name));
      const refused = await call(merchant, 'POST', '/api/v1/remittances/batch/submit', {
        draftId: preview.content.draftId,
        payPassword: DEMO_PAYMENT_PASSWORD,
        confirmRisk: true,
      });
      expect(refused.message).toBe(ENTERPRISE_MSG.locked(enterprise!.name));
    } finally {
      await call(admin, 'GET', `/api/v1/enterprises/unlock/${id}`);
    }
  });
});

describe('calls out are logged', () => {
  it("drawing up and signing an agreement log the e-sign calls on the enterprise's callback page", async () => {
    const before = await t.db
      .selectFrom('third_party_calls')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const since = Number(before?.id ?? 0);
    const baogu = await enterpriseNamed('宝谷');
    // A new draft: the open one of earlier tests was signed or is reused.
    await t.db
      .updateTable('contracts')
      .set({ data_status: 0 })
      .where('company_id', '=', 1)
      .where('enterprise_id', '=', Number(baogu.id))
      .where('sign_status', '=', 0)
      .execute();
    const id = await draftAgreement();
    expect((await call(merchant, 'POST', `/api/v1/consent/${id}`, {})).code).toBe(1020000);
    const calls = await t.db
      .selectFrom('third_party_calls')
      .selectAll()
      .where('id', '>', since)
      .where('direction', '=', DIRECTION.outbound)
      .orderBy('id')
      .execute();
    expect(calls.map((row) => row.kind)).toEqual(['esign.render', 'esign.sign']);
    const channel = CALLBACK_CHANNEL_CHOICES.find((item) => item.name === '宝谷')!;
    for (const row of calls) {
      expect(row).toMatchObject({
        enterprise_id: Number(baogu.id),
        channel: channel.id,
        http_status: 200,
        outcome: 1,
        method: 'CALL',
      });
      expect(row.latency_ms).toBeGreaterThanOrEqual(0);
    }
    // The PDF is logged as its size and hash, not its bytes.
    const signRequest = JSON.parse(calls[1].request_body ?? '[]');
    expect(signRequest[0]).toEqual({ bytes: expect.any(Number), sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(signRequest[1]).toMatchObject({ role: '甲方' });
    const signed = await t.db.selectFrom('contracts').select('file_sha256').where('id', '=', id).executeTakeFirst();
    expect(JSON.parse(calls[1].response_body ?? '{}')).toMatchObject({ sha256: signed?.file_sha256 });

    const page = await call(admin, 'GET', `/api/v1/thirdcalls/baogu/search?q=direction:2&page=0&size=50`);
    expect(page.content.content.map((row: { id: number }) => row.id)).toEqual(
      expect.arrayContaining(calls.map((row) => Number(row.id))),
    );
    const other = await call(admin, 'GET', '/api/v1/thirdcalls/bigbear/search?q=direction:2&page=0&size=50');
    expect(other.content.content.map((row: { id: number }) => row.id)).not.toContain(Number(calls[0].id));
  });

  it("a worker's agreement is logged without the worker's full ID, card or mobile number", async () => {
    const serial = 650_000 + (Date.now() % 1000);
    const mobile = `137${String(serial).padStart(8, '0')}`;
    const added = await call(merchant, 'POST', '/api/v1/workers', {
      name: '日志测试',
      idCard: idCard(serial),
      mobile,
      bankCard: bankCard(serial),
      bankName: '中国银行',
    });
    expect(added.code, added.message).toBe(1020000);
    const worker = await t.db.selectFrom('workers').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow();
    const link = await call(merchant, 'POST', `/api/v1/workers/${worker.id}/sign_link`);
    expect(link.code, link.message).toBe(1020000);
    const logged = await t.db
      .selectFrom('third_party_calls')
      .selectAll()
      .where('kind', '=', 'esign.render')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const text = `${logged.request_body}${logged.response_body}`;
    expect(text).toContain('日志测试');
    expect(text).not.toContain(idCard(serial));
    expect(text).not.toContain(bankCard(serial));
    expect(text).not.toContain(mobile);
    expect(text).toContain(idCard(serial).slice(-4));
  });
});

describe('calls to the bank are logged', () => {
  it('a sub-account password set with the bank is logged without the password', async () => {
    const caiwu = authed(t.app, await tokenOf(t.app, 'caiwu'));
    const status = envelopeOf(await caiwu({ method: 'GET', url: '/api/v1/accounts/status/1' }));
    const accountNumber = status.content.accountNumber;
    const done = await call(caiwu, 'PATCH', `/api/v1/accounts/${accountNumber}/password`, {
      password: '357913',
      repassword: '357913',
    });
    expect(done.message).toBe('子账户密码已设置');
    const logged = await t.db
      .selectFrom('third_party_calls')
      .selectAll()
      .where('kind', '=', 'bank.setPassword')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ direction: DIRECTION.outbound, http_status: 200, outcome: 1, enterprise_id: null });
    expect(JSON.parse(logged.request_body ?? '{}')).toMatchObject({
      password: '***',
      accountNumber: expect.any(String),
    });
    expect(logged.request_body).not.toContain('357913');
    // The lookup before it went to the bank too.
    const lookup = await t.db
      .selectFrom('third_party_calls')
      .select('request_body')
      .where('kind', '=', 'bank.subAccount')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(lookup.request_body).toContain(accountNumber.slice(-4));
  });
});
