import { expect, test } from '@playwright/test';
import { SERVICE_CHARGE_RULE } from '../../src/domain/charges';
import { PAYEE_MSG } from '../../src/domain/payees';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { loginAs } from './support/login';
import { signPayeesOnServer } from './support/signedPayees';

/**
 * /remit end to end: a file with two bad rows is refused with each reason; the corrected file (one payee's card
 * fails the bank's check digit) shows the masked preview and a warning the merchant accepts, and is submitted
 * with the payment password (123456, seeded for company 1); the simulated bank then completes the batch with one
 * failed item, refunded into /errorMoney.
 */

// Serials far from the other specs' payees; amounts of a few yuan so any seeded balance covers them.
const SERIAL = 880_000 + (Date.now() % 1000) * 10;

test('商户上传有误的打款文件看到每行原因，改正后预览并用支付密码提交，失败的一笔进入异常资金', async ({ page }) => {
  test.setTimeout(120_000);
  // Only signed workers of the company may be paid: the three payees signed first.
  await signPayeesOnServer([SERIAL, SERIAL + 1, SERIAL + 2]);
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/remit');
  await expect(page.getByRole('heading', { name: '上传打款文件' })).toBeVisible();
  const fileInput = page.getByLabel('上传打款文件');

  const failing = payee(SERIAL + 2, { 银行卡号: bankCard(SERIAL + 2, false), '金额（元）': '3.30' });
  const good = [payee(SERIAL, { '金额（元）': '1.10' }), payee(SERIAL + 1, { '金额（元）': '2.20' }), failing];
  const bad = [
    good[0],
    payee(SERIAL + 1, { 身份证号: '110101199001010011' }),
    payee(SERIAL + 2, { '金额（元）': '0' }),
  ];
  await fileInput.setInputFiles({ name: '有误的打款.csv', mimeType: 'text/csv', buffer: csvFile(bad) });
  await expect(page.getByText('文件中有 2 行数据有误，请修改后重新上传')).toBeVisible();
  const errors = page.getByRole('table', { name: '错误数据' });
  await expect(errors.getByRole('row')).toHaveCount(3);
  await expect(errors.getByRole('row').filter({ hasText: '第 3 行' })).toContainText('身份证号');
  await expect(errors.getByRole('row').filter({ hasText: '第 3 行' })).toContainText(PAYEE_MSG.idInvalid);
  await expect(errors.getByRole('row').filter({ hasText: '第 4 行' })).toContainText('金额');
  await expect(errors.getByRole('row').filter({ hasText: '第 4 行' })).toContainText(PAYEE_MSG.amountPositive);
  await expect(page.getByRole('button', { name: '提交打款' })).toHaveCount(0);

  await fileInput.setInputFiles({ name: '改正后的打款.csv', mimeType: 'text/csv', buffer: csvFile(good) });
  await expect(page.getByRole('heading', { name: '校验通过：改正后的打款.csv' })).toBeVisible();
  await expect(page.getByLabel('打款笔数')).toHaveText('3 笔');
  await expect(page.getByLabel('打款金额')).toHaveText('6.60 元');
  // 6% of each row, each rounded half up to the fen: 0.066 → 0.07, 0.132 → 0.13, 0.198 → 0.20; 0.40 in all.
  await expect(page.getByLabel('服务费（6.00%）')).toHaveText('0.40 元');
  await expect(page.getByText(SERVICE_CHARGE_RULE)).toBeVisible();
  await expect(page.getByLabel('合计应付')).toHaveText('7.00 元');
  await expect(page.getByLabel('打款后余额')).toBeVisible();
  const preview = page.getByRole('table', { name: '打款明细预览' });
  // The header, the three rows and the 合计 row.
  await expect(preview.getByRole('row')).toHaveCount(5);
  // Masked as in the payout records: the full numbers appear nowhere on the page.
  await expect(preview.getByRole('row').nth(3)).toContainText(`****${failing[2].slice(-4)}`);
  await expect(preview.getByRole('row').nth(3)).toContainText(
    `${failing[1].slice(0, 6)}********${failing[1].slice(-4)}`,
  );
  await expect(page.getByText(failing[2])).toHaveCount(0);
  await expect(page.getByText(failing[1])).toHaveCount(0);

  // The card failing its check digit is a warning the merchant accepts before paying.
  const warnings = page.getByRole('table', { name: '需要核对的行' });
  await expect(warnings.getByRole('row')).toHaveCount(2);
  await expect(warnings.getByRole('row').nth(1)).toContainText('第 4 行');
  await expect(warnings.getByRole('row').nth(1)).toContainText(PAYEE_MSG.cardCheckDigit);
  const submit = page.getByRole('button', { name: '提交打款' });
  await expect(submit).toBeDisabled();
  await page.getByRole('checkbox', { name: '我已与收款人核对以上银行卡号，确认无误' }).check();
  await expect(submit).toBeEnabled();

  await submit.click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await expect(dialog).toContainText('合计应付 7.00 元');
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认打款' }).click();
  const success = page.getByRole('alert').filter({ hasText: '提交成功，批次号' });
  await expect(success).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const batchNo = /批次号 (PL\d+)/.exec((await success.textContent()) ?? '')?.[1] ?? '';
  expect(batchNo).toMatch(/^PL\d{20}$/);

  // The simulated bank pays after a short delay: the batch ends partly failed, the failed payee refunded.
  await success.getByRole('link', { name: '打款记录' }).click();
  await expect(page).toHaveURL(/\/paymentRecord/);
  const batchRow = page.getByRole('row').filter({ hasText: batchNo });
  await expect(batchRow).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        await batchRow.waitFor();
        return (await batchRow.textContent()) ?? '';
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toContain('部分失败');

  await page.goto('/errorMoney');
  const fund = page.getByRole('row').filter({ hasText: batchNo }).filter({ hasText: failing[0] });
  await expect(fund).toHaveCount(1);
  await expect(fund).toContainText('待处理');
  await expect(fund).toContainText('银行卡号校验失败，收款行退回');
});

test('管理员在结算黑名单中新增收款人（服务器校验身份证校验位），再确认移除', async ({ page }) => {
  test.setTimeout(90_000);
  // An id ending in X, so the same body with 0 at the end has a wrong check character.
  let serial = 890_000 + (Date.now() % 1000);
  while (!idCard(serial).endsWith('X')) serial += 1;
  const id = idCard(serial);
  const wrongCheck = `${id.slice(0, 17)}0`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adSettlementBlacklist');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  await page.getByRole('link', { name: '新建黑名单' }).click();
  await expect(page).toHaveURL(/\/adSettlementBlacklist\/create$/);
  await expect(page.getByRole('button', { name: '添加筛选' })).toHaveCount(0);
  await page.getByRole('textbox', { name: '姓名' }).fill('周黑名');
  await page.getByRole('textbox', { name: '身份证号' }).fill(wrongCheck);
  await page.getByRole('textbox', { name: '原因' }).fill('端到端测试加入');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('身份证号格式或校验位不正确')).toBeVisible();
  await page.getByRole('textbox', { name: '身份证号' }).fill(id);
  await page.getByRole('button', { name: '保存' }).click();

  await expect(page).toHaveURL(/\/adSettlementBlacklist(\?.*)?$/);
  await expect(page.getByRole('button', { name: '保存' })).toHaveCount(0);
  await page.getByRole('textbox', { name: '身份证号' }).fill(id);
  await expect(page).toHaveURL((url) => decodeURIComponent(url.search).includes(`"idCard":"${id}"`));
  const row = page.getByRole('row').filter({ hasText: id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('周黑名');
  await expect(row).toContainText('系统管理员');
  await row.getByRole('button', { name: '移除' }).click();
  const confirm = page.getByRole('dialog', { name: '移除「周黑名」' });
  await expect(confirm).toContainText('移出黑名单后，此人可以再次收到打款，确定移除吗？');
  await confirm.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('移除成功')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: id })).toHaveCount(0);
});
