import { expect, type Page, test } from '@playwright/test';
import { loginAs } from './support/login';
import { clickRowAction, rowActionLabels } from './support/rowActions';
import { withServerDb } from './support/serverDb';
import { MERCHANT_COMPANY } from './support/signedPayees';

/**
 * Open-API keys end to end: staff grant a merchant a key with scopes and an expiry on /addThirdPartyCall, change
 * its scopes and calls a minute, rotate it and see the new signing secret once; the merchant then finds the key
 * with the changed scopes on its 开放接口 page, and neither secret anywhere on it.
 */

test.describe.configure({ mode: 'serial' });

const CALLER = `开放接口测试${Date.now() % 100000}`;

/** Types a date into a picker's field (year, month and day sections move on by themselves). */
async function typeDate(page: Page, label: string, digits: string) {
  const field = page.getByRole('group', { name: label });
  await field.getByRole('spinbutton').first().click();
  await page.keyboard.type(digits);
}

const shownValue = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true }).inputValue();

let keyId = '';
const secrets: string[] = [];

test('第三方调用管理：授权时选权限与有效期，修改权限，轮换密钥只显示一次签名密钥', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  const company = await withServerDb((db) =>
    db.selectFrom('companies').select('name').where('id', '=', MERCHANT_COMPANY.companyId).executeTakeFirstOrThrow(),
  );
  await loginAs(page, 'admin');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto('/addThirdPartyCall');
  await page.getByRole('button', { name: '新增授权' }).click();
  const grant = page.getByRole('dialog', { name: '新增第三方调用授权' });
  await grant.getByRole('combobox', { name: '商户' }).fill(company.name);
  await page.getByRole('option', { name: new RegExp(`^${company.name}（标准版）`) }).click();
  await grant.getByRole('textbox', { name: '调用方平台' }).fill(CALLER);
  await expect(grant.getByRole('checkbox', { name: /^查询/ })).toBeChecked();
  await grant.getByRole('checkbox', { name: /^人员/ }).check();
  await typeDate(page, '有效期至', '20991231');
  await grant.getByRole('button', { name: '创建并生成密钥' }).click();

  const issued = page.getByRole('dialog', { name: `开放接口密钥「${CALLER}」` });
  await expect(issued).toContainText('只显示这一次');
  keyId = await shownValue(page, '密钥编号');
  secrets.push(await shownValue(page, '签名密钥'), await shownValue(page, '校验密钥'));
  expect(keyId).toMatch(/^lgak_/);
  expect(secrets[0].length).toBeGreaterThan(20);
  await expect(issued.getByRole('button', { name: '复制签名密钥' })).toBeVisible();
  await issued.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(issued).toHaveCount(0);

  await page.getByRole('textbox', { name: '调用方平台' }).fill(CALLER);
  const row = page.locator('tbody tr').filter({ hasText: CALLER });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('查询、人员');
  await expect(row).toContainText('2099-12-31 23:59:59');
  await expect(row).toContainText(keyId);
  // Four actions: the two of every day inline, 停用 and 删除 under 「更多」.
  const inline = (await row.locator('td').last().getByRole('button').allInnerTexts()).map((text) => text.trim());
  expect(inline).toEqual(['修改权限与有效期', '轮换密钥', '更多']);
  expect(await rowActionLabels(page, row)).toEqual(['修改权限与有效期', '轮换密钥', '停用', '删除']);
  // The 操作 column fits the window at 1280 wide.
  const header = await page.getByRole('columnheader', { name: '操作' }).boundingBox();
  expect(header && header.x + header.width).toBeLessThanOrEqual(1281);

  await clickRowAction(page, row, '修改权限与有效期');
  const settings = page.getByRole('dialog', { name: `修改权限与有效期「${CALLER}」` });
  await expect(settings.getByRole('checkbox', { name: /^人员/ })).toBeChecked();
  await settings.getByRole('checkbox', { name: /^人员/ }).uncheck();
  await settings.getByRole('checkbox', { name: /^打款/ }).check();
  await settings.getByRole('checkbox', { name: /^发票/ }).check();
  await settings.getByRole('spinbutton', { name: '每分钟调用次数' }).fill('120');
  await settings.getByRole('button', { name: '保存' }).click();
  await expect(settings).toHaveCount(0);
  await expect(page.getByText('密钥设置已保存')).toBeVisible();
  await expect(row).toContainText('查询、打款、发票');
  await expect(row).toContainText('120');

  await clickRowAction(page, row, '轮换密钥');
  const rotate = page.getByRole('dialog', { name: `轮换密钥「${CALLER}」` });
  await expect(rotate).toContainText('确定轮换吗');
  await rotate.getByRole('spinbutton', { name: '重叠期（小时）' }).fill('2');
  await rotate.getByRole('button', { name: '确定轮换' }).click();
  await expect(issued).toContainText('只显示这一次');
  await expect(issued).toContainText('旧签名密钥在');
  expect(await shownValue(page, '密钥编号')).toBe(keyId);
  const rotated = await shownValue(page, '签名密钥');
  expect(rotated).not.toBe(secrets[0]);
  secrets.push(rotated, await shownValue(page, '校验密钥'));
  await issued.getByRole('button', { name: '我已保存，关闭' }).click();
  await expect(issued).toHaveCount(0);
  // Once closed, the secrets are nowhere on the page.
  const shown = await page.locator('body').innerText();
  for (const secret of secrets) expect(shown).not.toContain(secret);
});

test('商户的开放接口页列出平台授予的密钥与修改后的权限，不显示密钥本身', async ({ page }) => {
  expect(keyId, '上一个测试创建了密钥').not.toBe('');
  await loginAs(page, 'merchant');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.getByRole('link', { name: '开放接口', exact: true }).click();
  await expect(page).toHaveURL(/\/openApi$/);
  await expect(page.getByText('密钥由平台工作人员授予')).toBeVisible();
  const row = page.getByRole('table', { name: '开放接口密钥' }).locator('tbody tr').filter({ hasText: CALLER });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(keyId);
  await expect(row).toContainText('查询、打款、发票');
  await expect(row).toContainText('2099-12-31 23:59:59');
  await expect(row).toContainText('120');
  await expect(row).toContainText('启用');
  await expect(row).toContainText(`${secrets[3].slice(0, 12)}…`);

  await expect(page.getByRole('table', { name: '接口列表' })).toContainText('/open/v1/balance');
  await page.getByRole('button', { name: '签名说明' }).click();
  await expect(page.getByLabel('签名说明', { exact: true })).toContainText('X-LG-Signature');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载接口文档（OpenAPI JSON）' }).click();
  expect((await download).suggestedFilename()).toBe('开放接口文档.openapi.json');

  const shown = await page.locator('body').innerText();
  for (const secret of secrets) expect(shown).not.toContain(secret);

  await page.getByText('推送地址、推送的签名密钥').getByRole('link', { name: '消息推送' }).click();
  await expect(page).toHaveURL(/\/openWebhooks$/);
});
