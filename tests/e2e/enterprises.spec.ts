import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ENTERPRISE_MSG } from '../../src/domain/enterprises';
import { RATE_MSG } from '../../src/domain/rates';
import { WEBHOOK_MSG, webhookPath } from '../../src/domain/thirdPartyCalls';
import { csvFile, payee } from '../support/batchFiles';
import { loginAs } from './support/login';
import { clickRowAction, rowActionLabels } from './support/rowActions';
import { withServerDb } from './support/serverDb';
import { MERCHANT_COMPANY, signPayeesOnServer } from './support/signedPayees';

/**
 * Enterprises end to end: staff create an enterprise with its rates, mark it risky and lock it; the
 * merchant, guided by /contractManagement's banner, has its service agreement with 宝谷 drawn up, signs it and
 * downloads the PDF; a payout while its enterprise is risky asks for confirmation naming the reason, a locked one
 * is refused; the e-sign calls show on 宝谷's callback page; 大熊's signed webhook is applied and a forged one
 * refused, both listed on its callback page.
 */

test.describe.configure({ mode: 'serial' });

const RUN = Date.now() % 100000;
const BAOGU = '江西宝谷企业管理咨询有限公司';
const SERIAL = 892_000 + (Date.now() % 1000) * 3;

async function setEnterpriseStatus(name: string, status: 1 | 2 | 3, reason: string | null) {
  await withServerDb((db) =>
    db.updateTable('enterprises').set({ status, status_reason: reason }).where('name', '=', name).execute(),
  );
}

async function rowAction(page: Page, rowText: string, action: string, reason?: string) {
  const row = page.locator('tbody tr').filter({ hasText: rowText });
  await clickRowAction(page, row, action);
  const dialog = page.getByRole('dialog');
  if (reason) await dialog.getByRole('textbox', { name: '原因' }).fill(reason);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(dialog).toHaveCount(0);
}

test('运营新建代征主体并设置各等级费率，标记风险后锁定', async ({ page }) => {
  test.setTimeout(90_000);
  const name = `浙江测试灵活用工${RUN}有限公司`;
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adAgentmanagement');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  await page.getByRole('link', { name: '新建代征主体' }).click();
  await expect(page.getByRole('button', { name: '保存' })).toBeVisible();
  await page.getByRole('textbox', { name: '主体名称' }).fill(name);
  await page.getByRole('textbox', { name: '简称' }).fill(`测${RUN}`);
  await page.getByRole('textbox', { name: '统一社会信用代码' }).fill(`91330100MA2E${String(RUN).padStart(5, '0')}X`);
  await page.getByRole('textbox', { name: '主管税务机关' }).fill('国家税务总局杭州市西湖区税务局');
  // Rates are typed as percentages; more than two decimals or above 100 % is refused on the field.
  const level1 = page.getByRole('textbox', { name: '普通用户费率' });
  await level1.fill('6.505');
  await page.getByRole('textbox', { name: '优选VIP费率' }).fill('101');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText(RATE_MSG.invalid)).toHaveCount(2);
  await expect(page).toHaveURL(/\/adAgentmanagement\/create$/);
  await level1.fill('6.5');
  await page.getByRole('textbox', { name: '优选VIP费率' }).fill('6');
  await page.getByRole('textbox', { name: '尊享VIP费率' }).fill('5.50');
  await expect(page.getByText(RATE_MSG.invalid)).toHaveCount(0);
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adAgentmanagement(\?.*)?$/);
  await page.getByRole('textbox', { name: '主体名称' }).fill(name);
  const row = page.locator('tbody tr').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('正常');
  await expect(row).toContainText('6.50%');
  await expect(row).toContainText('6.00%');
  await expect(row).toContainText('5.50%');

  const rates = await withServerDb((db) =>
    db
      .selectFrom('enterprises')
      .select(['id', 'rate_level1', 'rate_level2', 'rate_level3'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow(),
  );
  expect(rates).toMatchObject({ rate_level1: 650, rate_level2: 600, rate_level3: 550 });

  // The edit form shows the stored rates as the percentages typed, and a new one is stored exactly.
  await page.goto(`/adAgentmanagement/${rates.id}`);
  await expect(page.getByRole('textbox', { name: '普通用户费率' })).toHaveValue('6.5');
  await expect(page.getByRole('textbox', { name: '优选VIP费率' })).toHaveValue('6');
  await expect(page.getByRole('textbox', { name: '尊享VIP费率' })).toHaveValue('5.5');
  await page.getByRole('textbox', { name: '尊享VIP费率' }).fill('5.25');
  await page.getByRole('button', { name: '保存' }).click();
  await expect(page).toHaveURL(/\/adAgentmanagement(\?.*)?$/);
  await expect
    .poll(() =>
      withServerDb((db) =>
        db.selectFrom('enterprises').select('rate_level3').where('id', '=', rates.id).executeTakeFirstOrThrow(),
      ),
    )
    .toEqual({ rate_level3: 525 });
  await page.getByRole('textbox', { name: '主体名称' }).fill(name);
  await expect(row).toContainText('5.25%');

  await rowAction(page, name, '标记风险', '开票异常待核实');
  await expect(row).toContainText('有风险');
  await expect(row).toContainText('开票异常待核实');
  await rowAction(page, name, '锁定', '暂停合作');
  await expect(row).toContainText('已锁定');
  await expect(row).toContainText('暂停合作');
  expect(await rowActionLabels(page, row)).not.toContain('锁定');
});

test('未签约的商户在合同管理中按引导生成服务协议、签署并下载', async ({ page }) => {
  test.setTimeout(90_000);
  // A merchant that has not signed yet, with nothing drawn up: the banner guides it to choose an enterprise.
  await withServerDb(async (db) => {
    await db.updateTable('companies').set({ sign_status: 0 }).where('id', '=', MERCHANT_COMPANY.companyId).execute();
    await db
      .updateTable('contracts')
      .set({ data_status: 0 })
      .where('company_id', '=', MERCHANT_COMPANY.companyId)
      .where('sign_status', '=', 0)
      .execute();
  });
  await setEnterpriseStatus(BAOGU, 1, null);
  // Company 1 is the signed merchant of every later file in this worker: signed again whatever happens here.
  try {
    await loginAs(page, 'merchant');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/contractManagement');
    const guide = page.getByRole('alert', { name: '签约引导' });
    await expect(guide).toContainText('贵公司尚未签署服务协议');
    await guide.getByRole('combobox', { name: '服务主体' }).click();
    await page.getByRole('option', { name: BAOGU }).click();
    await guide.getByRole('button', { name: '生成并签署服务协议' }).click();

    const dialog = page.getByRole('dialog', { name: /服务协议/ });
    await expect(dialog).toContainText(BAOGU);
    await expect(dialog).toContainText('未签署');
    const sign = dialog.getByRole('button', { name: '确认签署' });
    await expect(sign).toBeDisabled();
    await dialog.getByRole('checkbox').check();
    await sign.click();
    await expect(page.getByText('签署成功')).toBeVisible();
    await expect(dialog).toContainText('已签署');
    await expect(dialog).toContainText('文件SHA-256');
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: '下载PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/已签署\.pdf$/);
    await dialog.getByRole('button', { name: '关闭' }).click();

    // The guide is gone; the signed row has 查看 and 下载 but no 签署.
    await expect(page.getByRole('alert', { name: '签约引导' })).toHaveCount(0);
    const row = page.locator('tbody tr').filter({ hasText: BAOGU }).filter({ hasText: '已签署' }).first();
    await expect(row.getByRole('button', { name: '查看' })).toBeVisible();
    await expect(row.getByRole('button', { name: '签署' })).toHaveCount(0);
    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: '下载' }).click();
    expect((await again).suggestedFilename()).toMatch(/\.pdf$/);
  } finally {
    await withServerDb((db) =>
      db.updateTable('companies').set({ sign_status: 1 }).where('id', '=', MERCHANT_COMPANY.companyId).execute(),
    );
  }
});

test('商户为待签署的服务外包协议上传纸质合同，该合同变为纸质签署并可下载扫描件', async ({ page }) => {
  test.setTimeout(90_000);
  await setEnterpriseStatus(BAOGU, 1, null);
  await loginAs(page, 'merchant');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  // The merchant's outsourcing agreement with 宝谷, drawn up with the page's own session.
  const contractNo = await page.evaluate(
    async ({ companyId, name }) => {
      const headers = {
        Authorization: `Bearer ${sessionStorage.getItem('token')}`,
        'content-type': 'application/json',
      };
      const enterprises = await (await fetch('/api/v1/enterprises', { headers })).json();
      const baogu = (enterprises.content as { id: number; name: string }[]).find((item) => item.name === name);
      const started = await fetch(`/api/v1/companies/service_sign/${companyId}/${baogu?.id}`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ type: 2 }),
      });
      const { id } = (await started.json()).content as { id: number };
      const consent = await (await fetch(`/api/v1/consent/${id}`, { headers })).json();
      return String(consent.content.contractNo);
    },
    { companyId: MERCHANT_COMPANY.companyId, name: BAOGU },
  );
  expect(contractNo).not.toBe('');
  await page.goto('/contractManagement');
  const row = page.locator('tbody tr').filter({ hasText: contractNo });
  await expect(row).toContainText('未签署');
  await row.getByRole('button', { name: '上传纸质合同' }).click();

  const dialog = page.getByRole('dialog', { name: /上传纸质合同/ });
  const submit = dialog.getByRole('button', { name: '确认上传' });
  await expect(submit).toBeDisabled();
  const scan = Buffer.from(`%PDF-1.4\n% ${contractNo} 纸质合同扫描件\n%%EOF\n`);
  await dialog
    .getByLabel(/^上传纸质合同扫描件/)
    .setInputFiles({ name: '纸质合同.pdf', mimeType: 'application/pdf', buffer: scan });
  await expect(dialog.getByRole('button', { name: '纸质合同.pdf' })).toBeVisible();
  await submit.click();
  await expect(page.getByText('纸质合同已上传')).toBeVisible();
  await expect(dialog).toHaveCount(0);

  await expect(row).toContainText('已签署');
  await expect(row.getByRole('button', { name: '上传纸质合同' })).toHaveCount(0);
  await expect(row.getByRole('button', { name: '签署' })).toHaveCount(0);
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: '下载' }).click();
  const download = await downloading;
  const saved = await download.path();
  const { readFile } = await import('node:fs/promises');
  expect((await readFile(saved)).equals(scan)).toBe(true);
});

test('服务主体有风险时打款需确认风险原因，锁定后不能提交', async ({ page }) => {
  test.setTimeout(120_000);
  await signPayeesOnServer([SERIAL, SERIAL + 1]);
  await setEnterpriseStatus(BAOGU, 3, '税务核查中');
  try {
    await loginAs(page, 'merchant');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    await page.goto('/remit');
    const fileInput = page.getByLabel('上传打款文件');
    await fileInput.setInputFiles({
      name: '风险主体打款.csv',
      mimeType: 'text/csv',
      buffer: csvFile([payee(SERIAL, { '金额（元）': '1.00' })]),
    });
    await expect(page.getByRole('heading', { name: '校验通过：风险主体打款.csv' })).toBeVisible();
    const riskText = ENTERPRISE_MSG.riskyConfirm(BAOGU, '税务核查中');
    await page.getByRole('button', { name: '提交打款' }).click();
    const risk = page.getByRole('dialog', { name: '服务主体风险提示' });
    await expect(risk).toContainText(riskText);
    await risk.getByRole('button', { name: '确定继续' }).click();
    const password = page.getByRole('dialog', { name: '输入支付密码' });
    await password.getByLabel('支付密码').fill('123456');
    await password.getByRole('button', { name: '确认打款' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '提交成功，批次号' })).toBeVisible();

    await setEnterpriseStatus(BAOGU, 2, '暂停合作');
    await fileInput.setInputFiles({
      name: '锁定主体打款.csv',
      mimeType: 'text/csv',
      buffer: csvFile([payee(SERIAL + 1, { '金额（元）': '1.00' })]),
    });
    await expect(page.getByRole('heading', { name: '校验通过：锁定主体打款.csv' })).toBeVisible();
    await expect(page.getByText(ENTERPRISE_MSG.locked(BAOGU))).toBeVisible();
    await expect(page.getByRole('button', { name: '提交打款' })).toBeDisabled();
  } finally {
    await setEnterpriseStatus(BAOGU, 1, null);
  }
});

test('宝谷回调管理列出平台对外的电子签章调用，请求中只有文件的摘要', async ({ page }) => {
  test.setTimeout(60_000);
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adThirdCallBackBaoGu');
  const signCall = page.locator('tbody tr').filter({ hasText: 'esign.sign' }).first();
  await expect(signCall).toBeVisible({ timeout: 30_000 });
  await expect(signCall).toContainText('调用（平台→外部）');
  await expect(signCall).toContainText('已处理');
  await expect(page.locator('tbody tr').filter({ hasText: 'esign.render' }).first()).toBeVisible();
  await signCall.click();
  const request = page.getByLabel('请求内容').first();
  await expect(request).toContainText('sha256');
  await expect(request).toContainText('bytes');
});

test('大熊的签名回调被处理，伪造签名的回调被拒绝，二者都列在大熊回调管理中', async ({ page }) => {
  test.setTimeout(60_000);
  const bigBear = await withServerDb((db) =>
    db
      .selectFrom('enterprises')
      .select(['id', 'webhook_secret'])
      .where('short_name', '=', '大熊')
      .executeTakeFirstOrThrow(),
  );
  const eventId = `e2e-${RUN}`;
  const body = JSON.stringify({ eventId, type: 'contract.signed', data: { contractId: 999_999_999 } });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const post = (signature: string) =>
    page.request.post(webhookPath(Number(bigBear.id)), {
      headers: { 'content-type': 'application/json', 'x-lg-timestamp': timestamp, 'x-lg-signature': signature },
      data: body,
    });
  const forged = await post(createHmac('sha256', 'not-the-secret').update(`${timestamp}.${body}`).digest('hex'));
  expect(forged.status()).toBe(401);
  const signed = await post(
    createHmac('sha256', bigBear.webhook_secret ?? '')
      .update(`${timestamp}.${body}`)
      .digest('hex'),
  );
  expect(signed.status()).toBe(200);

  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto('/adThirdCallBackBigBear');
  const rows = page.locator('tbody tr').filter({ hasText: eventId });
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await expect(rows.filter({ hasText: '已拒绝' })).toContainText(WEBHOOK_MSG.badSignature);
  await expect(rows.filter({ hasText: '已处理' })).toContainText('contract.signed');
});

test('第三方调用管理的平台调用记录列出平台对银行的调用，账号已脱敏', async ({ page }) => {
  await loginAs(page, 'admin');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  // A call to the development bank, made with the page's own session.
  const account = await page.evaluate(async (companyId) => {
    const headers = { Authorization: `Bearer ${sessionStorage.getItem('token')}` };
    const status = await (await fetch(`/api/v1/accounts/status/${companyId}`, { headers })).json();
    return String(status.content.accountNumber);
  }, MERCHANT_COMPANY.companyId);
  expect(account).toMatch(/^\d{6,}$/);
  await page.goto('/addThirdPartyCall');
  await page.getByRole('tab', { name: '平台调用记录' }).click();
  await page.getByRole('textbox', { name: '类型' }).fill('bank.subAccountOf');
  await expect(page).toHaveURL(/subAccountOf/);
  const row = page.locator('tbody tr').filter({ hasText: 'bank://' }).first();
  await expect(row).toContainText('bank.subAccountOf');
  await row.click();
  const response = page.getByLabel('应答内容').first();
  await expect(response).toContainText(account.slice(-4));
  await expect(response).not.toContainText(account);
});
