import { expect, type Page, test } from '@playwright/test';
import { creditCodeCheckCharacter } from '../../src/domain/creditCode';
import { loginAs } from './support/login';
import { clickRowAction, rowActionLabels } from './support/rowActions';

/**
 * The operator's actions on /adMerchant, on a company the test creates (demo companies are left as
 * they are): 新建企业, then 分配销售合伙人, 更换管理员, 工作场景, 绑定签约主体, VIP等级, 绑定CRM and 企业认证 from its
 * row, each checked by what the list or the detail page shows, or by the server's own GET of that company.
 */

const RUN = Date.now() % 100000;
const NAME = `上海运营测试${RUN}科技有限公司`;
const CREDIT_CODE = (() => {
  const first17 = `9131000066${String(RUN).padStart(7, '0')}`;
  return `${first17}${creditCodeCheckCharacter(first17)}`;
})();

/** GET a call with the page's own session, answering its content. */
async function served(page: Page, path: string): Promise<any> {
  return page.evaluate(async (url) => {
    const answer = await fetch(url, { headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` } });
    return (await answer.json()).content;
  }, path);
}

/** Opens a row action's dialog on the test's company. */
async function openAction(page: Page, label: string) {
  const row = page.locator('tbody tr').filter({ hasText: NAME });
  await clickRowAction(page, row, label);
  const dialog = page.getByRole('dialog', { name: new RegExp(label) });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function confirm(page: Page, dialog: ReturnType<Page['getByRole']>, toast: string) {
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('/adMerchant：运营新建企业，并在行上分配合伙人、更换管理员、设置场景、绑定主体、VIP等级、CRM与认证', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adMerchant');
  await expect(page.locator('tbody tr').first()).toBeVisible();

  // 新建企业: the create form, a subsidiary picked by its name.
  await page.getByRole('link', { name: '新建企业' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  await page.getByRole('textbox', { name: '企业名称' }).fill(NAME);
  await page.getByRole('textbox', { name: '统一社会信用代码' }).fill('91310000');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('请输入正确的统一社会信用代码（18位数字或大写字母）')).toBeVisible();
  await page.getByRole('textbox', { name: '统一社会信用代码' }).fill(CREDIT_CODE);
  await page.getByRole('combobox', { name: '版本' }).click();
  await page.getByRole('option', { name: '标准版' }).click();
  await page.getByRole('textbox', { name: '法人姓名' }).fill('张法人');
  await page.getByRole('textbox', { name: '联系人', exact: true }).fill('李联系');
  await page.getByRole('textbox', { name: '联系人手机' }).fill('13912345678');
  const subsidiary = page.getByRole('combobox', { name: '所属分公司' });
  await subsidiary.fill('上海');
  await page.getByRole('option', { name: '上海分公司', exact: true }).click();
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adMerchant(\?.*)?$/);

  await page.getByRole('textbox', { name: '企业名称' }).fill(NAME);
  const row = page.locator('tbody tr').filter({ hasText: NAME });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('上海分公司');
  await expect(row).toContainText('李联系');
  const id = Number(await row.locator('td.column-id').textContent());
  expect(id).toBeGreaterThan(0);

  // At most three controls on the row (the activation's two, then 「更多」), so at 1366 px they leave the company's own
  // columns room; every action is still offered.
  const cell = row.locator('td').last();
  expect(await cell.getByRole('button').allInnerTexts()).toEqual(['绑定签约主体', '分配销售合伙人', '更多']);
  expect((await rowActionLabels(page, row)).sort()).toEqual(
    ['分配销售合伙人', '更换管理员', '工作场景', '企业认证', '绑定签约主体', 'VIP等级', '绑定CRM'].sort(),
  );

  // 分配销售合伙人: a partner picked by name.
  let dialog = await openAction(page, '分配销售合伙人');
  await dialog.getByRole('combobox', { name: '销售合伙人' }).fill('老李');
  await page.getByRole('option', { name: '合伙人老李' }).click();
  await confirm(page, dialog, '销售合伙人已分配');
  expect((await served(page, `/api/v1/companies/salepartner?coid=${id}`)).partnerName).toBe('合伙人老李');

  // 更换管理员: the row shows the new contact.
  dialog = await openAction(page, '更换管理员');
  await dialog.getByRole('textbox', { name: '管理员姓名' }).fill('王新管');
  await dialog.getByRole('textbox', { name: '管理员手机号' }).fill('13812345679');
  await confirm(page, dialog, '管理员已变更');
  await expect(row).toContainText('王新管');
  await expect(row).toContainText('13812345679');

  // 工作场景: a text the server bounds (2-200 characters); too short is refused under the input.
  dialog = await openAction(page, '工作场景');
  await dialog.getByRole('textbox', { name: '工作场景' }).fill('骑');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('请输入2-200字的工作场景').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: '工作场景' }).fill('外卖骑手配送');
  await confirm(page, dialog, '工作场景已保存');

  // 绑定签约主体: enterprises picked by name, several at once; the dialog opens with the current binding.
  dialog = await openAction(page, '绑定签约主体');
  const enterprises = dialog.getByRole('combobox', { name: '签约主体' });
  await enterprises.fill('众薪');
  await page.getByRole('option', { name: '海南众薪科技服务有限公司' }).click();
  await enterprises.fill('亚辉');
  await page.getByRole('option', { name: '安徽亚辉人力资源服务有限公司' }).click();
  await confirm(page, dialog, '签约主体已保存');
  const bound = (await served(page, `/api/v1/companies/enterprise/${id}`)) as { name: string }[];
  expect(bound.map((item) => item.name).sort()).toEqual(
    ['安徽亚辉人力资源服务有限公司', '海南众薪科技服务有限公司'].sort(),
  );
  dialog = await openAction(page, '绑定签约主体');
  await expect(dialog.getByRole('button', { name: '海南众薪科技服务有限公司' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: '安徽亚辉人力资源服务有限公司' })).toBeVisible();
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();

  // VIP等级: a choice list read from GET /api/v1/company/viplevel.
  dialog = await openAction(page, 'VIP等级');
  await dialog.getByRole('combobox', { name: 'VIP等级' }).click();
  await page.getByRole('option', { name: '尊享VIP' }).click();
  await confirm(page, dialog, 'VIP等级已保存');

  // 绑定CRM: a CRM institution searched by name.
  dialog = await openAction(page, '绑定CRM');
  await dialog.getByRole('combobox', { name: 'CRM机构' }).fill('青禾');
  await page.getByRole('option', { name: '杭州青禾文化传播有限公司' }).click();
  await confirm(page, dialog, '绑定成功');
  expect((await served(page, `/api/v1/company/crm/bind/${id}`)).crmName).toBe('杭州青禾文化传播有限公司');

  // 企业认证: once; the button leaves the row after it.
  dialog = await openAction(page, '企业认证');
  await confirm(page, dialog, '认证成功');
  expect(await rowActionLabels(page, row)).not.toContain('企业认证');

  // The detail page shows what the actions set.
  await row.locator('td.column-name').click();
  await expect(page).toHaveURL(new RegExp(`/adMerchant/${id}/show$`));
  await expect(page.getByText('外卖骑手配送')).toBeVisible();
  await expect(page.getByText('尊享VIP')).toBeVisible();
  await expect(page.getByText('已认证')).toBeVisible();
});
