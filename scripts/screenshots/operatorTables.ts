// Screenshots of an operator's day without friction, the same shots against any build:
//
//   node --import tsx scripts/screenshots/operatorTables.ts <baseUrl> <outDir> [dataDir]
//
// baseUrl: a running server with its demo seed (`npm start`, or PORT=0 DATA_DIR=… node --import tsx server/server.ts).
// outDir: where the PNGs go (1440×900, viewport only; squeezed to a 256-colour palette when ImageMagick's
// `convert` is installed). dataDir: that server's DATA_DIR; with it the script adds what the demo seed lacks for the
// pictures (pending registrations with long names, signed payees for /remit) and reads the image captcha and SMS
// code for the registration form, as the e2e specs do. Each shot is taken even when a step fails (an older build
// may lack the control a step looks for); the failure is printed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/database';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { CHROMIUM_ARGS, chromiumExecutable } from '../../tests/e2e/support/browser';
import { bankCard, csvFile, idCard, payee } from '../../tests/support/batchFiles';

const [baseUrl, outDir, dataDir] = process.argv.slice(2);
if (!baseUrl || !outDir) {
  console.error('用法：node --import tsx scripts/screenshots/operatorTables.ts <baseUrl> <outDir> [dataDir]');
  process.exit(2);
}
const PASSWORD = 'Demo1234';
const SERIAL = 870_000;
const RECHARGE_SERIAL = 'SHOT17VOUCHER01';

interface Shot {
  file: string;
  user?: string;
  edition?: '小规模版';
  run: (page: Page) => Promise<void>;
}

async function login(page: Page, user: string, edition?: '小规模版') {
  await page.goto('/login');
  if (edition) await page.getByRole('tab', { name: edition }).click();
  await page.getByLabel('账号').fill(user);
  await page.getByLabel('密码').fill(PASSWORD);
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.getByTestId('current-user').waitFor({ timeout: 30_000 });
}

/** A list page with its rows drawn by the app (not the first paint's picture). */
async function openList(page: Page, url: string) {
  await page.goto(url);
  await page.locator('tbody tr').first().waitFor({ timeout: 30_000 });
  await page
    .locator('#lg-first-paint')
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => {});
  await page.waitForTimeout(800);
}

/** Runs one step; an older build may lack what it looks for, so a failure is reported and the shot still taken. */
async function step(name: string, action: () => Promise<unknown>) {
  try {
    await action();
  } catch (error) {
    console.warn(`  · ${name}：${(error as Error).message.split('\n')[0]}`);
  }
}

/** What the demo seed lacks for the pictures, written into the server's own database. */
async function prepareData() {
  if (!dataDir) return;
  const file = path.join(dataDir, 'app.sqlite');
  const sqlite = new SQLite(file);
  const names = [
    '深圳市前海灵活用工人力资源服务外包有限公司',
    '广州市天河区新经济数字化企业管理咨询有限公司',
    '杭州云栖信息技术有限公司',
  ];
  const insert = sqlite.prepare(
    `INSERT INTO registrations (name, linkman_mobile, password_hash, platform_mark, company_nature, company_size,
       business_license, invoice_tax_number, province, city, district, license_url, status, create_time)
     SELECT ?, ?, 'x', 1, '有限责任公司', '50-100人', '91440300MA5FXXXX1X', '91440300MA5FXXXX1X', '广东省', '深圳市',
       '南山区', '/api-v1/dl?f=none.png', 0, ? WHERE NOT EXISTS (SELECT 1 FROM registrations WHERE name = ?)`,
  );
  names.forEach((name, index) => {
    insert.run(name, `1371234567${index}`, `2026-11-2${index} 10:00:00`, name);
  });
  sqlite.close();
  // Payees of /remit must have signed with the company where the build checks it; an older schema has no such
  // table, and no such check.
  await step('签约收款人', async () => {
    const { idKey } = loadConfig({ ...process.env, DATA_DIR: dataDir });
    const db = openDatabase({ databaseUrl: null, dataDir });
    try {
      const people = [0, 1, 2].map((offset) => ({
        name: '测试人员',
        idCard: idCard(SERIAL + offset),
        mobile: `139${String(SERIAL + offset).padStart(8, '0')}`,
        bankCard: bankCard(SERIAL + offset),
        bankName: '中国工商银行',
      }));
      await addSignedWorkers(db, { companyId: 1, platformMark: 1 }, people, idKey);
    } finally {
      await db.destroy();
    }
  });
}

function readDb<T>(query: string, ...params: unknown[]): T | undefined {
  if (!dataDir) return undefined;
  const sqlite = new SQLite(path.join(dataDir, 'app.sqlite'), { readonly: true });
  try {
    return sqlite.prepare(query).get(...params) as T | undefined;
  } finally {
    sqlite.close();
  }
}

/** A bank receipt drawn by the browser itself, so the voucher is a real picture with Chinese on it. */
async function voucherPng(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 640, height: 400 } });
  await page.setContent(`<div style="font-family:'WenQuanYi Micro Hei';padding:24px;border:3px double #b00;margin:12px;
    height:320px;box-sizing:border-box"><h2 style="text-align:center;color:#b00">中国工商银行 电子回单</h2>
    <p>付款户名：上海灵动科技有限公司</p><p>付款账号：6222 0210 0112 2334 455</p>
    <p>收款户名：灵工结算平台</p><p>金额：人民币 壹佰元整（¥100.00）</p><p>流水号：${RECHARGE_SERIAL}</p></div>`);
  const png = await page.screenshot();
  await page.close();
  return png;
}

async function dateRangeOpen(page: Page) {
  await openList(page, '/adTransferLot');
  const range = page.getByRole('group', { name: '提交时间', exact: true });
  if ((await range.count()) > 0) {
    await range.getByRole('button', { name: '选择日期' }).first().click();
  } else {
    // The native date input of the older build: focus it so its mm/dd/yyyy field shows.
    await page.locator('input[type="date"]').first().click();
  }
  await page.waitForTimeout(600);
}

async function activationDialog(page: Page) {
  await page.goto('/adActivateMerchant');
  const row = page.locator('tbody tr').filter({ hasText: '待激活' }).first();
  await row.waitFor({ timeout: 30_000 });
  await row.getByRole('button', { name: '激活' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await step('确定（空选择）', () => dialog.getByRole('button', { name: '确定' }).click());
  await step('分公司搜索', async () => {
    await dialog.getByRole('combobox', { name: '分公司' }).fill('上海', { timeout: 3000 });
    await page.getByRole('option').first().waitFor({ timeout: 5000 });
  });
  await page.waitForTimeout(500);
}

async function merchantFilters(page: Page) {
  await openList(page, '/adMerchant');
  await page.getByRole('button', { name: '添加筛选' }).click();
  await page.getByRole('menuitemcheckbox', { name: /客服/ }).first().click();
  let picked = false;
  await step('客服搜索', async () => {
    await page.getByRole('combobox', { name: '客服' }).fill('客服', { timeout: 3000 });
    await page.getByRole('option').first().waitFor({ timeout: 5000 });
    picked = true;
  });
  // Without a picker, the menu shows what the filters ask for instead (编号).
  if (!picked)
    await step('添加筛选菜单', () => page.getByRole('button', { name: '添加筛选' }).click({ timeout: 3000 }));
  await page.waitForTimeout(500);
}

async function companyDetail(page: Page) {
  await openList(page, '/adMerchant');
  await page.locator('tbody tr').first().locator('td').nth(2).click();
  await page.waitForTimeout(2500);
}

async function submitRecharge(page: Page, voucher: Buffer) {
  await page.goto('/recharge');
  const form = page.getByRole('form', { name: '充值申请' });
  await form.getByRole('textbox', { name: '充值金额（元）' }).fill('100.00');
  await form.getByRole('textbox', { name: '付款户名' }).fill('上海灵动科技有限公司');
  await form.getByRole('textbox', { name: '付款账号' }).fill('6222021001122334455');
  await form.getByRole('textbox', { name: '银行流水号' }).fill(RECHARGE_SERIAL);
  await page.getByLabel('上传转账凭证').setInputFiles({ name: '转账凭证.png', mimeType: 'image/png', buffer: voucher });
  await page.waitForTimeout(1000);
  await form.getByRole('button', { name: '提交充值申请' }).click();
  await page.getByText('充值申请已提交').waitFor({ timeout: 10_000 });
}

async function imagePreview(page: Page) {
  await openList(page, '/adMoneyManagement');
  await page.getByRole('textbox', { name: '银行流水号' }).fill(RECHARGE_SERIAL);
  const row = page.getByRole('row').filter({ hasText: RECHARGE_SERIAL }).first();
  await row.waitFor({ timeout: 15_000 });
  await page.waitForTimeout(800);
  await row.getByRole('button', { name: '查看图片' }).click();
  await page.waitForTimeout(1500);
}

async function paginationFooter(page: Page) {
  await page.goto('/systemNotice');
  await page.locator('.MuiTablePagination-displayedRows').first().waitFor({ timeout: 30_000 });
  await page.waitForTimeout(800);
  await page.locator('.MuiTablePagination-root').first().scrollIntoViewIfNeeded();
}

/** The home page with every group of the menu open, once the login message has gone. */
async function homeWithMenu(page: Page) {
  const collapsed = page.locator('.RaSidebar-fixed').getByRole('button', { expanded: false });
  while ((await collapsed.count()) > 0) await collapsed.first().click();
  await page.waitForTimeout(5000);
}

async function aboutUs(page: Page) {
  await page.getByRole('menuitem', { name: '关于我们' }).click();
  await page.waitForTimeout(1500);
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click({ timeout: 3000 });
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function registration(page: Page) {
  const mobile = `135${String(Date.now()).slice(-8)}`;
  await page.goto('/register');
  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  const captcha = page.waitForResponse((response) => response.url().includes('/api/v1/common/captcha'));
  await page.getByRole('button', { name: '获取验证码' }).click();
  const captchaId = (await (await captcha).json()).content.captchaId as string;
  const answer = readDb<{ code: string }>('SELECT code FROM captchas WHERE id = ?', captchaId);
  await page.getByRole('textbox', { name: '图形验证码' }).fill(answer?.code ?? '');
  await page.getByRole('button', { name: '发送验证码' }).click();
  await page.getByRole('button', { name: /秒后重新获取/ }).waitFor();
  const sms = readDb<{ code: string }>('SELECT code FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1', mobile);
  await page.getByRole('textbox', { name: '验证码' }).fill(sms?.code ?? '');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('密码', { exact: true }).fill('Regist123');
  await page.getByLabel('确认密码').fill('Regist123');
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByRole('button', { name: '提交注册' }).waitFor();
  await step('公司名称', () => page.getByLabel('公司名称').fill('杭州示例科技有限公司', { timeout: 3000 }));
  await step('地区选择', async () => {
    await chooseOption(page, '省份', '浙江省');
    await chooseOption(page, '城市', '杭州市');
    await page.getByRole('combobox', { name: '区县' }).click({ timeout: 3000 });
  });
  await step('地区文本框', async () => {
    if ((await page.getByRole('listbox').count()) > 0) return;
    await page.getByRole('textbox', { name: /省/ }).fill('浙江省', { timeout: 3000 });
    await page.getByRole('textbox', { name: /市/ }).first().fill('杭州市', { timeout: 3000 });
    await page.getByRole('textbox', { name: /区/ }).first().fill('西湖区', { timeout: 3000 });
  });
  await step('滚到地区', () =>
    page
      .getByText(/省份|所在地区|省/)
      .first()
      .scrollIntoViewIfNeeded({ timeout: 3000 }),
  );
  await page.waitForTimeout(500);
}

async function remitPreview(page: Page) {
  await page.goto('/remit');
  const failing = payee(SERIAL + 2, { 银行卡号: bankCard(SERIAL + 2, false), '金额（元）': '3.30' });
  const rows = [payee(SERIAL, { '金额（元）': '1.10' }), payee(SERIAL + 1, { '金额（元）': '2.20' }), failing];
  await page
    .getByLabel('上传打款文件')
    .setInputFiles({ name: '本月劳务费.csv', mimeType: 'text/csv', buffer: csvFile(rows) });
  await page.getByRole('table', { name: '打款明细预览' }).waitFor({ timeout: 15_000 });
  await page.waitForTimeout(800);
  await step('滚到预览', () =>
    page.getByRole('table', { name: '打款明细预览' }).scrollIntoViewIfNeeded({ timeout: 3000 }),
  );
}

async function noticeForm(page: Page) {
  await page.goto('/adNotice/create');
  await page.getByRole('textbox', { name: '标题' }).fill('系统升级通知');
  await page.getByRole('button', { name: '保存' }).click();
  await page.waitForTimeout(1000);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  await prepareData();
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS });
  const voucher = await voucherPng(browser);
  const shots: Shot[] = [
    { file: '01-adTransferLot', user: 'admin', run: (page) => openList(page, '/adTransferLot') },
    { file: '02-adPlatformCooperation', user: 'admin', run: (page) => openList(page, '/adPlatformCooperation') },
    { file: '03-adMoneyManagement', user: 'admin', run: (page) => openList(page, '/adMoneyManagement') },
    { file: '04-adActivateMerchant', user: 'admin', run: (page) => openList(page, '/adActivateMerchant') },
    { file: '05-errorMoney', user: 'merchant', run: (page) => openList(page, '/errorMoney') },
    { file: '06-date-range-filter', user: 'admin', run: dateRangeOpen },
    { file: '07-activation-dialog', user: 'admin', run: activationDialog },
    { file: '08-adMerchant-filters', user: 'admin', run: merchantFilters },
    { file: '09-company-detail', user: 'admin', run: companyDetail },
    { file: '', user: 'merchant', run: (page) => submitRecharge(page, voucher) },
    { file: '10-image-preview', user: 'caiwu', run: imagePreview },
    { file: '11-pagination-footer', user: 'merchant', run: paginationFooter },
    { file: '12-caiwu-home', user: 'caiwu', run: homeWithMenu },
    { file: '13-versionUpdate', user: 'merchant', run: aboutUs },
    { file: '14-register-region', run: registration },
    { file: '15-remit-preview', user: 'merchant', run: remitPreview },
    { file: '16-notice-form', user: 'admin', run: noticeForm },
  ];
  for (const shot of shots) {
    console.log(shot.file || '（准备：商户提交带凭证的充值）');
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 1440, height: 900 },
      locale: 'zh-CN',
      timezoneId: 'Asia/Shanghai',
    });
    const page = await context.newPage();
    if (shot.user) await step('登录', () => login(page, shot.user as string, shot.edition));
    await step('操作', () => shot.run(page));
    if (shot.file) {
      const target = path.join(outDir, `${shot.file}.png`);
      writeFileSync(target, await page.screenshot());
      // A palette of 256 colours keeps text sharp at a third of the size.
      spawnSync('convert', [target, '-colors', '256', `PNG8:${target}`]);
    }
    await context.close();
  }
  await browser.close();
}

await main();
