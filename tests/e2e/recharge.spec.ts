import { expect, type Page, test } from '@playwright/test';
import { formatMoney, parseMoney } from '../../src/domain/money';
import { loginAs } from './support/login';

/** A real 1×1 PNG, made here so the test carries no fixture file. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** The balance card on /manage, in units, once it has loaded. */
async function balanceOnHome(page: Page): Promise<number> {
  await expect(page).toHaveURL(/\/manage$/);
  const card = page.getByLabel('账户余额');
  await expect(card).toHaveText(/^[\d,]+\.\d{2} 元$/);
  const units = parseMoney(((await card.textContent()) ?? '').replace(' 元', ''));
  expect(units).not.toBeNull();
  return units as number;
}

async function logout(page: Page) {
  await page.getByRole('button', { name: '退出' }).click();
  await expect(page).toHaveURL(/\/login/);
}

test('商户提交充值并上传凭证，财务确认到账后首页余额恰好增加充值金额', async ({ page }) => {
  test.setTimeout(120_000);
  const serial = `E2E${Date.now()}`;
  const amountText = '1,234.56';
  const amount = parseMoney(amountText) as number;

  await loginAs(page, 'merchant');
  const before = await balanceOnHome(page);

  await page.getByLabel('账户余额').click();
  await expect(page).toHaveURL(/\/recharge$/);
  await expect(page.getByRole('heading', { name: '收款账户' })).toBeVisible();
  // The platform's one receiving account: the bank channel's collection account, as 银行信息 shows it.
  await expect(page.getByText('交通银行上海张江支行')).toBeVisible();
  await expect(page.getByText('310066726018800012345')).toBeVisible();
  await expect(page.getByLabel('当前余额')).toHaveText(`${formatMoney(before)} 元`);

  const form = page.getByRole('form', { name: '充值申请' });
  // Submitting an empty form shows the rules, without sending anything.
  await form.getByRole('button', { name: '提交充值申请' }).click();
  await expect(form.getByText('请输入正确的充值金额')).toBeVisible();
  await expect(form.getByText('请上传转账凭证')).toBeVisible();

  await form.getByRole('textbox', { name: '充值金额（元）' }).fill(amountText);
  await form.getByRole('textbox', { name: '付款户名' }).fill('上海灵动科技有限公司');
  await form.getByRole('textbox', { name: '付款账号' }).fill('6222021001122334455');
  await form.getByRole('textbox', { name: '银行流水号' }).fill(serial);
  // A file that is not an image is refused in the browser.
  await page.getByLabel('上传转账凭证').setInputFiles({ name: '凭证.txt', mimeType: 'text/plain', buffer: PNG });
  await expect(form.getByText('仅支持小于10M的图片格式上传')).toBeVisible();
  await page.getByLabel('上传转账凭证').setInputFiles({ name: '转账凭证.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('img', { name: '转账凭证预览' })).toBeVisible();
  await form.getByRole('button', { name: '提交充值申请' }).click();
  await expect(page.getByText(`充值申请已提交（${amountText} 元）`)).toBeVisible();

  await page.getByRole('link', { name: '查看充值记录' }).click();
  await expect(page).toHaveURL(/\/allRechargeRecord/);
  const own = page.getByRole('row').filter({ hasText: serial });
  await expect(own).toContainText(amountText);
  await expect(own).toContainText('待确认');
  await logout(page);

  await loginAs(page, 'caiwu');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adMoneyManagement');
  await page.getByRole('textbox', { name: '银行流水号' }).fill(serial);
  await expect(page).toHaveURL(new RegExp(serial));
  const row = page.getByRole('row').filter({ hasText: serial });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('上海灵动科技有限公司');
  await expect(row.getByRole('button', { name: '查看图片' })).toBeVisible();
  await row.getByRole('button', { name: '确认到账' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(`上海灵动科技有限公司 充值 ${amountText} 元`);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('确认到账成功')).toBeVisible();
  await expect(row).toContainText('已到账');
  await expect(row.getByRole('button', { name: '确认到账' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '驳回' })).toHaveCount(0);
  await logout(page);

  await loginAs(page, 'merchant');
  await expect.poll(() => balanceOnHome(page)).toBe(before + amount);
});
