import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { chinaTime } from '../../server/db/time';
import { parseBatchFile } from '../../server/money/payouts/batchFile';
import { vatSpecialInvoice } from '../../src/domain/invoiceFormulas';
import { formatMoney } from '../../src/domain/money';
import { type FixtureBatch, insertBatch } from '../api/support/payoutFixtures';
import { idCard } from '../support/batchFiles';
import { accessibilityProblems } from './support/axe';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';
import { signPayeesOnServer } from './support/signedPayees';

/**
 * A new merchant's first month, the steps after the roster:
 * - /signUser 导出打款模板: the picked (or all filtered) signed workers as the payout template /remit reads;
 * - /applyInvoice: missing invoice details are guidance (what is missing, and a link to 企业信息 where they are
 *   filled in), and 提交申请 first shows what will be invoiced — company, 服务主体, amount, type, category,
 *   batches — with 确认提交 and 返回修改; only 确认提交 sends the application.
 */
const INFO_COLUMNS = [
  'invoice_title',
  'invoice_tax_number',
  'invoice_bank',
  'invoice_account',
  'invoice_address',
  'invoice_phone',
] as const;
type InfoRow = Record<(typeof INFO_COLUMNS)[number], string | null>;

const COMPLETE: InfoRow = {
  invoice_title: '上海灵动科技有限公司',
  invoice_tax_number: '91310000MA1FL0ABCD',
  invoice_bank: '招商银行上海分行',
  invoice_account: '121909876510101',
  invoice_address: '上海市浦东新区世纪大道100号',
  invoice_phone: '021-55556666',
};

let saved: InfoRow;

const ROSTER = [930_000, 930_001, 930_002];

test('签约人员页把勾选的（或筛选出的）已签署人员导出为打款模板，金额留空', async ({ page }) => {
  await signPayeesOnServer(ROSTER);
  await loginAs(page, 'merchant', { path: '/login?Rurl=/signUser' });
  await page.locator('form').getByLabel('手机号').fill('1390093000');
  const list = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '开户银行' }) });
  await expect(list.getByRole('row')).toHaveCount(ROSTER.length + 1);

  const exported = async (name: string | RegExp) => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
    expect(download.suggestedFilename()).toBe('批量打款模板-已签署人员.xlsx');
    const rows = await parseBatchFile('t.xlsx', fs.readFileSync((await download.path()) as string));
    return rows.map((row) => [row.values.idCard, row.values.amount]);
  };
  // Nothing picked: every signed worker the filter finds.
  expect((await exported('导出打款模板')).sort()).toEqual(ROSTER.map((serial) => [idCard(serial), '']).sort());

  for (const serial of [ROSTER[0], ROSTER[2]]) {
    await list
      .getByRole('row')
      .filter({ hasText: String(serial).slice(-4) })
      .getByRole('checkbox', { name: '选择此行' })
      .check();
  }
  expect((await exported('导出打款模板（已选 2 人）')).sort()).toEqual(
    [ROSTER[0], ROSTER[2]].map((serial) => [idCard(serial), '']).sort(),
  );
  await expect(page.getByText('打款模板已下载：填写每人的金额后，到「批量打款」上传即可')).toBeVisible();
  expect(await accessibilityProblems(page, '/signUser 勾选人员')).toEqual([]);
});

test.beforeAll(async () => {
  saved = await withServerDb(
    async (db) =>
      (await db
        .selectFrom('companies')
        .select([...INFO_COLUMNS])
        .where('id', '=', 1)
        .executeTakeFirstOrThrow()) as InfoRow,
  );
});

// The company's invoice information is put back as the seed had it, for the specs that run after this one.
test.afterAll(async () => {
  await withServerDb((db) => db.updateTable('companies').set(saved).where('id', '=', 1).execute());
});

async function setInfo(info: Partial<InfoRow>): Promise<void> {
  await withServerDb((db) =>
    db
      .updateTable('companies')
      .set({ ...COMPLETE, ...info })
      .where('id', '=', 1)
      .execute(),
  );
}

async function applicationsOf(batchId: number): Promise<number> {
  return withServerDb(async (db) => {
    const row = await db
      .selectFrom('invoice_batches')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('batch_id', '=', batchId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });
}

/** The 服务主体 the company settles through: its newest signed contract's enterprise that is bound to it. */
async function issuerName(): Promise<string> {
  return withServerDb(async (db) => {
    const row = await db
      .selectFrom('contracts')
      .innerJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
      .innerJoin('company_enterprises', (join) =>
        join
          .onRef('company_enterprises.company_id', '=', 'contracts.company_id')
          .onRef('company_enterprises.enterprise_id', '=', 'contracts.enterprise_id'),
      )
      .select('enterprises.name')
      .where('contracts.company_id', '=', 1)
      .where('contracts.sign_status', '=', 1)
      .where('contracts.data_status', '=', 1)
      .where('contracts.end_date', '>=', chinaTime().slice(0, 10))
      .orderBy('contracts.sign_time', 'desc')
      .orderBy('contracts.id', 'desc')
      .executeTakeFirstOrThrow();
    return row.name;
  });
}

test('缺少开票信息时给出指引：缺哪些、去哪里补，提交申请不可用', async ({ page }) => {
  await setInfo({ invoice_title: null, invoice_tax_number: '', invoice_phone: '0'.repeat(31) });
  await loginAs(page, 'merchant', { path: '/login?Rurl=/applyInvoice' });
  const info = page.getByRole('region', { name: '开票信息' });
  const guidance = info.getByRole('alert');
  await expect(guidance).toContainText('开票信息还不完整，暂时不能申请开票');
  await expect(guidance).toContainText('尚未填写：发票抬头、纳税人识别号');
  await expect(guidance).toContainText('需要修改：开票电话（请输入1-30位电话）');
  await expect(page.getByRole('button', { name: '提交申请' })).toBeDisabled();
  await expect(page.getByText('补全上方「开票信息」后才能提交申请。')).toBeVisible();
  expect(await accessibilityProblems(page, '/applyInvoice 开票信息指引')).toEqual([]);
  await guidance.getByRole('link', { name: '去完善开票信息' }).click();
  await expect(page).toHaveURL(/\/merchant\?type=first$/);
  await expect(page.getByRole('form', { name: '开票信息' })).toBeVisible();
});

test('提交申请先确认开票内容；返回修改不提交，确认提交后才提交', async ({ page }) => {
  test.setTimeout(90_000);
  await setInfo({});
  const batch: FixtureBatch = await withServerDb((db) =>
    insertBatch(db, { companyId: 1, platformMark: 1, amounts: [3_000_000, 1_500_000] }),
  );
  const issuer = await issuerName();
  const company = await withServerDb(
    async (db) => (await db.selectFrom('companies').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name,
  );
  const expected = vatSpecialInvoice(batch.invoiceable);

  await loginAs(page, 'merchant', { path: '/login?Rurl=/applyInvoice' });
  await expect(page.getByRole('region', { name: '开票信息' }).getByRole('alert')).toHaveCount(0);
  const batches = page.getByRole('table', { name: '可开票批次' });
  await batches.getByRole('checkbox', { name: `选择批次 ${batch.batchNo}` }).check();
  await expect(page.getByRole('region', { name: '发票金额' }).getByTestId('figure-价税合计（元）')).toHaveText(
    formatMoney(expected.total),
  );
  await page.getByRole('combobox', { name: '开票类目' }).click();
  await page.getByRole('option', { name: '现代服务*人力资源服务' }).click();
  await page.getByLabel('备注').fill('十一月劳务费');
  await page.getByRole('button', { name: '提交申请' }).click();

  const dialog = page.getByRole('dialog', { name: '确认开票申请' });
  await expect(dialog).toBeVisible();
  const fact = (label: string) => dialog.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');
  await expect(fact('企业')).toHaveText(company);
  await expect(fact('发票抬头')).toHaveText(COMPLETE.invoice_title as string);
  await expect(fact('纳税人识别号')).toHaveText(COMPLETE.invoice_tax_number as string);
  await expect(fact('服务主体（开票方）')).toHaveText(issuer);
  await expect(fact('发票种类')).toHaveText('增值税专用发票（6%）');
  await expect(fact('发票类型')).toHaveText('电子发票');
  await expect(fact('开票类目')).toHaveText('现代服务*人力资源服务');
  await expect(fact('价税合计')).toHaveText(`${formatMoney(expected.total)} 元`);
  await expect(fact('税额')).toHaveText(`${formatMoney(expected.tax)} 元（税率 6%）`);
  await expect(fact('备注')).toHaveText('十一月劳务费');
  const covered = dialog.getByRole('table', { name: '本次开票的打款批次' });
  await expect(covered.getByRole('row')).toHaveCount(2);
  await expect(covered.getByRole('row', { name: new RegExp(batch.batchNo) })).toContainText(
    formatMoney(batch.invoiceable),
  );

  expect(await accessibilityProblems(page, '确认开票申请')).toEqual([]);

  // 返回修改: back to the form, everything kept, nothing sent.
  await dialog.getByRole('button', { name: '返回修改' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/applyInvoice$/);
  await expect(page.getByLabel('备注')).toHaveValue('十一月劳务费');
  expect(await applicationsOf(batch.id)).toBe(0);

  await page.getByRole('button', { name: '提交申请' }).click();
  await page.getByRole('dialog', { name: '确认开票申请' }).getByRole('button', { name: '确认提交' }).click();
  await expect(page).toHaveURL(/\/invoiceRecord/);
  expect(await applicationsOf(batch.id)).toBe(1);
});
