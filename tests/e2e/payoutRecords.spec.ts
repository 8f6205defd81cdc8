import { expect, test } from '@playwright/test';
import { luhnCheckDigit } from '../../src/domain/payees';
import { loginAs } from './support/login';

/** A Luhn-valid card the simulated bank pays, different on every run. */
function correctedCard(): string {
  const body = `621700${String(Date.now()).slice(-12)}`;
  return body + luhnCheckDigit(body);
}

test('商户查看打款批次明细，在异常资金中重新打款，财务在转账批次中看到该批次', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);

  // The seed leaves company 1 a partly failed batch: open it from the list.
  await page.goto('/paymentRecord');
  const partly = page.getByRole('row').filter({ hasText: '部分失败' }).first();
  await expect(partly).toBeVisible();
  const batchNo = ((await partly.getByRole('cell').first().textContent()) ?? '').trim();
  await partly.getByRole('button', { name: '查看明细' }).click();
  // The batch's generated show view: its fields, a breadcrumb back to the list, its items.
  await expect(page).toHaveURL(/\/paymentRecord\/\d+\/show$/);
  await expect(page.getByText(batchNo, { exact: true })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('打款批次');
  await expect(page.getByRole('table', { name: '打款明细' })).toBeVisible();

  await page.getByRole('combobox', { name: '状态' }).click();
  await page.getByRole('option', { name: '失败' }).click();
  await expect(page).toHaveURL(/status=2/);
  const items = page.getByRole('table', { name: '打款明细' });
  const failedRow = items.getByRole('row').filter({ hasText: '银行卡号校验失败，收款行退回' });
  await expect(failedRow).toHaveCount(1);
  await expect(items.getByRole('row')).toHaveCount(2);
  const cells = failedRow.getByRole('cell');
  const name = ((await cells.nth(1).textContent()) ?? '').trim();
  await expect(cells.nth(2)).toHaveText(/^\d{6}\*{8}[\dX]{4}$/);
  const maskedCard = ((await cells.nth(3).textContent()) ?? '').trim();
  expect(maskedCard).toMatch(/^\*{4}\d{4}$/);

  // The refunded item waits in /errorMoney: re-pay it to a corrected card.
  await page.goto('/errorMoney');
  const fund = page
    .getByRole('row')
    .filter({ hasText: batchNo })
    .filter({ hasText: name })
    .filter({ hasText: maskedCard })
    .filter({ hasText: '待处理' });
  await expect(fund).toHaveCount(1);
  await fund.getByRole('button', { name: '重新打款' }).click();
  const dialog = page.getByRole('dialog', { name: `重新打款「${name}」` });
  await dialog.getByRole('textbox', { name: '新银行卡号' }).fill('1234');
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认打款' }).click();
  await expect(dialog.getByText('银行卡号应为12-19位数字')).toBeVisible();
  const card = correctedCard();
  await dialog.getByRole('textbox', { name: '新银行卡号' }).fill(card);
  await dialog.getByLabel('支付密码').fill('654321');
  await dialog.getByRole('button', { name: '确认打款' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('支付密码错误，还可尝试4次');
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认打款' }).click();
  await expect(dialog).toHaveCount(0);
  const notice = page.getByText(/^已提交重新打款，批次号 PL\d{20}$/);
  await expect(notice).toBeVisible();
  const repayNo = ((await notice.textContent()) ?? '').replace('已提交重新打款，批次号 ', '').trim();
  const handled = page.getByRole('row').filter({ hasText: repayNo });
  await expect(handled).toContainText('已重新打款');
  await expect(handled.getByRole('button', { name: '重新打款' })).toHaveCount(0);

  // The re-payment is a batch of its own; the simulated bank pays it after a short delay.
  await page.goto('/paymentRecord');
  const repayRow = page.getByRole('row').filter({ hasText: repayNo });
  await repayRow.getByRole('button', { name: '查看明细' }).click();
  await expect(page.getByText(repayNo, { exact: true })).toBeVisible();
  // The show view reads the batch again while it is being paid.
  await expect(page.locator('.ra-field-status').getByText('已完成', { exact: true })).toBeVisible({
    timeout: 30_000,
  });
  const paid = page.getByRole('table', { name: '打款明细' }).getByRole('row').filter({ hasText: name });
  await expect(paid).toContainText(`****${card.slice(-4)}`);
  await expect(paid).toContainText('成功');

  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adTransferLot');
  await page.getByRole('textbox', { name: '批次号' }).fill(repayNo);
  await expect(page).toHaveURL(/batchNo/);
  const lot = page.getByRole('row').filter({ hasText: repayNo });
  await expect(lot).toContainText('上海灵动科技有限公司');
  await expect(lot).toContainText('已完成');
  await expect(page.getByRole('row')).toHaveCount(2);
  // Finance opens the batch too, and goes back to the list by the breadcrumb.
  await lot.click();
  await expect(page).toHaveURL(/\/adTransferLot\/\d+\/show$/);
  await expect(page.getByRole('table', { name: '打款明细' }).getByRole('row').filter({ hasText: name })).toContainText(
    '成功',
  );
  await page.getByRole('navigation', { name: '面包屑' }).getByRole('link', { name: '转账批次' }).click();
  await expect(page).toHaveURL(/\/adTransferLot(\?|$)/);
});
