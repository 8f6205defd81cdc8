import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

// 查看图片 shows the voucher in a dialog with zoom instead of downloading it.

/** A real 1×1 PNG, made here so the test carries no fixture file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('财务在充值列表点「查看图片」：凭证在对话框中显示，可缩放，仍可下载', async ({ page }) => {
  test.setTimeout(90_000);
  const serial = `IMG${Date.now()}`;
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/recharge');
  const form = page.getByRole('form', { name: '充值申请' });
  await form.getByRole('textbox', { name: '充值金额（元）' }).fill('100.00');
  await form.getByRole('textbox', { name: '付款户名' }).fill('上海灵动科技有限公司');
  await form.getByRole('textbox', { name: '付款账号' }).fill('6222021001122334455');
  await form.getByRole('textbox', { name: '银行流水号' }).fill(serial);
  await page.getByLabel('上传转账凭证').setInputFiles({ name: '转账凭证.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: '转账凭证预览' })).toBeVisible();
  await form.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByText('充值申请已提交（100.00 元）')).toBeVisible();
  await page.getByRole('button', { name: '退出' }).click();

  await loginAs(page, 'caiwu');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMoneyManagement');
  await page.getByRole('textbox', { name: '银行流水号' }).fill(serial);
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toBeVisible();
  await expect(page.locator('#lg-first-paint')).toHaveCount(0);

  const downloads: string[] = [];
  page.on('download', (download) => downloads.push(download.suggestedFilename()));
  await row.getByRole('button', { name: '查看图片' }).click();
  const dialog = page.getByRole('dialog', { name: '转账凭证' });
  const image = dialog.getByRole('img', { name: '转账凭证' });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth))
    .toBe(1);
  expect(downloads, 'viewing downloads nothing').toEqual([]);
  await expect(page).toHaveURL(/\/adMoneyManagement/);

  await expect(dialog.getByRole('button', { name: '实际大小' })).toHaveText('100%');
  await dialog.getByRole('button', { name: '放大' }).click();
  await expect(dialog.getByRole('button', { name: '实际大小' })).toHaveText('125%');
  await dialog.getByRole('button', { name: '缩小' }).click();
  await dialog.getByRole('button', { name: '缩小' }).click();
  await expect(dialog.getByRole('button', { name: '实际大小' })).toHaveText('75%');

  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '下载' }).click();
  expect((await download).suggestedFilename()).toMatch(/\.png$/);
  await dialog.getByRole('button', { name: '关闭', exact: true }).click();
  await expect(dialog).toHaveCount(0);
});
