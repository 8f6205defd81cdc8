import { expect, type Page, test } from '@playwright/test';
import { WORKER_MSG } from '../../src/domain/workers';
import { bankCard, csvFile, idCard, payee, xlsxFile } from '../support/batchFiles';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';
import { signOnPage } from './support/signingCode';

/**
 * Gig workers end to end: the merchant imports workers from an xlsx with bad rows, reads each reason,
 * fixes them and imports; one worker signs through the link (the code sent to their mobile, 同意并签署); a worker who
 * has not signed is refused at the payout upload with the reason; staff approve and reject (with a reason) the
 * collected information, and download the company's 大熊 information as a zip through a background job.
 */

const SERIAL = 930_000 + (Date.now() % 1000) * 10;
const HEADERS = ['姓名', '身份证号', '手机号', '银行卡号', '开户银行'];
const PEOPLE = [
  { serial: SERIAL, name: '签约甲' },
  { serial: SERIAL + 1, name: '未签乙' },
  { serial: SERIAL + 2, name: '驳回丙' },
];
const mobileOf = (serial: number) => `134${String(serial).padStart(8, '0')}`;
const rowOf = (person: (typeof PEOPLE)[number], overrides: Partial<Record<string, string>> = {}) => {
  const cells: Record<string, string> = {
    姓名: person.name,
    身份证号: idCard(person.serial),
    手机号: mobileOf(person.serial),
    银行卡号: bankCard(person.serial),
    开户银行: '招商银行',
    ...overrides,
  };
  return HEADERS.map((header) => cells[header]);
};

async function findRow(page: Page, mobile: string) {
  const filter = page.locator('form').getByLabel('手机号');
  await filter.fill(mobile);
  // The 签约人员 list (the page also holds the 打款白名单 table).
  const list = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '开户银行' }) });
  const row = list.getByRole('row').filter({ hasText: mobile.slice(-4) });
  await expect(list.getByRole('row')).toHaveCount(2);
  return row;
}

test('商户导入有误的人员文件后改正导入，人员通过链接签署，未签署人员打款被拒，员工审核并下载大熊信息', async ({
  page,
  browser,
  context,
}) => {
  test.setTimeout(180_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/signUser');
  await expect(page.getByRole('heading', { name: '导入人员' })).toBeVisible();
  const fileInput = page.getByLabel('上传人员文件');

  // Two bad rows: an ID number failing its check digit and a missing mobile.
  const bad = [
    HEADERS,
    rowOf(PEOPLE[0]),
    rowOf(PEOPLE[1], { 身份证号: '110101199001010011' }),
    rowOf(PEOPLE[2], { 手机号: '' }),
  ];
  await fileInput.setInputFiles({
    name: '有误的人员.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsxFile(bad, '人员'),
  });
  await expect(page.getByText(WORKER_MSG.badRows(2))).toBeVisible();
  const errors = page.getByRole('table', { name: '错误数据' });
  await expect(errors.getByRole('row').filter({ hasText: '第 3 行' })).toContainText('身份证号');
  await expect(errors.getByRole('row').filter({ hasText: '第 4 行' })).toContainText(WORKER_MSG.mobileRequired);

  await fileInput.setInputFiles({
    name: '改正后的人员.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsxFile([HEADERS, ...PEOPLE.map((person) => rowOf(person))], '人员'),
  });
  await expect(page.getByText('导入成功')).toBeVisible();
  await expect(errors).toHaveCount(0);

  // 签署链接 on the row of a worker still to sign: the link, copied, signs without a login.
  const signer = await findRow(page, mobileOf(PEOPLE[0].serial));
  await expect(signer).toContainText('待签署');
  await signer.getByRole('button', { name: '签署链接' }).click();
  const dialog = page.getByRole('dialog', { name: `签署链接「${PEOPLE[0].name}」` });
  const link = await dialog.getByRole('textbox').inputValue();
  expect(link).toMatch(/\/workerSign\/[A-Za-z0-9_-]{20,}$/);
  await dialog.getByRole('button', { name: '复制链接' }).click();
  await expect(page.getByText('已复制')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: '关闭' }).click();

  const worker = await (await browser.newContext()).newPage();
  await worker.goto(new URL(link).pathname);
  await expect(worker.getByRole('heading', { name: '自由职业者协议签署' })).toBeVisible();
  await expect(worker.getByText(`签署人：${PEOPLE[0].name}`)).toBeVisible();
  await signOnPage(worker, mobileOf(PEOPLE[0].serial));
  await worker.context().close();
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: mobileOf(PEOPLE[0].serial).slice(-4) })).toContainText('已签署');

  // A payout to the signed worker passes; the one who has not signed is refused with the reason.
  await page.goto('/remit');
  const payouts = [
    payee(PEOPLE[0].serial, { 姓名: PEOPLE[0].name, '金额（元）': '1.00' }),
    payee(PEOPLE[1].serial, { 姓名: PEOPLE[1].name, '金额（元）': '1.00' }),
  ];
  await page
    .getByLabel('上传打款文件')
    .setInputFiles({ name: '打款.csv', mimeType: 'text/csv', buffer: csvFile(payouts) });
  await expect(page.getByText('文件中有 1 行数据有误，请修改后重新上传')).toBeVisible();
  const refused = page.getByRole('table', { name: '错误数据' }).getByRole('row').filter({ hasText: '第 3 行' });
  await expect(refused).toContainText(WORKER_MSG.notSigned);
  await expect(page.getByRole('table', { name: '错误数据' }).getByRole('row')).toHaveCount(2);

  // Staff audit: approve one, reject another with a reason.
  const staff = await (await browser.newContext()).newPage();
  await loginAs(staff, 'admin');
  await expect(staff).toHaveURL(/\/adMain$/);
  await staff.goto('/adAuditingBigBear');
  const approved = await findRow(staff, mobileOf(PEOPLE[0].serial));
  await expect(approved).toContainText('待审核');
  await approved.getByRole('button', { name: '通过' }).click();
  await staff.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(staff.getByText('通过成功')).toBeVisible();
  await expect(approved).toContainText('已通过');

  const rejected = await findRow(staff, mobileOf(PEOPLE[2].serial));
  await rejected.getByRole('button', { name: '驳回' }).click();
  const reject = staff.getByRole('dialog');
  await expect(reject.getByRole('button', { name: '确定' })).toBeVisible();
  await reject.getByLabel('驳回原因').fill('身份证照片模糊');
  await reject.getByRole('button', { name: '确定' }).click();
  await expect(rejected).toContainText('已驳回');
  await expect(rejected).toContainText('身份证照片模糊');

  // 大熊信息下载: pick the company by name, the job runs to 已完成 and the zip downloads.
  const companyName = await withServerDb(
    async (db) => (await db.selectFrom('companies').select('name').where('id', '=', 1).executeTakeFirstOrThrow()).name,
  );
  await staff.goto('/adSignUserBigBear');
  const picker = staff.getByRole('combobox', { name: '企业' });
  await picker.fill(companyName.slice(0, 4));
  await staff.getByRole('option', { name: companyName, exact: true }).click();
  await staff.getByRole('button', { name: '开始下载' }).click();
  const job = staff.getByLabel('下载任务状态');
  await expect(job).toContainText('已完成', { timeout: 30_000 });
  await expect(job).toContainText(/人员 \d+ 人，协议 \d+ 份/);
  const [download] = await Promise.all([
    staff.waitForEvent('download'),
    job.getByRole('button', { name: '下载压缩包' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(new RegExp(`^大熊人员信息-${companyName}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 2).toString()).toBe('PK');
  await expect(staff.getByRole('row').filter({ hasText: companyName }).first()).toContainText('已完成');
  await staff.context().close();
});

test('大熊人员概览：商户看到大熊服务主体签约人员的统计和列表', async ({ page }) => {
  test.setTimeout(90_000);
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByRole('link', { name: '大熊人员概览' })).toBeVisible();
  await page.goto('/bigBearOverview');
  await expect(page.getByLabel('大熊人员', { exact: true })).toHaveText(/^[1-9][\d,]*$/, { timeout: 30_000 });
  await expect(page.getByLabel('已签署', { exact: true })).toHaveText(/^[\d,]+$/);
  await expect(page.getByText(/天津大熊灵活用工服务有限公司：[\d,]+人/)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText('天津大熊灵活用工服务有限公司');

  // 下载协议 of a worker signed without an e-signed file (the demo's signed workers): the server's refusal is
  // shown, not swallowed.
  const withFile = await withServerDb((db) =>
    db
      .selectFrom('worker_agreements')
      .innerJoin('workers', 'workers.id', 'worker_agreements.worker_id')
      .select('workers.name')
      .where('worker_agreements.signed_file_id', 'is not', null)
      .execute(),
  );
  const rows = page.getByRole('row').filter({ has: page.getByRole('button', { name: '下载协议' }) });
  await expect(rows.first()).toBeVisible();
  const texts = await rows.allInnerTexts();
  const index = texts.findIndex((text) => !withFile.some(({ name }) => text.includes(name)));
  expect(index, '列表中应有没有电子签署文件的已签署人员').toBeGreaterThanOrEqual(0);
  await rows.nth(index).getByRole('button', { name: '下载协议' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '该人员没有电子签署的协议文件' })).toBeVisible();
});
