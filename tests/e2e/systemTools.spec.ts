import { expect, type Page, test } from '@playwright/test';
import { BATCH_INVOICE } from '../../src/domain/moneyEnums';
import { TIMING } from '../../src/domain/session';
import { fileBytes } from '../api/support/multipart';
import { insertBatch } from '../api/support/payoutFixtures';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/** Feedback with replies, sensitive words, automatic invoicing and the ledger check, in Chromium. */

async function logout(page: Page) {
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('商户提交带图片的意见反馈，客服回复，商户看到回复且铃铛提示后消失', async ({ page }) => {
  test.setTimeout(120_000);
  const text = `上传批量打款文件后预览卡住${Date.now() % 100000}`;
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/suggestionFeedback/create');
  await page.getByRole('combobox', { name: '反馈类型' }).click();
  await page.getByRole('option', { name: '问题反馈' }).click();
  await page.getByRole('textbox', { name: '反馈内容' }).fill(text);
  await page
    .getByLabel('上传图片1')
    .setInputFiles({ name: '截图.png', mimeType: 'image/png', buffer: fileBytes('png', 4096) });
  await expect(page.getByRole('button', { name: '重新上传' })).toBeVisible();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/suggestionFeedback(\?.*)?$/);
  await expect(page.getByRole('row').filter({ hasText: text })).toBeVisible();
  await logout(page);

  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await page.goto('/adSuggestion');
  const row = page.getByRole('row').filter({ hasText: text });
  await row.getByRole('button', { name: '回复' }).click();
  await page.getByRole('textbox', { name: '回复内容' }).fill('已修复，请重新上传文件。');
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('回复成功')).toBeVisible();
  await expect(row.getByText('已回复')).toBeVisible();
  await logout(page);

  await loginAs(page, 'merchant');
  await expect(page.getByRole('button', { name: /意见反馈新回复 1 条/ })).toBeVisible();
  await page.goto('/suggestionFeedback');
  const mine = page.getByRole('row').filter({ hasText: text });
  await expect(mine.getByText('新回复')).toBeVisible();
  await mine.click();
  const detail = page.getByLabel('反馈详情');
  await expect(detail.getByTestId('feedback-reply')).toHaveText('已修复，请重新上传文件。');
  await expect(detail.getByRole('img', { name: '反馈图片1' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^系统公告，未读 \d+ 条$/ })).toBeVisible();
});

test('公告含敏感词时被拒绝，并指出是哪个词', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await page.goto('/adNotice/create');
  await page.getByRole('textbox', { name: '标题' }).fill('关于代开发票的说明');
  await page.getByRole('textbox', { name: '公告内容' }).fill('正文内容');
  await page.getByRole('combobox', { name: '版本' }).click();
  await page.getByRole('option', { name: '标准版' }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('标题包含敏感词「代开发票」，请修改后再提交').first()).toBeVisible();
  await expect(page).toHaveURL(/\/adNotice\/create/);
});

test('小规模自动开票：开启后完成的批次只申请一次发票', async ({ page }) => {
  test.setTimeout(90_000);
  const company = '杭州小微电子商务有限公司';
  const companyId = await withServerDb(async (db) =>
    Number((await db.selectFrom('companies').select('id').where('name', '=', company).executeTakeFirstOrThrow()).id),
  );
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await page.goto('/adSmallAutomaticInvoicingSetting');
  const row = page.getByRole('row').filter({ hasText: company });
  await row.getByRole('button', { name: '设置' }).click();
  const dialog = page.getByRole('dialog', { name: `自动开票设置：${company}` });
  await dialog.getByLabel('开启自动开票').check();
  await dialog.getByRole('combobox', { name: '默认开票类目' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();
  await expect(row.getByText('已开启')).toBeVisible();

  const batch = await withServerDb((db) =>
    insertBatch(db, { companyId, platformMark: 3, amounts: [3_000_000], rate: 500 }),
  );
  await page.getByRole('button', { name: '立即执行自动开票' }).click();
  await expect(page.getByText(/执行完成：新申请 [01] 张发票/)).toBeVisible();
  // The minute job may have taken it first; either way there is one application for the batch.
  const applied = await withServerDb((db) =>
    db
      .selectFrom('payout_batches')
      .select(['invoice_status', 'invoice_id'])
      .where('id', '=', batch.id)
      .executeTakeFirstOrThrow(),
  );
  expect(applied.invoice_status).toBe(BATCH_INVOICE.applied);
  // A second run, not a double click: the same write within 3 s is held back (spec §9, providers/writeGuard.ts).
  await page.waitForTimeout(TIMING.doubleClickGuardMs);
  await page.getByRole('button', { name: '立即执行自动开票' }).click();
  await expect(page.getByText('执行完成：新申请 0 张发票')).toBeVisible();
  const runs = await withServerDb((db) =>
    db.selectFrom('auto_invoice_runs').selectAll().where('run_key', '=', `batch:${batch.id}`).execute(),
  );
  expect(runs).toHaveLength(1);
  expect(Number(runs[0].invoice_id)).toBe(Number(applied.invoice_id));

  await row.click();
  const history = page.getByRole('table', { name: '自动开票记录' });
  await expect(
    history
      .getByRole('row')
      .filter({ hasText: `批次 ${batch.id}` })
      .getByText('已申请'),
  ).toBeVisible();
  await withServerDb((db) =>
    db.updateTable('auto_invoice_settings').set({ enabled: 0 }).where('company_id', '=', companyId).execute(),
  );
});

test('账本核对找出人为制造的差额', async ({ page }) => {
  const planted = 12_345;
  const key = { company: 1, mark: 1 };
  await withServerDb((db) =>
    db
      .updateTable('accounts')
      .set((eb) => ({ balance: eb('balance', '+', planted) }))
      .where('company_id', '=', key.company)
      .where('platform_mark', '=', key.mark)
      .execute(),
  );
  try {
    await loginAs(page, 'admin');
    await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
    await page.goto('/adAdminTool');
    await page.getByRole('button', { name: '开始核对' }).click();
    await expect(page.getByText('发现 1 个账户不一致')).toBeVisible();
    const table = page.getByRole('table', { name: '不一致的账户' });
    const row = table.getByRole('row').filter({ hasText: '上海灵动科技有限公司' });
    await expect(row).toBeVisible();
    await expect(row.getByRole('cell').last()).toHaveText('1.23');
  } finally {
    await withServerDb((db) =>
      db
        .updateTable('accounts')
        .set((eb) => ({ balance: eb('balance', '-', planted) }))
        .where('company_id', '=', key.company)
        .where('platform_mark', '=', key.mark)
        .execute(),
    );
  }
});

test('重建统计汇总修正被改坏的汇总，并列出修正结果', async ({ page }) => {
  // Plant a difference in one company-day rollup: the rebuild must take it back out.
  const victim = await withServerDb(async (db) => {
    const row = await db
      .selectFrom('stat_company_day')
      .select(['id', 'company_id', 'platform_mark', 'day', 'net_amount', 'invoiced_amount', 'uninvoiced_amount'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    // The 已开票 / 未开票 split drifts too (as a lost invoice event would leave it).
    await db
      .updateTable('stat_company_day')
      .set({
        net_amount: Number(row.net_amount) + 8_888_800,
        invoiced_amount: Number(row.invoiced_amount) + 100,
        uninvoiced_amount: Number(row.uninvoiced_amount) - 100,
      })
      .where('id', '=', row.id)
      .execute();
    return row;
  });
  await loginAs(page, 'admin');
  await expect(page.getByRole('button', { name: '退出' })).toBeVisible();
  await page.goto('/adAdminTool');
  const section = page.getByRole('region', { name: '重建统计汇总' });
  await section.getByRole('button', { name: '重建统计汇总' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
  await expect(section.getByText('重建完成：已修正 1 张汇总表，现与账本一致')).toBeVisible();
  const row = section.getByRole('table', { name: '重建结果' }).getByRole('row').filter({ hasText: '企业日汇总' });
  await expect(row.getByRole('cell').last()).toHaveText('已修正');
  await expect(row).toContainText('已开票');
  // The day's rollup equals that day's ledger entries again.
  const [rollup, ledger] = await withServerDb((db) =>
    Promise.all([
      db
        .selectFrom('stat_company_day')
        .select(['net_amount', 'invoiced_amount', 'uninvoiced_amount'])
        .where('company_id', '=', victim.company_id)
        .where('platform_mark', '=', victim.platform_mark)
        .where('day', '=', victim.day)
        .executeTakeFirstOrThrow(),
      db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.sum<number>('amount').as('net'))
        .where('company_id', '=', victim.company_id)
        .where('platform_mark', '=', victim.platform_mark)
        .where('create_time', 'like', `${victim.day}%`)
        .executeTakeFirstOrThrow(),
    ]),
  );
  expect(Number(rollup.net_amount)).toBe(Number(ledger.net));
  expect(Number(rollup.invoiced_amount)).toBe(Number(victim.invoiced_amount));
  expect(Number(rollup.uninvoiced_amount)).toBe(Number(victim.uninvoiced_amount));
});
