import { expect, type Page, test } from '@playwright/test';
import { samplePdf } from '../../server/invoices/services/sampleDocuments';
import { vatSpecialInvoice } from '../../src/domain/invoiceFormulas';
import { formatMoney } from '../../src/domain/money';
import { UNPAID_INVOICE_MESSAGE } from '../../src/workspace/UnpaidInvoiceReminder';
import { type FixtureBatch, insertBatch } from '../api/support/payoutFixtures';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';

/** GET /api/v1/remittances/batch/notinvoice/1 with the page's own session. */
function notInvoiced(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    const response = await fetch('/api/v1/remittances/batch/notinvoice/1', {
      headers: { Authorization: `Bearer ${sessionStorage.getItem('token')}` },
    });
    return ((await response.json()) as { content: boolean }).content;
  });
}

test('商户选批次申请开票，财务上传发票开票，商户下载发票且不再提示未开票', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A finished batch of company 1 (the merchant's), written straight into the server's database.
  const batch: FixtureBatch = await withServerDb((db) =>
    insertBatch(db, { companyId: 1, platformMark: 1, amounts: [12_345_600, 7_654_400] }),
  );

  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await expect(page.getByText(UNPAID_INVOICE_MESSAGE)).toBeVisible();

  // The company's invoice information, which every application copies.
  await page.goto('/merchant?type=first');
  const info = page.getByRole('form', { name: '开票信息' });
  for (const [label, value] of [
    ['发票抬头', '上海灵动科技有限公司'],
    ['纳税人识别号', '91310000MA1FL0ABCD'],
    ['开户银行', '招商银行上海分行'],
    ['银行账号', '121909876510101'],
    ['开票地址', '上海市浦东新区世纪大道100号'],
    ['开票电话', '021-55556666'],
  ]) {
    await info.getByLabel(label).fill(value);
  }
  await info.getByRole('button', { name: '保存' }).click();
  await expect(page.getByText('保存成功')).toBeVisible();

  await page.goto('/applyInvoice');
  const batches = page.getByRole('table', { name: '可开票批次' });
  await batches.getByRole('checkbox', { name: `选择批次 ${batch.batchNo}` }).check();
  const figures = page.getByRole('region', { name: '发票金额' });
  const expected = vatSpecialInvoice(batch.invoiceable);
  await expect(figures.getByTestId('figure-价税合计（元）')).toHaveText(formatMoney(expected.total));
  await expect(figures.getByTestId('figure-税额（元）')).toHaveText(formatMoney(expected.tax));
  await expect(figures.getByTestId('figure-不含税金额（元）')).toHaveText(formatMoney(expected.net));
  await expect(figures.getByText(/税额 = 价税合计 ÷ \(1 \+ 6%\) × 6%/)).toBeVisible();
  await expect(page.getByRole('region', { name: '开票信息' }).getByText('91310000MA1FL0ABCD')).toBeVisible();

  // Every batch still to invoice goes on this application, so nothing is left to remind of.
  await batches.getByRole('checkbox', { name: '全选本页批次' }).check();
  await page.getByRole('radio', { name: '纸质发票' }).check();
  await page.getByRole('combobox', { name: '开票类目' }).click();
  await page.getByRole('option', { name: '现代服务*人力资源服务' }).click();
  await page.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('请输入2-6位收件人姓名')).toBeVisible();
  await page.getByLabel('收件人').fill('王小明');
  await page.getByLabel('联系电话').fill('02155556666');
  await page.getByLabel('邮寄地址').fill('上海市浦东新区世纪大道100号');
  await page.getByRole('button', { name: '提交申请' }).click();
  // The application is sent from its confirmation, which names where the paper invoice goes.
  const confirm = page.getByRole('dialog', { name: '确认开票申请' });
  await expect(confirm.getByText('上海市浦东新区世纪大道100号')).toBeVisible();
  await confirm.getByRole('button', { name: '确认提交' }).click();
  await expect(page).toHaveURL(/\/invoiceRecord/);
  const newest = page.getByRole('row').filter({ hasText: '已申请' }).first();
  await expect(newest).toBeVisible();
  const applyNo = ((await newest.getByText(/^FP\d{20}$/).textContent()) ?? '').trim();
  expect(applyNo).toMatch(/^FP\d{20}$/);
  expect(await notInvoiced(page)).toBe(false);

  // Finance issues it with a number and the invoice PDF.
  const financeContext = await browser.newContext();
  const finance = await financeContext.newPage();
  await loginAs(finance, 'caiwu');
  await expect(finance).toHaveURL(/\/adMain$/);
  await finance.goto('/adInvoice');
  const row = finance.getByRole('row').filter({ hasText: applyNo });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: '开票' }).click();
  const dialog = finance.getByRole('dialog', { name: `开票「${applyNo}」` });
  await dialog.getByLabel('发票号码').fill('044001900111');
  await dialog.locator('input[type=file][aria-label="上传发票文件"]').setInputFiles({
    name: '发票044001900111.pdf',
    mimeType: 'application/pdf',
    buffer: samplePdf('Invoice 044001900111'),
  });
  await expect(dialog.getByText('发票044001900111.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: '确定开票' }).click();
  await expect(finance.getByText('开票成功')).toBeVisible();
  await expect(row.getByText('已开票')).toBeVisible();
  await expect(row.getByRole('button', { name: '邮寄' })).toBeVisible();
  await financeContext.close();

  // The merchant sees it issued, opens its batches and downloads the invoice.
  await page.reload();
  const issued = page.getByRole('row').filter({ hasText: applyNo });
  await expect(issued.getByText('已开票')).toBeVisible();
  await expect(issued.getByText('044001900111', { exact: true })).toBeVisible();
  // A row opens the application's show view: its batches, and the invoice to download.
  await issued.getByText(applyNo).click();
  await expect(page).toHaveURL(/\/invoiceRecord\/\d+\/show$/);
  await expect(page.getByRole('navigation', { name: '面包屑' })).toContainText('开票记录');
  await expect(page.getByRole('table', { name: '开票批次' }).getByText(batch.batchNo)).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '发票044001900111.pdf' }).first().click(),
  ]);
  expect(download.suggestedFilename()).toBe('发票044001900111.pdf');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe('%PDF-');

  // Nothing is left to invoice: the reminder no longer appears.
  const answered = page.waitForResponse((response) => response.url().includes('/remittances/batch/notinvoice/1'));
  await page.goto('/manage');
  expect(await (await answered).json()).toMatchObject({ content: false });
  await expect(page.getByTestId('current-user')).toBeVisible();
  await expect(page.getByText(UNPAID_INVOICE_MESSAGE)).toHaveCount(0);
});
