import { expect, type Page, test } from '@playwright/test';
import { invoicePdf } from '../support/invoiceFixtures';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/** 修改 on a pending registration (/adActivateMerchant), and 识别发票 in the 开票 form (/adInvoice). */

const READ_NUMBER = '24322000000012345678';

async function pick(page: Page, scope: ReturnType<Page['getByRole']>, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('管理员在激活前修改注册信息：注册表单的校验、确认、提示成功，列表显示新值', async ({ page }) => {
  test.setTimeout(90_000);
  const stamp = String(Date.now()).slice(-8);
  const prefix = `修改注册测试${stamp}`;
  const before = `${prefix}网络有限公司`;
  const after = `${prefix}数字科技有限公司`;
  const { id, industries } = await withServerDb(async (db) => {
    const rows = await db.selectFrom('industries').select(['id', 'nm']).orderBy('id').limit(2).execute();
    const inserted = await db
      .insertInto('registrations')
      .values({
        name: before,
        linkman_mobile: `137${stamp}`,
        password_hash: 'x',
        platform_mark: 1,
        company_nature: '有限责任公司',
        company_size: '20-99人',
        industry_id: Number(rows[0].id),
        business_license: '91110000600001760P',
        invoice_tax_number: '91110000600001760P',
        province: '浙江省',
        city: '杭州市',
        district: '西湖区',
        legal_person_name: '沈一舟',
        linkman_name: '林小满',
        license_url: '/api-v1/dl?f=none.png',
        student_card_url: null,
        status: 0,
        reason: null,
        department_id: null,
        subsidiary_id: null,
        service_id: null,
        company_id: null,
        create_time: '2026-11-20 10:00:00',
        activate_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: Number(inserted.id), industries: rows.map((row) => row.nm) };
  });
  try {
    await loginAs(page, 'admin');
    await expect(page.getByTestId('current-user')).toBeVisible();
    await page.goto(`/adActivateMerchant?filter=${encodeURIComponent(JSON.stringify({ name: prefix }))}`);
    const row = page.getByRole('row').filter({ hasText: before });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: '修改', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: `修改注册信息「${before}」` });
    await expect(dialog.getByLabel('公司名称')).toHaveValue(before);
    // The registration form's own checks, before anything is sent.
    await dialog.getByLabel('公司名称').fill('短名');
    await dialog.getByLabel('法人姓名').fill('');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(dialog.getByText('请输入6-128位公司名称')).toBeVisible();
    await expect(dialog.getByText('请输入法人姓名')).toBeVisible();

    await dialog.getByLabel('公司名称').fill(after);
    await dialog.getByLabel('法人姓名').fill('周明远');
    await pick(page, dialog, '所属行业', industries[1]);
    await pick(page, dialog, '公司规模', '100-499人');
    await pick(page, dialog, '区县', '上城区');
    await dialog.getByRole('button', { name: '保存' }).click();
    await expect(
      dialog.getByText('确定修改以下注册信息吗？公司名称、所属行业、公司规模、法人姓名、所在地区。'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: '确定修改' }).click();
    await expect(page.getByText('注册信息修改成功')).toBeVisible();
    await expect(dialog).toBeHidden();

    const changed = page.getByRole('row').filter({ hasText: after });
    await expect(changed).toBeVisible();
    await expect(changed).toContainText('周明远');
    await expect(changed).toContainText(industries[1]);
    await expect(changed).toContainText('浙江省 杭州市 上城区');
    const stored = await withServerDb((db) =>
      db
        .selectFrom('registrations')
        .select(['name', 'company_size', 'legal_person_name', 'district', 'linkman_name'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({
      name: after,
      company_size: '100-499人',
      legal_person_name: '周明远',
      district: '上城区',
      linkman_name: '林小满',
    });
  } finally {
    await withServerDb((db) => db.deleteFrom('registrations').where('id', '=', id).execute());
  }
});

test('财务开票时识别发票：读出发票号码并说明识别了什么，已填写的号码先问再替换', async ({ page }) => {
  test.setTimeout(90_000);
  const pdf = { name: '电子发票.pdf', mimeType: 'application/pdf', buffer: await invoicePdf() };
  await loginAs(page, 'caiwu');
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.goto('/adInvoice');
  await page.getByRole('button', { name: '开票', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /^开票「/ });
  const number = dialog.getByLabel('发票号码');
  const ocrInput = dialog.locator('input[type=file][aria-label="识别发票"]');
  await expect(dialog.getByRole('button', { name: '识别发票' })).toBeVisible();

  // An empty number box is filled, and the report says what was read and what was not.
  await ocrInput.setInputFiles(pdf);
  // Reading a PDF's text layer takes a few seconds on a busy machine.
  await expect(number).toHaveValue(READ_NUMBER, { timeout: 30_000 });
  const report = dialog.getByTestId('invoice-ocr-report');
  await expect(report).toContainText(`已识别：发票号码：${READ_NUMBER}`);
  await expect(report).toContainText('开票日期：2026-03-05');
  await expect(report).toContainText('价税合计：1,060.00 元');
  await expect(report).toContainText('未能识别：发票代码');

  // A number the operator typed stays unless they choose the read one.
  await number.fill('12345678');
  await ocrInput.setInputFiles(pdf);
  const ask = dialog.getByText(`已填写的发票号码 12345678 与识别结果 ${READ_NUMBER} 不同，是否替换？`);
  await expect(ask).toBeVisible({ timeout: 30_000 });
  await expect(number).toHaveValue('12345678');
  await dialog.getByRole('button', { name: '保留已填写' }).click();
  await expect(ask).toBeHidden();
  await expect(number).toHaveValue('12345678');
  await ocrInput.setInputFiles(pdf);
  await dialog.getByRole('button', { name: '替换', exact: true }).click({ timeout: 30_000 });
  await expect(number).toHaveValue(READ_NUMBER);

  // Nothing is issued by reading: the operator still confirms or cancels.
  await dialog.getByRole('button', { name: '取消' }).click();
  await expect(dialog).toBeHidden();
});

test('商户在合同管理中取得服务协议的签署地址，可复制', async ({ page }) => {
  test.setTimeout(60_000);
  // A contract of the merchant still to be signed, with a service entity: earlier tests on this server may have
  // signed the demo ones. Made from one of its contracts and removed afterwards.
  const unsignedId = await withServerDb(async (db) => {
    const { id: _id, ...model } = await db
      .selectFrom('contracts')
      .selectAll()
      .where('company_id', '=', 1)
      .where('platform_mark', '=', 1)
      .where('data_status', '=', 1)
      .where('enterprise_id', 'is not', null)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inserted = await db
      .insertInto('contracts')
      .values({
        ...model,
        contract_no: `${model.contract_no}-E2E${Date.now() % 100000}`,
        // Newest, so the list's first page shows it (China time, as the server writes it).
        create_time: new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' '),
        sign_status: 0,
        contract_status: 2,
        sign_time: null,
        file_id: null,
        file_sha256: null,
        sign_mode: null,
        paper_file_id: null,
        esign_flow_id: null,
        esign_user_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  });
  try {
    await signingAddress(page);
  } finally {
    await withServerDb((db) => db.deleteFrom('contracts').where('id', '=', unsignedId).execute());
  }
});

async function signingAddress(page: Page) {
  await loginAs(page, 'merchant', { path: '/login?Rurl=/contractManagement' });
  await expect(page.getByTestId('current-user')).toBeVisible();
  await page.getByRole('button', { name: '签署地址', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: /^签署地址「/ });
  const link = dialog.getByLabel('签署地址');
  // The dev e-sign provider's address is a page of this site, shown whole so it can be sent on.
  await expect(link).toHaveValue(/^http:\/\/[^/]+\/contractManagement\?sign=\d+$/);
  await expect(dialog.getByRole('button', { name: '复制链接' })).toBeVisible();
  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
}
