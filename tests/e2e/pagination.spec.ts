import { expect, test } from '@playwright/test';
import { expectLoggedInAs, loginAs } from './support/login';

// Issue 17 item 6: one footer format (第 1-10 条，共 N 条) in generated lists, custom lists and dialogs alike.
const RANGE = /^第 \d+-\d+ 条，共 \d+ 条$/;
const OTHER_FORMATS = /^\d+-\d+ 共 \d+ 条$|条到第/;

test('生成的列表、自定义列表和对话框的分页都写作「第 1-10 条，共 N 条」', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  await expect(page.getByText(RANGE)).toHaveText(/^第 1-10 条，共 \d+ 条$/);

  await page.getByRole('button', { name: '退出' }).click();
  await loginAs(page, 'merchant');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/systemNotice');
  await expect(page.getByRole('columnheader', { name: /发布时间/ })).toBeVisible();
  await expect(page.getByText(RANGE)).toBeVisible();
  await expect(page.getByText(OTHER_FORMATS)).toHaveCount(0);

  await page.getByRole('button', { name: '退出' }).click();
  await loginAs(page, 'xgm', { edition: '小规模版' });
  await expectLoggedInAs(page, '杭州小微电子商务有限公司');
  await page.getByTestId('current-user').hover();
  await page.getByRole('button', { name: '切换公司' }).click();
  const dialog = page.getByRole('dialog', { name: '切换公司' });
  await expect(dialog.getByText(RANGE)).toHaveText('第 1-3 条，共 3 条');
  await expect(dialog.getByText(OTHER_FORMATS)).toHaveCount(0);
});
