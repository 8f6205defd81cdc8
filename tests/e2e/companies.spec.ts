import { expect, test } from '@playwright/test';
import { loginAs } from './support/login';

test.describe('企业管理 /adMerchant', () => {
  test('管理员按名称筛选企业，打开并编辑开票信息，看到校验提示', async ({ page }) => {
    await loginAs(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    await page.goto('/adMerchant');
    const rows = page.locator('tbody tr');
    await expect(rows.first()).toBeVisible();

    await page.getByRole('textbox', { name: '企业名称' }).fill('灵动科技');
    await expect(page).toHaveURL((url) => decodeURIComponent(url.search).includes('"coname":"灵动科技"'));
    await expect(page.getByRole('cell', { name: '上海灵动科技有限公司', exact: true })).toBeVisible();
    for (const name of await rows.locator('td.column-name').allTextContents()) expect(name).toContain('灵动科技');

    // the filter survives a reload
    await page.reload();
    await expect(page.getByRole('textbox', { name: '企业名称' })).toHaveValue('灵动科技');

    // A row opens the company's detail; 编辑 leads to the form.
    await page.getByRole('cell', { name: '上海灵动科技有限公司', exact: true }).click();
    await expect(page).toHaveURL(/\/adMerchant\/1\/show$/);
    await page.getByRole('link', { name: '编辑' }).click();
    await expect(page).toHaveURL(/\/adMerchant\/1$/);
    await page.getByRole('textbox', { name: '纳税人识别号' }).fill('abc');
    await page.getByRole('textbox', { name: '银行账号' }).fill('12ab');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page.getByText('请输入正确的纳税人识别号（15、17、18或20位大写字母或数字）')).toBeVisible();
    await expect(page.getByText('请输入9-32位数字的银行账号')).toBeVisible();

    await page.getByRole('textbox', { name: '纳税人识别号' }).fill('91310000MA1FL8XQ30');
    await page.getByRole('textbox', { name: '银行账号' }).fill('6222020200112233445');
    await page.getByRole('textbox', { name: '开户银行' }).fill('中国工商银行上海分行');
    await page.getByRole('button', { name: '保存' }).click();
    await expect(page).toHaveURL(/\/adMerchant(\?.*)?$/);
    await page.goto('/adMerchant/1');
    await expect(page.getByRole('textbox', { name: '银行账号' })).toHaveValue('6222020200112233445');
  });

  test('客服只看到本部门的企业', async ({ page }) => {
    await loginAs(page, 'kefu');
    await expect(page).toHaveURL(/\/adMain$/);
    await page.goto('/adMerchant?perPage=200');
    await expect(page.locator('tbody tr').first()).toBeVisible();
    const subsidiaries = await page.locator('tbody td.column-subsidiaryName').allTextContents();
    expect(subsidiaries.length).toBeGreaterThan(0);
    // departments 1 and 2 are 上海/杭州/杭州滨江 (1) and 深圳/广州 (2)
    const ownDepartments = ['上海分公司', '杭州分公司', '杭州滨江分公司', '深圳分公司', '广州分公司'];
    for (const name of subsidiaries) expect(ownDepartments).toContain(name);
  });

  test('商户打开企业管理看到无权限提示', async ({ page }) => {
    await loginAs(page, 'merchant');
    await expect(page).toHaveURL(/\/manage$/);
    await page.goto('/adMerchant');
    await expect(page.getByRole('heading', { name: '无权限访问此页面！' })).toBeVisible();
  });
});
