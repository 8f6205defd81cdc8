import { expect, type Page, test } from '@playwright/test';
import { openAccountCard } from './support/accountCard';
import { expectLoggedInAs, loginAs } from './support/login';

// One footer format (第 1-10 条，共 N 条) in generated lists, custom lists and dialogs alike.
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
  await (await openAccountCard(page)).getByRole('button', { name: '切换公司' }).click();
  const dialog = page.getByRole('dialog', { name: '切换公司' });
  await expect(dialog.getByText(RANGE)).toHaveText('第 1-3 条，共 3 条');
  await expect(dialog.getByText(OTHER_FORMATS)).toHaveCount(0);
});

/** Every pagination footer of the page, once the page has drawn its first one. */
async function footers(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  const shown = page.locator('.MuiTablePagination-displayedRows');
  await expect(shown.first(), `${path} has a pagination footer`).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#lg-first-paint')).toHaveCount(0);
  return shown.allTextContents();
}

// Generated lists and every hand-built table with its own pagination (statistics, staff accounts, help centre,
// reconciliation runs, a batch's items).
const LISTS = {
  admin: [
    '/adMerchant',
    '/adTransferLot',
    '/adNotice',
    '/adEnterpriseFlow',
    '/adJcyCustomerSet',
    '/adHelpCenter',
    '/fundReconciliation',
  ],
  merchant: ['/errorMoney', '/paymentRecord', '/invoiceRecord', '/contractManagement', '/help'],
} as const;

for (const [user, paths] of Object.entries(LISTS)) {
  test(`${user}：生成列表与各自定义表格的分页脚注格式一致`, async ({ page }) => {
    test.setTimeout(120_000);
    await loginAs(page, user);
    await expect(page.getByTestId('current-user')).toBeVisible();
    const wrong: string[] = [];
    for (const path of paths) {
      for (const text of await footers(page, path)) if (!RANGE.test(text)) wrong.push(`${path}: ${text}`);
    }
    if (user === 'merchant') {
      // A batch's show view pages its items itself.
      await page.goto('/paymentRecord');
      await page.locator('.RaDatagrid-root tbody tr').first().locator('td').nth(1).click();
      await expect(page).toHaveURL(/\/paymentRecord\/\d+\/show$/);
      const items = page.locator('.MuiTablePagination-displayedRows');
      await expect(items.first()).toBeVisible();
      for (const text of await items.allTextContents()) if (!RANGE.test(text)) wrong.push(`batch items: ${text}`);
    }
    expect(wrong, 'footers in another format').toEqual([]);
  });
}

// The page-size chooser is the browser's own select (MUI's made React render a cold page twice before
// it could paint); it still changes the page size, which the URL keeps.
test('每页条数是浏览器自带的下拉框：选 50 条后列表显示 50 行，地址保留 perPage=50', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  const rows = page.locator('.RaDatagrid-root tbody tr');
  await expect(rows).toHaveCount(10);
  const chooser = page.getByRole('combobox', { name: '每页条数' });
  await expect(chooser).toHaveJSProperty('tagName', 'SELECT');
  await chooser.selectOption('50');
  await expect(page).toHaveURL(/perPage=50/);
  await expect(rows).toHaveCount(50);
  await expect(page.getByText(RANGE)).toHaveText(/^第 1-50 条，共 \d+ 条$/);
  await page.reload();
  await expect(rows).toHaveCount(50);
  await expect(chooser).toHaveValue('50');
});

// The footer's page buttons are our own (resources/generator/ListPagination.tsx): named as react-admin
// named them, the current page marked, 上一页 disabled on the first page.
test('页码按钮：跳到第 2 页、下一页、上一页，当前页标出，第一页时上一页不可用', async ({ page }) => {
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  const pages = page.getByRole('navigation', { name: '分页' });
  await expect(pages.getByRole('button', { name: '第 1 页' })).toHaveAttribute('aria-current', 'page');
  await expect(pages.getByRole('button', { name: '上一页' })).toBeDisabled();
  const firstRow = page.locator('.RaDatagrid-root tbody tr').first();
  const firstOnPage1 = await firstRow.textContent();

  await pages.getByRole('button', { name: '跳转到第 2 页' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(RANGE)).toHaveText(/^第 11-20 条，共 \d+ 条$/);
  await expect(pages.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
  await expect(firstRow).not.toHaveText(firstOnPage1 ?? '');

  await pages.getByRole('button', { name: '下一页' }).click();
  await expect(page.getByText(RANGE)).toHaveText(/^第 21-30 条，共 \d+ 条$/);
  await pages.getByRole('button', { name: '上一页' }).click();
  await pages.getByRole('button', { name: '上一页' }).click();
  await expect(page.getByText(RANGE)).toHaveText(/^第 1-10 条，共 \d+ 条$/);
  await expect(firstRow).toHaveText(firstOnPage1 ?? '');
});
