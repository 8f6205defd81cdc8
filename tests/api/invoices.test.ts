import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_MSG } from '../../server/invoices/services/applicationRequest';
import { ELIGIBILITY_MSG } from '../../server/invoices/services/applyInvoice';
import { STEP_MSG } from '../../server/invoices/services/stepRequests';
import { INCOMPLETE_INFO } from '../../src/domain/invoiceApplication';
import { differenceInvoice, vatSpecialInvoice } from '../../src/domain/invoiceFormulas';
import { BATCH, BATCH_INVOICE, INVOICE } from '../../src/domain/moneyEnums';
import { MSG } from '../../src/domain/validation';
import { type Answer, BUSINESS, call, clientOf, OK, staffAccount, uploadFile } from './support/invoiceTestKit';
import { type FixtureBatch, insertBatch, setAsideEligibleBatches } from './support/payoutFixtures';
import { RACERS, race } from './support/raceKit';
import type { AuthedClient, TestApp } from './support/testApp';
import { createTestApp, login } from './support/testApp';

let t: TestApp;
let merchant: AuthedClient; // company 1, edition 1
let xgm: AuthedClient; // company 2, edition 3
let caiwu: AuthedClient;
let admin: AuthedClient;
let standardCategory: number;
let smallCategory: number;

const INFO = {
  invoiceTitle: '上海灵动科技有限公司',
  invoiceTaxNumber: '91310000MA1FL0ABCD',
  invoiceBank: '招商银行上海分行',
  invoiceAccount: '121909876510101',
  invoiceAddress: '上海市浦东新区世纪大道100号',
  invoicePhone: '021-55556666',
};

async function setInvoiceInfo(companyId: number, info: Partial<typeof INFO> | null) {
  await t.db
    .updateTable('companies')
    .set({
      invoice_title: info?.invoiceTitle ?? null,
      invoice_tax_number: info?.invoiceTaxNumber ?? null,
      invoice_bank: info?.invoiceBank ?? null,
      invoice_account: info?.invoiceAccount ?? null,
      invoice_address: info?.invoiceAddress ?? null,
      invoice_phone: info?.invoicePhone ?? null,
    })
    .where('id', '=', companyId)
    .execute();
}

const standardBatch = (amounts: number[] = [1_000_000, 2_345_600], status: number = BATCH.completed) =>
  insertBatch(t.db, { companyId: 1, platformMark: 1, amounts, status });
const smallBatch = (amounts: number[] = [20_000_000]) =>
  insertBatch(t.db, { companyId: 2, platformMark: 3, amounts, rate: 500 });

function apply(client: AuthedClient, batches: readonly FixtureBatch[], extra: Record<string, unknown> = {}) {
  return call(client, 'POST', '/api/v1/invoices', {
    batchIds: batches.map((batch) => batch.id),
    kind: 2,
    categoryId: client === xgm ? smallCategory : standardCategory,
    ...extra,
  });
}

async function batchState(id: number) {
  const row = await t.db
    .selectFrom('payout_batches')
    .select(['invoice_status', 'invoice_id'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return {
    invoiceStatus: Number(row.invoice_status),
    invoiceId: row.invoice_id === null ? null : Number(row.invoice_id),
  };
}

/** The enterprise of the company's newest signed contract with an enterprise bound to it: the invoice's 服务主体. */
async function issuer(companyId: number): Promise<string | null> {
  const row = await t.db
    .selectFrom('contracts')
    .innerJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .innerJoin('company_enterprises', (join) =>
      join
        .onRef('company_enterprises.company_id', '=', 'contracts.company_id')
        .onRef('company_enterprises.enterprise_id', '=', 'contracts.enterprise_id'),
    )
    .select('enterprises.name')
    .where('contracts.company_id', '=', companyId)
    .where('contracts.sign_status', '=', 1)
    .where('contracts.data_status', '=', 1)
    .orderBy('contracts.sign_time', 'desc')
    .orderBy('contracts.id', 'desc')
    .executeTakeFirst();
  return row?.name ?? null;
}

async function invoiceCount(): Promise<number> {
  const row = await t.db
    .selectFrom('invoices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function expectOk(answer: Answer) {
  expect(answer.status, answer.message).toBe(200);
  expect(answer.code, answer.message).toBe(OK);
}

function expectRefused(answer: Answer, message: string | RegExp) {
  expect(answer.status).toBe(200);
  expect(answer.code).toBe(BUSINESS);
  if (typeof message === 'string') expect(answer.message).toBe(message);
  else expect(answer.message).toMatch(message);
}

beforeAll(async () => {
  t = await createTestApp();
  merchant = await clientOf(t.app, 'merchant');
  xgm = await clientOf(t.app, 'xgm', 3);
  caiwu = await clientOf(t.app, 'caiwu');
  admin = await clientOf(t.app, 'admin');
  for (const companyId of [1, 2, 3]) await setAsideEligibleBatches(t.db, companyId);
  await setInvoiceInfo(2, { ...INFO, invoiceTitle: '杭州小微电子商务有限公司' });
  const categories = await t.db.selectFrom('invoice_categories').select(['id', 'platform_mark', 'status']).execute();
  standardCategory = Number(categories.find((row) => row.platform_mark === 1 && row.status === 1)?.id);
  smallCategory = Number(categories.find((row) => row.platform_mark === 3 && row.status === 1)?.id);
});
afterAll(() => t?.close());

describe('GET /api/v1/remittances/batch/notinvoice/:coid', () => {
  it('answers whether the company has batches it may still invoice', async () => {
    expect(await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).toMatchObject({
      code: OK,
      content: false,
    });
    // Neither a batch still paying nor one without any success counts.
    await standardBatch([1_000_000], BATCH.processing);
    await standardBatch([1_000_000], BATCH.failed);
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(false);
    const batch = await standardBatch();
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(true);
    // Staff in scope may ask too.
    expect((await call(caiwu, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(true);
    await t.db.updateTable('payout_batches').set({ invoice_status: 2 }).where('id', '=', batch.id).execute();
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(false);
  });

  it('is also the notInvoiceStatus of a merchant login', async () => {
    expect((await login(t.app, 'merchant')).content.notInvoiceStatus).toBe(false);
    await standardBatch();
    expect((await login(t.app, 'merchant')).content.notInvoiceStatus).toBe(true);
    expect((await login(t.app, 'caiwu')).content.notInvoiceStatus).toBe(false);
    await setAsideEligibleBatches(t.db, 1);
  });

  it('counts only the session edition for a merchant and refuses other companies', async () => {
    await insertBatch(t.db, { companyId: 1, platformMark: 3, amounts: [500_000] });
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(false);
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/2')).status).toBe(403);
    expect((await call(xgm, 'GET', '/api/v1/remittances/batch/notinvoice/1')).status).toBe(403);
    const hehuoren = await clientOf(t.app, 'hehuoren'); // department 2; company 1 is in department 1
    expect((await call(hehuoren, 'GET', '/api/v1/remittances/batch/notinvoice/1')).status).toBe(403);
    await setAsideEligibleBatches(t.db, 1);
  });
});

describe('eligible batches and preview', () => {
  it('lists only the merchant own eligible batches with their invoiceable total', async () => {
    const mine = await standardBatch([1_000_000, 3_000_000], BATCH.partlyFailed);
    const theirs = await smallBatch();
    const page = await call(merchant, 'GET', '/api/v1/invoices/batches?page=0&size=50');
    expectOk(page);
    expect(page.content.totalElements).toBe(1);
    expect(page.content.content[0]).toMatchObject({
      id: mine.id,
      batchNo: mine.batchNo,
      itemCount: 3,
      successCount: 2,
      successAmount: 4_000_000,
      successCharge: 240_000,
      invoiceable: 4_240_000,
    });
    const other = await call(xgm, 'GET', '/api/v1/invoices/batches');
    expect(other.content.content.map((row: { id: number }) => row.id)).toEqual([theirs.id]);
    expect((await call(admin, 'GET', '/api/v1/invoices/batches')).status).toBe(403);
    await setAsideEligibleBatches(t.db, 1);
    await setAsideEligibleBatches(t.db, 2);
  });

  it('previews edition 1 with the 6% VAT formula and edition 3 with the 5% difference formula', async () => {
    const a = await standardBatch([1_000_000]);
    const b = await standardBatch([2_500_000]);
    const preview = await call(merchant, 'POST', '/api/v1/invoices/preview', { batchIds: [a.id, b.id] });
    expectOk(preview);
    const total = a.invoiceable + b.invoiceable;
    expect(preview.content).toEqual({ ...vatSpecialInvoice(total), batchCount: 2, enterpriseName: await issuer(1) });

    const c = await smallBatch([20_000_000, 1_234_500]);
    const small = await call(xgm, 'POST', '/api/v1/invoices/preview', { batchIds: [c.id] });
    expect(small.content).toEqual({
      ...differenceInvoice(c.invoiceable, c.successAmount),
      batchCount: 1,
      enterpriseName: await issuer(2),
    });
    expect(small.content.ratePercent).toBe(5);
    expect(small.content.deduction).toBe(21_234_500);

    // Another company's batch is unknown to the merchant.
    expectRefused(
      await call(merchant, 'POST', '/api/v1/invoices/preview', { batchIds: [c.id] }),
      ELIGIBILITY_MSG.missing,
    );
    expectRefused(await call(merchant, 'POST', '/api/v1/invoices/preview', { batchIds: [] }), APPLY_MSG.noBatches);
    await setAsideEligibleBatches(t.db, 1);
    await setAsideEligibleBatches(t.db, 2);
  });
});

describe('POST /api/v1/invoices: validation', () => {
  let batch: FixtureBatch;
  beforeAll(async () => {
    batch = await standardBatch();
  });

  it('refuses while the company invoice information is incomplete, naming the broken rule', async () => {
    await setInvoiceInfo(1, null);
    expectRefused(await apply(merchant, [batch]), `${INCOMPLETE_INFO}：${MSG.invoiceTitle}`);
    await setInvoiceInfo(1, { ...INFO, invoiceTaxNumber: 'abc' });
    expectRefused(await apply(merchant, [batch]), `${INCOMPLETE_INFO}：${MSG.taxNumber}`);
    await setInvoiceInfo(1, { ...INFO, invoiceAccount: '12ab' });
    expectRefused(await apply(merchant, [batch]), `${INCOMPLETE_INFO}：${MSG.bankAccount}`);
    await setInvoiceInfo(1, INFO);
    expect(await batchState(batch.id)).toEqual({ invoiceStatus: 0, invoiceId: null });
  });

  it.each([
    [{ batchIds: [] }, APPLY_MSG.noBatches],
    [{ batchIds: ['x'] }, APPLY_MSG.batchId],
    [{ kind: 3 }, APPLY_MSG.kind],
    [{ kind: '' }, APPLY_MSG.kind],
    [{ categoryId: '' }, APPLY_MSG.category],
    [{ remark: '备'.repeat(129) }, APPLY_MSG.remark],
    [{ kind: 1 }, MSG.recipient],
    [{ kind: 1, recipient: '王', recipientPhone: '02155556666', mailAddress: '上海市浦东新区' }, MSG.recipient],
    [{ kind: 1, recipient: '王小明', recipientPhone: '123', mailAddress: '上海市浦东新区' }, MSG.contactPhone],
    [{ kind: 1, recipient: '王小明', recipientPhone: '021555566667', mailAddress: '上海' }, MSG.address],
  ])('%o → %s', async (body, message) => {
    const before = await invoiceCount();
    expectRefused(await apply(merchant, [batch], body), message);
    expect(await invoiceCount()).toBe(before);
  });

  it('shows the mailing errors by field', async () => {
    const answer = await apply(merchant, [batch], { kind: 1, recipient: '王', recipientPhone: '1', mailAddress: '' });
    expect(answer.content).toEqual({
      errors: { recipient: MSG.recipient, recipientPhone: MSG.contactPhone, mailAddress: MSG.address },
    });
  });

  it('refuses a disabled category or one of the other edition', async () => {
    const disabled = await t.db
      .selectFrom('invoice_categories')
      .select('id')
      .where('platform_mark', '=', 1)
      .where('status', '=', 0)
      .executeTakeFirstOrThrow();
    expectRefused(
      await apply(merchant, [batch], { categoryId: Number(disabled.id) }),
      '开票类目不存在或已停用，请重新选择',
    );
    expectRefused(await apply(merchant, [batch], { categoryId: smallCategory }), '开票类目不存在或已停用，请重新选择');
  });

  it('refuses batches that cannot be invoiced, whole, and changes nothing', async () => {
    const processing = await standardBatch([100_000], BATCH.processing);
    const theirs = await smallBatch();
    expectRefused(await apply(merchant, [processing]), new RegExp(`^${ELIGIBILITY_MSG.notEligible}`));
    expectRefused(await apply(merchant, [batch, theirs]), ELIGIBILITY_MSG.missing);
    expectRefused(await apply(merchant, [{ ...batch, id: 99_999_999 }]), ELIGIBILITY_MSG.missing);
    const taken = await standardBatch([100_000], BATCH.completed);
    await t.db.updateTable('payout_batches').set({ invoice_status: 1 }).where('id', '=', taken.id).execute();
    const before = await invoiceCount();
    expectRefused(await apply(merchant, [batch, taken]), new RegExp(`^${ELIGIBILITY_MSG.alreadyApplied}`));
    expect(await invoiceCount()).toBe(before);
    expect(await batchState(batch.id)).toEqual({ invoiceStatus: 0, invoiceId: null });
    await setAsideEligibleBatches(t.db, 2);
  });

  it('is for merchants only', async () => {
    expect((await apply(admin, [batch])).status).toBe(403);
    expect((await apply(caiwu, [batch])).status).toBe(403);
    await setAsideEligibleBatches(t.db, 1);
  });
});

describe('POST /api/v1/invoices: applying', () => {
  it('copies the invoice information, computes the edition-1 figures and takes the batches', async () => {
    const a = await standardBatch([1_000_000]);
    const b = await standardBatch([3_333_300, 100]);
    const answer = await apply(merchant, [a, b], {
      kind: 1,
      recipient: '王小明',
      recipientPhone: '02155556666',
      mailAddress: '上海市浦东新区世纪大道100号',
      remark: '三月劳务',
    });
    expectOk(answer);
    const figures = vatSpecialInvoice(a.invoiceable + b.invoiceable);
    expect(answer.content).toMatchObject({
      companyId: 1,
      platformMark: 1,
      kind: 1,
      status: INVOICE.applied,
      title: INFO.invoiceTitle,
      taxNumber: INFO.invoiceTaxNumber,
      bankName: INFO.invoiceBank,
      bankAccount: INFO.invoiceAccount,
      address: INFO.invoiceAddress,
      phone: INFO.invoicePhone,
      batchCount: 2,
      total: figures.total,
      deduction: 0,
      tax: figures.tax,
      net: figures.net,
      ratePercent: 6,
      recipient: '王小明',
      remark: '三月劳务',
      categoryId: standardCategory,
    });
    expect(answer.content.applyNo).toMatch(/^FP\d{14}\d{6}$/);
    expect(answer.content.batches.map((line: { id: number }) => line.id).sort()).toEqual([a.id, b.id].sort());
    for (const batch of [a, b]) {
      expect(await batchState(batch.id)).toEqual({
        invoiceStatus: BATCH_INVOICE.applied,
        invoiceId: answer.content.id,
      });
    }
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(false);
    expectRefused(await apply(merchant, [a]), new RegExp(`^${ELIGIBILITY_MSG.alreadyApplied}`));
  });

  it('uses the 5% difference formula for edition 3, whatever the client sends', async () => {
    const batch = await smallBatch([20_000_000, 5_000_000]);
    const answer = await apply(xgm, [batch], { ratePercent: 6, formula: 'vat' });
    expectOk(answer);
    const figures = differenceInvoice(batch.invoiceable, batch.successAmount);
    expect(answer.content).toMatchObject({
      platformMark: 3,
      ratePercent: 5,
      total: figures.total,
      deduction: 25_000_000,
      tax: figures.tax,
      net: figures.net,
    });
  });

  it('lets exactly one of two parallel applications over the same batch through', async () => {
    const batch = await standardBatch([7_000_000]);
    const before = await invoiceCount();
    const answers = await Promise.all([apply(merchant, [batch]), apply(merchant, [batch])]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([OK, BUSINESS].sort());
    const refused = answers.find((answer) => answer.code === BUSINESS);
    expect(refused?.message).toContain(ELIGIBILITY_MSG.alreadyApplied);
    expect(await invoiceCount()).toBe(before + 1);
    const winner = answers.find((answer) => answer.code === OK);
    expect(await batchState(batch.id)).toEqual({ invoiceStatus: 1, invoiceId: winner?.content.id });
  });

  it('lets one of two overlapping applications through and leaves the other batches free', async () => {
    const [a, b, c] = [await standardBatch([100_000]), await standardBatch([200_000]), await standardBatch([300_000])];
    const answers = await Promise.all([apply(merchant, [a, b]), apply(merchant, [b, c])]);
    expect(answers.filter((answer) => answer.code === OK)).toHaveLength(1);
    const won = answers[0].code === OK ? [a, b] : [b, c];
    const lost = answers[0].code === OK ? c : a;
    for (const batch of won) expect((await batchState(batch.id)).invoiceStatus).toBe(1);
    expect(await batchState(lost.id)).toEqual({ invoiceStatus: 0, invoiceId: null });
    await setAsideEligibleBatches(t.db, 1);
  });
});

describe('finance steps: issue, mail, reject', () => {
  async function applied(kind: 1 | 2 = 2): Promise<{ id: number; batch: FixtureBatch }> {
    const batch = await standardBatch([1_500_000]);
    const extra =
      kind === 1
        ? { kind, recipient: '王小明', recipientPhone: '02155556666', mailAddress: '上海市浦东新区世纪大道1号' }
        : {};
    const answer = await apply(merchant, [batch], extra);
    expectOk(answer);
    return { id: answer.content.id, batch };
  }

  it('issues once with a number, the batches become 已开票, and a repeat is refused', async () => {
    const { id, batch } = await applied();
    expectRefused(await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, {}), STEP_MSG.nothingIssued);
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '发票号' }),
      STEP_MSG.invoiceNumber,
    );
    const issued = await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '044001900111' });
    expectOk(issued);
    expect(issued.content).toMatchObject({
      status: INVOICE.issued,
      invoiceNumber: '044001900111',
      handlerName: '财务小张',
    });
    expect(issued.content.issueTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await batchState(batch.id)).toEqual({ invoiceStatus: BATCH_INVOICE.issued, invoiceId: id });
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '1' }),
      '该发票已开票，请勿重复操作',
    );
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/reject`, { reason: '晚了' }),
      '该发票已开票，不能驳回',
    );
  });

  it('issues exactly once when clicked twice at the same time', async () => {
    const { id } = await applied();
    const answers = await Promise.all([
      call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '111' }),
      call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '222' }),
    ]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([OK, BUSINESS].sort());
  });

  it(`race kit: ${RACERS} parallel applications over one batch make one invoice`, async () => {
    const batch = await standardBatch([6_100_000]);
    const before = await invoiceCount();
    const { winners, refused } = await race(() => apply(merchant, [batch]));
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    expect(await invoiceCount()).toBe(before + 1);
    expect(await batchState(batch.id)).toEqual({ invoiceStatus: 1, invoiceId: winners[0].content.id });
  });

  it(`race kit: ${RACERS} parallel issue / reject clicks on one application end in one outcome`, async () => {
    const { id, batch } = await applied();
    const { winners, refused } = await race(
      (() => {
        let turn = 0;
        return () => {
          turn += 1;
          return turn % 2 === 0
            ? call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: `9${turn}` })
            : call(caiwu, 'POST', `/api/v1/invoices/${id}/reject`, { reason: '信息有误' });
        };
      })(),
    );
    expect(winners).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    const state = await batchState(batch.id);
    // Issued: the batch is 已开票 under it; rejected: the batch is free to apply again.
    if (winners[0].content.status === INVOICE.issued) {
      expect(state).toEqual({ invoiceStatus: BATCH_INVOICE.issued, invoiceId: id });
    } else {
      expect(winners[0].content.status).toBe(INVOICE.rejected);
      expect(state).toEqual({ invoiceStatus: 0, invoiceId: null });
    }
  });

  it(`race kit: ${RACERS} parallel 邮寄 clicks on an issued paper invoice mail it once`, async () => {
    const paper = await applied(1);
    expectOk(await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/issue`, { invoiceNumber: '555' }));
    let turn = 0;
    const { winners, refused } = await race(() => {
      turn += 1;
      return call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/mail`, { trackingNo: `SF12345678${90 + turn}` });
    });
    expect(winners).toHaveLength(1);
    expect(refused.map((answer) => answer.message)).toEqual(Array(RACERS - 1).fill('该发票已邮寄，请勿重复操作'));
    const stored = await call(caiwu, 'GET', `/api/v1/invoices/${paper.id}`);
    expect(stored.content).toMatchObject({ status: INVOICE.mailed, trackingNo: winners[0].content.trackingNo });
  });

  it('issues with an uploaded PDF that the company merchant may then download, and only it', async () => {
    const { id } = await applied();
    const other = await uploadFile(merchant, 'mine.pdf');
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { fileUrl: other.url }),
      '发票文件无效，请重新上传',
    );
    const zip = await uploadFile(caiwu, 'invoice.zip', 'zip');
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { fileUrl: zip.url }),
      '发票文件仅支持PDF、JPG、PNG格式',
    );
    const pdf = await uploadFile(caiwu, '发票0001.pdf');
    const issued = await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { fileUrl: pdf.url });
    expectOk(issued);
    expect(issued.content).toMatchObject({
      invoiceFileUrl: pdf.url,
      invoiceFileName: '发票0001.pdf',
      invoiceNumber: null,
    });

    const token = await call(merchant, 'GET', `/api/v1/common/downloadtoken?file=${pdf.id}`);
    expectOk(token);
    const download = await t.app.inject({ method: 'GET', url: token.content.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    expect((await call(xgm, 'GET', `/api/v1/common/downloadtoken?file=${pdf.id}`)).status).toBe(403);
  });

  it('mails issued paper invoices only, once', async () => {
    const electronic = await applied(2);
    await call(caiwu, 'POST', `/api/v1/invoices/${electronic.id}/issue`, { invoiceNumber: '333' });
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${electronic.id}/mail`, { trackingNo: 'SF1234567890' }),
      '电子发票无需邮寄',
    );

    const paper = await applied(1);
    expect((await call(merchant, 'GET', `/api/v1/invoices/${paper.id}`)).content.mailable).toBe(0);
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/mail`, { trackingNo: 'SF1234567890' }),
      '请先开票再邮寄',
    );
    await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/issue`, { invoiceNumber: '444' });
    expect((await call(caiwu, 'GET', `/api/v1/invoices/${paper.id}`)).content.mailable).toBe(1);
    expectRefused(await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/mail`, {}), STEP_MSG.trackingRequired);
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/mail`, { trackingNo: '顺丰' }),
      STEP_MSG.trackingNo,
    );
    const mailed = await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/mail`, { trackingNo: 'SF1234567890' });
    expectOk(mailed);
    expect(mailed.content).toMatchObject({ status: INVOICE.mailed, trackingNo: 'SF1234567890', mailable: 0 });
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${paper.id}/mail`, { trackingNo: 'SF1234567891' }),
      '该发票已邮寄，请勿重复操作',
    );
  });

  it('rejects with a reason, releases the batches in the same step, and keeps them listed', async () => {
    const { id, batch } = await applied();
    expectRefused(await call(caiwu, 'POST', `/api/v1/invoices/${id}/reject`, { reason: ' ' }), STEP_MSG.reasonRequired);
    const rejected = await call(caiwu, 'POST', `/api/v1/invoices/${id}/reject`, { reason: '类目不符' });
    expectOk(rejected);
    expect(rejected.content).toMatchObject({ status: INVOICE.rejected, rejectReason: '类目不符' });
    expect(rejected.content.batches.map((line: { id: number }) => line.id)).toEqual([batch.id]);
    expect(await batchState(batch.id)).toEqual({ invoiceStatus: 0, invoiceId: null });
    expect((await call(merchant, 'GET', '/api/v1/remittances/batch/notinvoice/1')).content).toBe(true);
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/reject`, { reason: '再驳' }),
      '该发票申请已驳回，请勿重复操作',
    );
    expectRefused(
      await call(caiwu, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '1' }),
      '该发票申请已驳回，不能开票',
    );
    // Released: the batch can go on a new application.
    expectOk(await apply(merchant, [batch]));
    await setAsideEligibleBatches(t.db, 1);
  });

  it('needs the code of the invoice edition and the company in scope', async () => {
    const { id } = await applied();
    const small = await apply(xgm, [await smallBatch()]);
    const standardOnly = await staffAccount(t, 'fp_standard', ['UI_BILLING_APPLY_JCY'], { roleId: 5 });
    expect((await call(standardOnly, 'GET', `/api/v1/invoices/${small.content.id}`)).status).toBe(403);
    expect(
      (await call(standardOnly, 'POST', `/api/v1/invoices/${small.content.id}/reject`, { reason: 'x' })).status,
    ).toBe(403);
    expect((await call(standardOnly, 'GET', '/api/v1/invoices/search?platformmark=3')).status).toBe(403);
    expect((await call(standardOnly, 'GET', `/api/v1/invoices/${id}`)).status).toBe(200);
    // A partner of department 2 does not reach company 1 (department 1), even with the code.
    const partner = await staffAccount(t, 'fp_partner', ['UI_BILLING_APPLY_JCY'], { roleId: 4, deptIds: [2] });
    expect((await call(partner, 'GET', `/api/v1/invoices/${id}`)).status).toBe(403);
    expect((await call(partner, 'POST', `/api/v1/invoices/${id}/issue`, { invoiceNumber: '1' })).status).toBe(403);
    const found = await call(partner, 'GET', '/api/v1/invoices/search?platformmark=1&size=1000');
    expect(found.content.content.some((row: { companyId: number }) => row.companyId === 1)).toBe(false);
    const kefu = await clientOf(t.app, 'kefu');
    expect((await call(kefu, 'GET', '/api/v1/invoices/search')).status).toBe(403);
    for (const step of ['issue', 'mail', 'reject']) {
      expect((await call(merchant, 'POST', `/api/v1/invoices/${id}/${step}`, { invoiceNumber: '1' })).status).toBe(403);
    }
  });
});

describe('GET /api/v1/invoices/search and /:id', () => {
  it('shows a merchant only its own company applications, in its edition', async () => {
    const mine = await call(merchant, 'GET', '/api/v1/invoices/search?size=1000');
    expectOk(mine);
    expect(mine.content.totalElements).toBeGreaterThan(0);
    expect(mine.content.content.every((row: { companyId: number }) => row.companyId === 1)).toBe(true);
    // A merchant cannot widen its view with platformmark.
    const widened = await call(merchant, 'GET', '/api/v1/invoices/search?size=1000&platformmark=3');
    expect(widened.content.totalElements).toBe(mine.content.totalElements);
    const theirs = await call(xgm, 'GET', '/api/v1/invoices/search?size=1000');
    expect(theirs.content.content.every((row: { companyId: number }) => row.companyId === 2)).toBe(true);
    const foreign = theirs.content.content[0].id;
    expect((await call(merchant, 'GET', `/api/v1/invoices/${foreign}`)).status).toBe(403);
    expect((await call(xgm, 'GET', `/api/v1/invoices/${mine.content.content[0].id}`)).status).toBe(403);
  });

  it('shows finance one edition at a time with the declared filters', async () => {
    const standard = await call(caiwu, 'GET', '/api/v1/invoices/search?platformmark=1&size=1000');
    expect(standard.content.content.every((row: { platformMark: number }) => row.platformMark === 1)).toBe(true);
    const small = await call(caiwu, 'GET', '/api/v1/invoices/search?platformmark=3&size=1000');
    expect(small.content.totalElements).toBeGreaterThan(0);
    expect(small.content.content.every((row: { platformMark: number }) => row.platformMark === 3)).toBe(true);
    const both = await call(admin, 'GET', '/api/v1/invoices/search?size=1000');
    expect(both.content.totalElements).toBe(standard.content.totalElements + small.content.totalElements);

    const q = (filters: string) => call(caiwu, 'GET', `/api/v1/invoices/search?platformmark=1&size=1000&q=${filters}`);
    const rejected = await q(encodeURIComponent('status:4'));
    expect(rejected.content.totalElements).toBeGreaterThan(0);
    expect(rejected.content.content.every((row: { status: number }) => row.status === 4)).toBe(true);
    const paper = await q(encodeURIComponent('kind:1'));
    expect(paper.content.content.every((row: { kind: number }) => row.kind === 1)).toBe(true);
    const named = await q(encodeURIComponent('coname:灵动'));
    expect(named.content.content.every((row: { companyName: string }) => row.companyName.includes('灵动'))).toBe(true);
    expect(named.content.totalElements).toBeGreaterThan(0);
    const one = standard.content.content[0];
    const byNo = await q(encodeURIComponent(`applyNo:${one.applyNo}`));
    expect(byNo.content.content.map((row: { id: number }) => row.id)).toEqual([one.id]);
    const today = one.createTime.slice(0, 10);
    const ranged = await q(`${encodeURIComponent(`stime:${today}`)};${encodeURIComponent(`etime:${today}`)}`);
    expect(ranged.content.content.every((row: { createTime: string }) => row.createTime.startsWith(today))).toBe(true);
    expectRefused(await q(encodeURIComponent(`stime:${today}`)), MSG.endRequired);
    expectRefused(await q(encodeURIComponent('status:9')), '状态的取值不正确');
    expectRefused(await q(encodeURIComponent('secret:1')), /^不支持的查询条件：secret/);
  });

  it('sorts by total and pages without overlap', async () => {
    const first = await call(caiwu, 'GET', '/api/v1/invoices/search?platformmark=1&size=2&page=0&sort=total,desc');
    const second = await call(caiwu, 'GET', '/api/v1/invoices/search?platformmark=1&size=2&page=1&sort=total,desc');
    const totals = [...first.content.content, ...second.content.content].map((row: { total: number }) => row.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    const ids = [...first.content.content, ...second.content.content].map((row: { id: number }) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
