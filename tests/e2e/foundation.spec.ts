import { expect, test } from '@playwright/test';
import { expectLoggedInAs, loginAs, loginThroughPage } from './support/login';

test.describe('登录与外壳', () => {
  test('/ 跳转到登录页，页面为中文', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: '灵工结算平台' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '标准版' })).toBeVisible();
    await expect(page.getByRole('tab', { name: '小规模版' })).toBeVisible();
  });

  test('管理员登录后进入 /adMain，页头显示“管理员”', async ({ page }) => {
    await loginThroughPage(page, 'admin');
    await expect(page).toHaveURL(/\/adMain$/);
    await expectLoggedInAs(page, '系统管理员');
    await expect(page.getByRole('banner').getByText('管理员', { exact: true })).toBeVisible();
    await expect(page.getByText('登录成功')).toBeVisible();
    await expect(page.getByRole('heading', { name: '欢迎，系统管理员' })).toBeVisible();
    await expect(page).toHaveTitle(/灵工结算平台$/);
  });

  test('商户登录后进入 /manage，看到商户菜单', async ({ page }) => {
    await loginThroughPage(page, 'merchant');
    await expect(page).toHaveURL(/\/manage$/);
    await expectLoggedInAs(page, '上海灵动科技有限公司');
    await expect(
      page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '批量打款' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '合同管理', exact: true }),
    ).toBeVisible();
  });

  test('小规模商户在“小规模版”登录，标题带（小规模）', async ({ page }) => {
    await loginThroughPage(page, 'xgm', { edition: '小规模版' });
    await expect(page).toHaveURL(/\/manage$/);
    await expectLoggedInAs(page, '杭州小微电子商务有限公司');
    await expect(page.getByRole('banner').getByText('灵工结算平台（小规模）')).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '灵工导入' }),
    ).toBeVisible();
  });

  test('密码错误时显示服务器的提示', async ({ page }) => {
    await loginAs(page, 'caiwu', { password: 'wrong-password1' });
    await expect(page.getByText('账号或密码错误')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('空表单显示校验提示', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByText('用户名不能为空')).toBeVisible();
    await expect(page.getByText('密码不能为空')).toBeVisible();
  });

  test('未登录打开受保护页面会带 Rurl 回到登录页，登录后回到原页面', async ({ page }) => {
    await page.goto('/adMain?from=bookmark');
    await expect(page).toHaveURL(/\/login\?Rurl=%2FadMain%3Ffrom%3Dbookmark$/);
    await page.getByLabel('账号').fill('admin');
    await page.getByLabel('密码').fill('Demo1234');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page).toHaveURL(/\/adMain\?from=bookmark$/);
  });

  test('商户打开管理端页面看到“无权限访问此页面！”', async ({ page }) => {
    await loginAs(page, 'merchant');
    await expect(page).toHaveURL(/\/manage$/);
    await page.goto('/adMain');
    await expect(page.getByRole('heading', { name: '无权限访问此页面！' })).toBeVisible();
  });

  test('退出登录显示“退出成功!”并回到登录页', async ({ page }) => {
    await loginAs(page, 'kefu');
    await expect(page).toHaveURL(/\/adMain$/);
    await expect(page.getByRole('banner').getByText('客服', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: '退出' }).click();
    await expect(page.getByText('退出成功!')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    await page.goto('/adMain');
    await expect(page).toHaveURL(/\/login\?Rurl=/);
  });
});
