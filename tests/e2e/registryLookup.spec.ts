import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { type RunningServer, startServer } from '../../scripts/serverProcess';

/**
 * The registration form fills itself from the business registry (REGISTRY_PROVIDER=dev on its own server): the
 * registrant types part of a name, picks a suggestion, and 统一社会信用代码, 法人姓名 and the region are those of the
 * registry's record. The image captcha's answer and the SMS code are read from that server's database file.
 */

let server: RunningServer;
let database: SQLite.Database;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer({ env: {} });
  database = new SQLite(path.join(server.dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true });
});

test.afterAll(async () => {
  database?.close();
  await server?.stop();
});

function nextCaptcha(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => response.url().includes('/api/v1/common/captcha'))
    .then(async (response) => (await response.json()).content.captchaId as string);
}

test('选中工商信息联想结果后自动填写统一社会信用代码、法人与地区', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const page = await context.newPage();
  const mobile = `135${String(Date.now()).slice(-8)}`;
  await page.goto('/register');
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  const captchaId = nextCaptcha(page);
  await page.getByRole('button', { name: '获取验证码' }).click();
  const captcha = database.prepare('SELECT code FROM captchas WHERE id = ?').get(await captchaId) as { code: string };
  await page.getByRole('textbox', { name: '图形验证码' }).fill(captcha.code);
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  const sms = database.prepare('SELECT code FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1').get(mobile) as {
    code: string;
  };
  await page.getByRole('textbox', { name: '验证码' }).fill(sms.code);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('密码', { exact: true }).fill('Regist123');
  await page.getByLabel('确认密码').fill('Regist123');
  await page.getByRole('button', { name: '下一步' }).click();

  const wanted = '青禾远望科技有限公司';
  const lookup = page.waitForResponse((response) => response.url().includes('/api/v1/companies/tianyancha'));
  await page.getByRole('combobox', { name: '公司名称' }).fill('青禾远望');
  const records = (await (await lookup).json()).content as Record<string, string>[];
  const record = records.find((item) => item.name === wanted);
  expect(record?.creditCode).toMatch(/^[0-9A-Z]{18}$/);
  await page.getByRole('option', { name: wanted, exact: true }).click();

  await expect(page.getByRole('combobox', { name: '公司名称' })).toHaveValue(wanted);
  await expect(page.getByRole('textbox', { name: '统一社会信用代码' })).toHaveValue(record?.creditCode ?? '');
  await expect(page.getByRole('textbox', { name: '法人姓名' })).toHaveValue(record?.legalPersonName ?? '');
  await expect(page.getByRole('combobox', { name: '区县' })).toHaveText(record?.district ?? '');
  await context.close();
});
