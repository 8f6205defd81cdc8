import { createHash, randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import SQLite from 'better-sqlite3';
import { createSigner } from 'fast-jwt';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { DEMO_PASSWORD, loginAs } from './support/login';

/**
 * Account flows against their own server (it needs SSO_SHARED_SECRET, and a maintenance window must not
 * disturb the other specs). The image captcha's answer and the reset SMS code are read from that server's
 * database file by the test runner, as a person would read them from the screen and the phone.
 */
const SSO_SECRET = randomBytes(36).toString('base64url');
let server: RunningServer;
let database: SQLite.Database;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  server = await startServer({ env: { SSO_SHARED_SECRET: SSO_SECRET } });
  database = new SQLite(path.join(server.dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true });
});
test.afterAll(async () => {
  database?.close();
  await server?.stop();
});

async function contextOf(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ baseURL: server.url, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
}

const captchaAnswer = (captchaId: string): string =>
  (database.prepare('SELECT code FROM captchas WHERE id = ?').get(captchaId) as { code: string }).code;
const lastSmsCode = (mobile: string): string =>
  (
    database.prepare('SELECT code FROM sms_codes WHERE mobile = ? ORDER BY id DESC LIMIT 1').get(mobile) as {
      code: string;
    }
  ).code;

/** Waits for the next image captcha the page loads and answers its id. */
function nextCaptcha(page: Page): Promise<string> {
  return page
    .waitForResponse((response) => response.url().includes('/api/v1/common/captcha'))
    .then(async (response) => (await response.json()).content.captchaId as string);
}

async function apiToken(username: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${server.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', platformmark: '1' },
    body: new URLSearchParams({
      username,
      password: createHash('sha256').update(password).digest('hex'),
      type: '1',
      platformMark: '1',
      index: '1',
    }),
  });
  const body = await response.json();
  expect(body.code, body.message).toBe(1020000);
  return body.content.token as string;
}

async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('注册三步（返回清空后续步骤）→ 管理员激活 → 新商户用注册密码登录', async ({ browser }) => {
  test.setTimeout(120_000);
  const mobile = `136${String(Date.now()).slice(-8)}`;
  const companyName = `杭州端到端注册科技有限公司${Date.now() % 100000}`;
  const password = 'Regist123';
  const context = await contextOf(browser);
  const page = await context.newPage();
  await page.goto('/register');
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('请输入手机号')).toBeVisible();
  await expect(page.getByText('请输入验证码')).toBeVisible();

  await page.getByRole('textbox', { name: '手机号' }).fill(mobile);
  const captchaId = nextCaptcha(page);
  await page.getByRole('button', { name: '获取验证码' }).click();
  // A wrong image captcha is refused in words that stay while the image changes (the image used
  // to change and the message went with it).
  const firstId = await captchaId;
  const answer = captchaAnswer(firstId);
  const nextId = nextCaptcha(page);
  await page.getByRole('textbox', { name: '图形验证码' }).fill(`${answer[0] === '2' ? '3' : '2'}${answer.slice(1)}`);
  await page.getByRole('button', { name: '发送验证码' }).click();
  const newId = await nextId;
  expect(newId).not.toBe(firstId);
  await expect(page.getByRole('textbox', { name: '图形验证码' })).toHaveValue('');
  await expect(page.getByRole('dialog').getByText('图形验证码错误，请重新输入')).toBeVisible();
  await page.getByRole('textbox', { name: '图形验证码' }).fill(captchaAnswer(newId));
  await page.getByRole('button', { name: '发送验证码' }).click();
  await expect(page.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();

  // Staff see at /adCodeQuery that a code was sent, never a code that still works.
  const adminContext = await contextOf(browser);
  const admin = await adminContext.newPage();
  await loginAs(admin, 'admin', { path: '/login?index' });
  await expect(admin.getByTestId('current-user')).toBeVisible();
  await admin.goto('/adCodeQuery');
  await admin.getByRole('textbox', { name: '手机号' }).fill(mobile);
  const row = admin.locator('tbody tr', { hasText: mobile }).first();
  await expect(row).toBeVisible();
  const cells = (await row.locator('td').allInnerTexts()).map((text) => text.trim());
  expect(cells).toContain('******');
  expect(cells.some((text) => /^\d{6}$/.test(text))).toBe(false);
  // The registrant reads it on the phone: the SMS the development sender kept.
  const code = lastSmsCode(mobile);

  await page.getByRole('textbox', { name: '验证码' }).fill(code);
  await page.getByRole('button', { name: '下一步' }).click();
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByLabel('确认密码').fill(`${password}x`);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByText('两次输入密码不一致!')).toBeVisible();
  await page.getByLabel('确认密码').fill(password);
  await page.getByRole('button', { name: '下一步' }).click();

  // Back from step 3 clears step 3's form.
  await page.getByRole('combobox', { name: '公司名称' }).fill('会被清空的名称');
  await page.getByRole('button', { name: '上一步' }).click();
  await expect(page.getByLabel('确认密码')).toHaveValue(password);
  await page.getByRole('button', { name: '下一步' }).click();
  await expect(page.getByRole('combobox', { name: '公司名称' })).toHaveValue('');

  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('请输入6-128位公司名称')).toBeVisible();
  await page.getByRole('combobox', { name: '公司名称' }).fill(companyName);
  // The development registry answers every name with a lookalike; its list covers the fields below until dismissed.
  const lookalike = page.getByRole('option', { name: `${companyName}科技有限公司` });
  await expect(lookalike).toBeVisible();
  await page.getByRole('combobox', { name: '公司名称' }).press('Escape');
  await expect(lookalike).toBeHidden();
  await expect(page.getByRole('combobox', { name: '公司名称' })).toHaveValue(companyName);
  await chooseOption(page, '公司性质', '有限责任公司');
  const industry = (database.prepare('SELECT nm FROM industries ORDER BY nm LIMIT 1').get() as { nm: string }).nm;
  await chooseOption(page, '所属行业', industry);
  await chooseOption(page, '公司规模', '20-99人');
  // The credit code's check character (GB 32100-2015) is checked before anything is sent.
  await page.getByRole('textbox', { name: '统一社会信用代码' }).fill('91330100MA27Q8KL1A');
  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('统一社会信用代码校验位不正确，请核对后重新输入')).toBeVisible();
  await expect(page.getByText('请输入法人姓名')).toBeVisible();
  await expect(page.getByText('请选择省份')).toBeVisible();
  await page.getByRole('textbox', { name: '统一社会信用代码' }).fill('91330100MA27Q8KL12');
  await page.getByRole('textbox', { name: '法人姓名' }).fill('张法人');
  await page.getByRole('textbox', { name: '联系人姓名' }).fill('李联系');
  // 省份 → 城市 → 区县 cascade over the administrative divisions: a city's districts only once it is chosen.
  await expect(page.getByRole('combobox', { name: '区县' })).toHaveAttribute('aria-disabled', 'true');
  await chooseOption(page, '省份', '浙江省');
  await chooseOption(page, '城市', '杭州市');
  await page.getByRole('combobox', { name: '区县' }).click();
  await expect(page.getByRole('option', { name: '海淀区' })).toHaveCount(0);
  await page.getByRole('option', { name: '西湖区', exact: true }).click();
  // Changing the province clears the levels below it.
  await chooseOption(page, '省份', '北京市');
  await expect(page.getByRole('combobox', { name: '城市' })).not.toContainText('杭州市');
  await chooseOption(page, '省份', '浙江省');
  await chooseOption(page, '城市', '杭州市');
  await chooseOption(page, '区县', '西湖区');
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .getByLabel('上传营业执照')
    .setInputFiles({ name: 'licence.pdf', mimeType: 'application/pdf', buffer: png });
  await expect(page.getByText('仅支持小于10M的图片格式上传').first()).toBeVisible();
  await page.getByLabel('上传营业执照').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('licence.png')).toBeVisible();
  await page.getByRole('button', { name: '提交注册' }).click();
  await expect(page.getByText('注册成功，请联系客服激活账号。')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Activation: choose a subsidiary.
  const subsidiary = database.prepare('SELECT sname FROM subsidiaries WHERE status = 1 ORDER BY id LIMIT 1').get() as {
    sname: string;
  };
  await admin.goto('/adActivateMerchant');
  await admin.getByRole('textbox', { name: '公司名称' }).fill(companyName);
  const pending = admin.locator('tbody tr', { hasText: companyName }).first();
  await expect(pending).toContainText('待激活');
  await pending.getByRole('button', { name: '激活' }).click();
  // Names, never typed ids: 确定 with nothing chosen says so and keeps the dialog open.
  await admin.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByText('请选择分公司')).toBeVisible();
  await admin.getByRole('combobox', { name: '分公司' }).fill(subsidiary.sname);
  await admin.getByRole('option', { name: subsidiary.sname, exact: true }).click();
  await expect(admin.getByRole('combobox', { name: '分公司' })).toHaveValue(subsidiary.sname);
  await admin.getByRole('button', { name: '确定' }).click();
  await expect(admin.getByText('激活成功')).toBeVisible();
  await expect(pending).toContainText('已激活');
  // The company keeps what the registrant entered: legal person, contact and place are not blank.
  const created = database
    .prepare(
      'SELECT legal_person_name, linkman_name, linkman_mobile, credit_code, district FROM companies WHERE name = ?',
    )
    .get(companyName);
  expect(created).toEqual({
    legal_person_name: '张法人',
    linkman_name: '李联系',
    linkman_mobile: mobile,
    credit_code: '91330100MA27Q8KL12',
    district: '西湖区',
  });

  await loginAs(page, mobile, { password, path: '/login?index' });
  await expect(page).toHaveURL(/\/contractManagement$/);
  await adminContext.close();
  await context.close();
});

test('忘记密码：核对账号与手机号、图形验证码、短信验证码，新密码短信发送', async ({ browser }) => {
  test.setTimeout(60_000);
  const context = await contextOf(browser);
  const page = await context.newPage();
  const firstCaptcha = nextCaptcha(page);
  await page.goto('/login?index');
  await page.getByRole('button', { name: '忘记密码' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: '确定' })).toBeDisabled();
  await dialog.getByRole('textbox', { name: '图形验证码' }).fill(captchaAnswer(await firstCaptcha));
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请填写用户名').first()).toBeVisible();
  const mobile = (database.prepare("SELECT mobile FROM users WHERE username = 'hehuoren'").get() as { mobile: string })
    .mobile;
  await dialog.getByRole('textbox', { name: '用户名' }).fill('hehuoren');
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(page.getByText('请填写手机号').first()).toBeVisible();
  await dialog.getByRole('textbox', { name: '手机号' }).fill(mobile);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByRole('button', { name: /秒后重新获取/ })).toBeVisible();
  await dialog
    .getByRole('textbox', { name: '短信验证码' })
    .fill('000000' === lastSmsCode(mobile) ? '111111' : '000000');
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog.getByText('短信验证码错误或已失效')).toBeVisible();
  await dialog.getByRole('textbox', { name: '短信验证码' }).fill(lastSmsCode(mobile));
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByText('密码重置成功，新密码将通过短信发送到您的手机')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await context.close();
});

test('维护窗口期间登录页提示并禁止登录，?index 可绕过', async ({ browser }) => {
  test.setTimeout(60_000);
  const token = await apiToken('admin');
  const china = (offsetMs: number) =>
    new Date(Date.now() + offsetMs + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
  const created = await fetch(`${server.url}/api/v1/system/upgradehtml/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: '端到端维护', startTime: china(-60_000), endTime: china(3600_000), status: 1 }),
  }).then((response) => response.json());
  expect(created.code, created.message).toBe(1020000);
  const context = await contextOf(browser);
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await expect(page.getByText('系统维护中，请稍后访问')).toBeVisible();
    await expect(page.getByText(created.content.startTime)).toBeVisible();
    await expect(page.getByRole('button', { name: '登录', exact: true })).toBeDisabled();

    await loginAs(page, 'merchant', { path: '/login?index' });
    await expect(page.getByText('系统维护中，请稍后访问')).toHaveCount(0);
    await expect(page).not.toHaveURL(/\/login/);
  } finally {
    await fetch(`${server.url}/api/v1/system/upgradehtml/update/${created.content.id}/0`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 0 }),
    });
    await context.close();
  }
});

test('单点登录：有效断言直接登录，重放的断言回到登录页并提示', async ({ browser }) => {
  test.setTimeout(60_000);
  const userInf = createSigner({ key: SSO_SECRET, algorithm: 'HS256' })({
    sub: 'merchant',
    exp: Math.floor(Date.now() / 1000) + 120,
    jti: randomUUID(),
  });
  const context = await contextOf(browser);
  const page = await context.newPage();
  await page.goto(`/login?mod=1&platformMark=1&userInf=${encodeURIComponent(userInf)}`);
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByTestId('current-user')).toBeVisible();
  await context.close();

  const again = await contextOf(browser);
  const replay = await again.newPage();
  await replay.goto(`/login?mod=1&platformMark=1&userInf=${encodeURIComponent(userInf)}`);
  await expect(replay.getByText('单点登录失败，请重新登录')).toBeVisible();
  await expect(replay).toHaveURL(/\/login$/);
  await again.close();
});

test('公开页面：关于我们（版本记录）、企业认证说明、系统诊断', async ({ browser }) => {
  const context = await contextOf(browser);
  const page = await context.newPage();
  await page.goto('/versionUpdate');
  await expect(page.getByRole('heading', { name: '关于我们' })).toBeVisible();
  await expect(page.getByRole('region', { name: '版本 1.2.0' })).toBeVisible();
  await page.goto('/authentication');
  await expect(page.getByText(/登录商户账号后/)).toBeVisible();
  await page.goto('/test');
  await expect(page.getByRole('cell', { name: /^正常/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: '0.1.0' })).toBeVisible();
  await context.close();
});
