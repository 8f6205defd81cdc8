import { expect, type Page, test } from '@playwright/test';
import { MSG } from '../../src/domain/validation';
import { UNPAID_INVOICE_MESSAGE } from '../../src/workspace/UnpaidInvoiceReminder';
import { insertBatch } from '../api/support/payoutFixtures';
import { openAccountCard } from './support/accountCard';
import { expectLoggedInAs, loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/** The bell's accessible name carries the unread count: 系统公告，未读 N 条. */
async function unreadCount(page: Page): Promise<number> {
  const bell = page.getByRole('button', { name: /^系统公告，未读 \d+ 条$/ });
  await expect(bell).toBeVisible();
  const name = (await bell.getAttribute('aria-label')) ?? '';
  return Number(/未读 (\d+) 条/.exec(name)?.[1]);
}

test('商户在铃铛看到未读数，打开公告并确认后未读数减一', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  const bell = page.getByRole('button', { name: /^系统公告，未读 \d+ 条$/ });
  await expect(bell).toBeVisible();
  const before = await unreadCount(page);
  expect(before).toBeGreaterThan(0);

  await bell.click();
  const list = page.getByRole('dialog', { name: '系统公告' });
  const unreadRow = list.getByRole('listitem').filter({ hasText: '未读' }).first();
  await expect(unreadRow).toBeVisible();
  const title = (await unreadRow.locator('[title]').getAttribute('title')) ?? '';
  await unreadRow.getByRole('button').click();
  const detail = page.getByRole('dialog', { name: title });
  await expect(detail).toBeVisible();
  const width = await detail.evaluate(
    (node) => (node.closest('.MuiDialog-paper') ?? node).getBoundingClientRect().width,
  );
  expect(width).toBe(600);
  await detail.getByRole('button', { name: '我知道了' }).click();
  await expect(detail).toHaveCount(0);
  await expect(list.getByRole('listitem').filter({ hasText: title }).getByText('未读')).toHaveCount(0);
  await list.getByRole('button', { name: '关闭' }).click();
  await expect(page.getByRole('button', { name: `系统公告，未读 ${before - 1} 条` })).toBeVisible();
});

test('小规模商户通过密码对话框切换公司，页头显示新公司', async ({ page }) => {
  await loginAs(page, 'xgm', { edition: '小规模版' });
  await expectLoggedInAs(page, '杭州小微电子商务有限公司');
  await (await openAccountCard(page)).getByRole('button', { name: '切换公司' }).click();
  const dialog = page.getByRole('dialog', { name: '切换公司' });
  await expect(dialog.getByRole('row')).toHaveCount(4);
  await dialog.getByRole('button', { name: '切换到杭州小微物流服务有限公司' }).click();
  const password = page.getByRole('dialog', { name: '切换到杭州小微物流服务有限公司' });
  await password.getByRole('button', { name: '确定' }).click();
  await expect(password.getByText('请输入登录密码')).toBeVisible();
  await password.getByLabel('登录密码').fill('Demo1234');
  await password.getByRole('button', { name: '确定' }).click();
  await expectLoggedInAs(page, '杭州小微物流服务有限公司');
  await expect(page).toHaveURL(/\/manage$/);
});

test('标准版商户的悬停卡片没有切换公司', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expectLoggedInAs(page, '上海灵动科技有限公司');
  const card = await openAccountCard(page);
  await expect(card.getByRole('link', { name: '账户安全' })).toBeVisible();
  await expect(card.getByRole('link', { name: '企业信息' })).toBeVisible();
  await expect(card.getByRole('link', { name: '管理员信息' })).toBeVisible();
  await expect(page.getByRole('button', { name: '切换公司' })).toHaveCount(0);
});

test('开票信息表单对每个错误输入给出提示', async ({ page }) => {
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  // The home page's quick links have a 企业信息 too (to /merchant): click the card's.
  await (await openAccountCard(page)).getByRole('link', { name: '企业信息' }).click();
  await expect(page).toHaveURL(/\/merchant\?type=first$/);
  const form = page.getByRole('form', { name: '开票信息' });
  const bad: [string, string, string][] = [
    ['发票抬头', 'A', MSG.invoiceTitle],
    ['纳税人识别号', 'abc', MSG.taxNumber],
    ['开户银行', 'B', MSG.invoiceBank],
    ['银行账号', '12ab', MSG.bankAccount],
    ['开票地址', '上海', MSG.invoiceAddress],
    ['开票电话', '1'.repeat(31), MSG.invoicePhone],
  ];
  for (const [label, value] of bad) await form.getByLabel(label).fill(value);
  await form.getByRole('button', { name: '保存' }).click();
  for (const [, , message] of bad) await expect(form.getByText(message)).toBeVisible();
});

test('账户安全：原密码错误给出提示，正确后新密码可登录', async ({ page }) => {
  await loginAs(page, 'xgm03', { edition: '小规模版' });
  await expectLoggedInAs(page, '杭州小微文化传媒有限公司');
  await page.goto('/merchant?type=fourth');
  const form = page.getByRole('form', { name: '修改登录密码' });
  await form.getByLabel('原密码').fill('Wrong1234');
  await form.getByLabel('新密码', { exact: true }).fill('Fresh5678');
  await form.getByLabel('确认新密码').fill('Fresh5678');
  await form.getByRole('button', { name: '修改登录密码' }).click();
  await expect(form.getByText('原密码错误，请重新输入')).toBeVisible();
  await form.getByLabel('原密码').fill('Demo1234');
  await form.getByRole('button', { name: '修改登录密码' }).click();
  await expect(page.getByText('密码修改成功')).toBeVisible();
  await page.getByRole('button', { name: '退出' }).click();
  await loginAs(page, 'xgm03', { edition: '小规模版', password: 'Fresh5678' });
  await expectLoggedInAs(page, '杭州小微文化传媒有限公司');
});

test('团队管理：添加子账号后停用，子账号无法登录', async ({ page }) => {
  const username = `sub${Date.now() % 100000}`;
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/teamAdmin');
  const form = page.getByRole('form', { name: '添加子账号' });
  await form.getByLabel('手机号').fill('13911112222');
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('初始密码').fill('Sub12345');
  // Permissions carry their Chinese names (the role catalogue's), never raw MER_* codes.
  await expect(form.getByText('MER_HOME')).toHaveCount(0);
  await form.getByRole('group', { name: '权限' }).getByLabel('首页与统计').check();
  await form.getByRole('button', { name: '添加子账号' }).click();
  const row = page.getByRole('row').filter({ hasText: username });
  await expect(row.getByRole('cell', { name: '首页与统计' })).toBeVisible();
  await expect(row.getByText('启用', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: '停用' }).click();
  await page
    .getByRole('dialog', { name: `停用子账号「${username}」` })
    .getByRole('button', { name: '确定' })
    .click();
  await expect(row.getByText('停用', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: '退出' }).click();
  await loginAs(page, username, { password: 'Sub12345' });
  await expect(page.getByText('账号已停用，请联系管理员')).toBeVisible();
});

test('未开票提醒：有待开票的批次时出现，跨页面保留，关闭后本次会话不再出现', async ({ page }) => {
  // A finished, not yet invoiced batch of the merchant's company, whatever other tests invoiced before.
  await withServerDb((db) => insertBatch(db, { companyId: 1, platformMark: 1, amounts: [1_000_000] }));
  await loginAs(page, 'merchant');
  const reminder = page.getByRole('alert').filter({ hasText: UNPAID_INVOICE_MESSAGE });
  await expect(reminder).toBeVisible();
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '打款记录' }).click();
  await expect(page).toHaveURL(/\/paymentRecord$/);
  await expect(reminder).toBeVisible();
  await expect(reminder.getByRole('link', { name: '去申请开票' })).toHaveAttribute('href', '/applyInvoice');

  await reminder.getByRole('button', { name: /close|关闭/i }).click();
  await expect(reminder).toHaveCount(0);
  await page.getByRole('navigation', { name: '主菜单' }).getByRole('link', { name: '首页' }).click();
  await expect(page).toHaveURL(/\/manage$/);
  await page.reload();
  // The home page's figures have loaded (the reminder would have come with them).
  await expect(page.getByText('账户余额')).toBeVisible();
  await expect(page.getByText(/^\d{1,3}(,\d{3})*\.\d{2}/).first()).toBeVisible();
  await expect(reminder).toHaveCount(0);
});

test('财务首页的待确认充值数链接到只含待确认充值的列表', async ({ page }) => {
  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  const figure = page.getByLabel('待确认充值', { exact: true });
  await expect(figure).toHaveText(/^\d+$/);
  const pending = Number(await figure.textContent());
  expect(pending).toBeGreaterThan(0);
  await figure.click();
  await expect(page).toHaveURL(/\/adMoneyManagement\?filter=/);
  await expect(page.getByText(new RegExp(`共 ${pending} 条`))).toBeVisible();
  const rows = page.locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) await expect(row).toContainText('待确认');
});
