import { expect, type Page, test } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { bankCard, idCard } from '../support/batchFiles';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';
import { MERCHANT_COMPANY } from './support/signedPayees';

/**
 * Tasks end to end: the merchant publishes a task, assigns two signed workers by name (a third is
 * refused beyond the headcount), completes and settles it into a payout draft, which /remit opens and pays with
 * the payment password; the simulated bank pays, and 任务汇总 shows each worker's pay as 已到账.
 */

const SERIAL = 910_000 + (Date.now() % 1000) * 10;
const SUFFIX = String(SERIAL).slice(-4);
const WORKERS = [`任务工甲${SUFFIX}`, `任务工乙${SUFFIX}`, `任务工丙${SUFFIX}`];
const TITLE = `会展布置${SUFFIX}`;

async function signWorkers(): Promise<void> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR 未设置：请通过 playwright test 运行');
  const { idKey } = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const people = WORKERS.map((name, index) => ({
    name,
    idCard: idCard(SERIAL + index),
    mobile: `135${String(SERIAL + index).padStart(8, '0')}`,
    bankCard: bankCard(SERIAL + index),
    bankName: '中国工商银行',
  }));
  await withServerDb((db) => addSignedWorkers(db, MERCHANT_COMPANY, people, idKey));
}

async function typeDate(page: Page, label: string, digits: string) {
  const field = page.getByRole('dialog').getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

async function pick(page: Page, name: string) {
  const picker = page.getByRole('combobox', { name: '选择已签署人员' });
  await picker.fill(name);
  await page.getByRole('option', { name: new RegExp(name) }).click();
}

test('商户发布任务、分配已签署人员、完成并结算成打款草稿，在批量打款中提交并到账', async ({ page }) => {
  test.setTimeout(150_000);
  await signWorkers();
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/taskRelease');
  await expect(page.getByText('功能建设中')).toHaveCount(0);

  // 发布任务: the form checks itself before the server does.
  await page.getByRole('button', { name: '发布任务' }).click();
  const form = page.getByRole('dialog', { name: '发布任务' });
  await form.getByRole('button', { name: '创建任务' }).click();
  await expect(form.getByText('请选择行业')).toBeVisible();
  await form.getByLabel('任务名称').fill(TITLE);
  await form.getByRole('combobox', { name: '行业' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await form.getByLabel('任务描述').fill('展会现场搭建与撤展');
  await form.getByLabel('需要人数').fill('2');
  await form.getByLabel('单价（元/人）').fill('1.50');
  await typeDate(page, '开始日期', '20261101');
  await typeDate(page, '结束日期', '20261030');
  await form.getByRole('button', { name: '创建任务' }).click();
  await expect(form.getByText('结束日期不能早于开始日期')).toBeVisible();
  await typeDate(page, '结束日期', '20261130');
  await form.getByRole('button', { name: '创建任务' }).click();
  await expect(form).toHaveCount(0);

  await page.getByRole('textbox', { name: '任务名称' }).fill(TITLE);
  const row = page.getByRole('row').filter({ hasText: TITLE });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('待发布');

  await row.getByRole('button', { name: '发布' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已发布');

  // Assign by name; the third worker goes beyond the headcount and is refused.
  await row.click();
  const detail = page.getByLabel('任务详情');
  await expect(detail).toBeVisible();
  await pick(page, WORKERS[0]);
  await pick(page, WORKERS[1]);
  await detail.getByRole('button', { name: '分配人员' }).click();
  const members = detail.getByRole('table', { name: '已分配人员' });
  await expect(members.getByRole('row')).toHaveCount(3);
  await expect(members).toContainText(WORKERS[0]);
  await expect(members).toContainText(WORKERS[1]);
  await pick(page, WORKERS[2]);
  await detail.getByRole('button', { name: '分配人员' }).click();
  await expect(detail.getByRole('alert')).toContainText('超出任务人数：该任务需要 2 人，已分配 2 人');

  await row.getByRole('button', { name: '标记完成' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(row).toContainText('已完成');
  await row.getByRole('button', { name: '结算' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  // Settled into a draft, not yet paid: 待打款, with when the draft expires, until its payout is submitted.
  await expect(row).toContainText('待打款');
  await expect(row).toContainText(/待提交，\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 前有效/);
  await expect(row).not.toContainText('已结算');
  await expect(detail).toContainText('前到批量打款核对金额');

  // 批量打款 lists it among the drafts waiting; it opens and is paid like an upload.
  await page.getByRole('link', { name: '批量打款' }).first().click();
  await expect(page).toHaveURL(/\/remit$/);
  const waiting = page.getByRole('table', { name: '待提交的打款草稿' }).getByRole('row').filter({ hasText: TITLE });
  await expect(waiting).toHaveCount(1);
  await expect(waiting).toContainText('任务结算');
  await waiting.getByRole('link', { name: /继续提交/ }).click();
  await expect(page).toHaveURL(/\/remit\?draft=\d+/);
  await expect(page.getByLabel('打款笔数')).toHaveText('2 笔');
  await expect(page.getByLabel('打款金额')).toHaveText('3.00 元');
  const preview = page.getByRole('table', { name: '打款明细预览' });
  await expect(preview).toContainText(WORKERS[0]);
  await expect(preview).toContainText(WORKERS[1]);
  await page.getByRole('button', { name: '提交打款' }).click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认打款' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '提交成功，批次号' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: '待提交的打款草稿' }).getByRole('row').filter({ hasText: TITLE }),
  ).toHaveCount(0);

  // 任务汇总 by worker: both paid once the simulated bank has run.
  await page.goto('/taskSummary');
  await page.getByRole('tab', { name: '按人员' }).click();
  await page.getByRole('textbox', { name: '任务名称' }).fill(TITLE);
  const paidRows = page.getByRole('row').filter({ hasText: TITLE });
  await expect(paidRows).toHaveCount(2);
  await expect
    .poll(
      async () => {
        await page.reload();
        await paidRows.first().waitFor();
        return (await paidRows.filter({ hasText: '已到账' }).count()) as number;
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(2);
  await expect(paidRows.first()).toContainText('1.50');

  await page.getByRole('tab', { name: '按任务' }).click();
  await page.getByRole('textbox', { name: '任务名称' }).fill(TITLE);
  const taskRow = page.getByRole('row').filter({ hasText: TITLE });
  await expect(taskRow).toContainText('已结算');
  await expect(taskRow).toContainText('3.00');
});
