import { expect, type Page, test } from '@playwright/test';
import { loadConfig } from '../../server/config';
import { createDevChannel, DEV_CARD } from '../../server/money/payouts/devChannel';
import { addSignedWorkers } from '../../server/workers/workers.service';
import { luhnCheckDigit } from '../../src/domain/payees';
import { bankCard, csvFile, idCard, payee } from '../support/batchFiles';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';
import { MERCHANT_COMPANY } from './support/signedPayees';

/**
 * A merchant watches a batch being paid, on its record page and in the list of batches: one item is paid by the
 * development channel after the processor's delay, the other stays 处理中 at the channel (a 629904… card) until
 * the channel's signed notification says it is paid. Both pages read the batch again by themselves while anything
 * is open: no reload.
 */

const SERIAL = 897_000 + (Date.now() % 1000) * 3;

/** A valid card the development channel keeps 处理中 until a notification settles it. */
function silentCard(serial: number): string {
  const body = `${DEV_CARD.silent}${String(serial).padStart(12, '0')}`;
  return body + luhnCheckDigit(body);
}

/** Two signed workers, a batch paying them submitted on /remit; answers its number and the link to the records. */
async function submitWatchedBatch(page: Page, serial: number) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR 未设置：请通过 playwright test 运行');
  const config = loadConfig({ ...process.env, DATA_DIR: dataDir });
  const waitingCard = silentCard(serial + 1);
  const person = (each: number, card: string) => ({
    name: '测试人员',
    idCard: idCard(each),
    mobile: `139${String(each).padStart(8, '0')}`,
    bankCard: card,
    bankName: '中国工商银行',
  });
  await withServerDb((db) =>
    addSignedWorkers(
      db,
      MERCHANT_COMPANY,
      [person(serial, bankCard(serial)), person(serial + 1, waitingCard)],
      config.idKey,
    ),
  );

  await loginAs(page, 'merchant');
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.goto('/remit');
  const rows = [
    payee(serial, { '金额（元）': '1.10' }),
    payee(serial + 1, { 银行卡号: waitingCard, '金额（元）': '2.20' }),
  ];
  await page
    .getByLabel('上传打款文件')
    .setInputFiles({ name: '实时.csv', mimeType: 'text/csv', buffer: csvFile(rows) });
  await expect(page.getByRole('heading', { name: '校验通过：实时.csv' })).toBeVisible();
  await page.getByRole('button', { name: '提交打款' }).click();
  const dialog = page.getByRole('dialog', { name: '输入支付密码' });
  await dialog.getByLabel('支付密码').fill('123456');
  await dialog.getByRole('button', { name: '确认打款' }).click();
  const success = page.getByRole('alert').filter({ hasText: '提交成功，批次号' });
  await expect(success).toBeVisible();
  const batchNo = /批次号 (PL\d+)/.exec((await success.textContent()) ?? '')?.[1] ?? '';
  expect(batchNo).toMatch(/^PL\d{20}$/);
  return { batchNo, success, config };
}

/** The channel's signed notification that the waiting item (2.20) of the batch is paid, delivered. */
async function settleWaitingItem(page: Page, batchNo: string, config: ReturnType<typeof loadConfig>) {
  const item = await withServerDb((db) =>
    db
      .selectFrom('payout_items')
      .innerJoin('payout_batches', 'payout_batches.id', 'payout_items.batch_id')
      .select(['payout_items.id'])
      .where('payout_batches.batch_no', '=', batchNo)
      .where('payout_items.amount', '=', 22_000)
      .executeTakeFirstOrThrow(),
  );
  // The channel can only speak of an order it took: wait for the processor to have sent the item.
  const noticeNow = () =>
    withServerDb((db) =>
      createDevChannel(db, { delayMs: 0, secret: config.payoutChannel.devSecret }).notification(Number(item.id), {
        state: 'succeeded',
      }),
    );
  await expect.poll(async () => (await noticeNow()) !== null, { timeout: 30_000 }).toBe(true);
  const notice = await noticeNow();
  if (!notice) throw new Error('开发通道没有这笔订单');
  const answer = await page.request.post('/api/v1/open/payouts/notify/dev', {
    headers: notice.headers,
    data: notice.body,
  });
  expect(answer.status()).toBe(200);
}

/** A mark on this document: a reload would lose it. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { stayedOnPage: boolean }).stayedOnPage = true;
  });
const stayedOnPage = (page: Page) =>
  page.evaluate(() => (window as unknown as { stayedOnPage?: boolean }).stayedOnPage);

test('商户在批次详情里看着打款从处理中变为成功，页面不用刷新', async ({ page }) => {
  test.setTimeout(120_000);
  const { batchNo, success, config } = await submitWatchedBatch(page, SERIAL);
  await success.getByRole('link', { name: '打款记录' }).click();
  const batchRow = page.getByRole('row').filter({ hasText: batchNo });
  await batchRow.getByRole('button', { name: '查看明细' }).click();
  await expect(page).toHaveURL(/\/paymentRecord\/\d+\/show$/);

  await markDocument(page);
  const table = page.getByRole('table', { name: '打款明细' });
  const paidRow = table.getByRole('row').filter({ hasText: '1.10' });
  const waitingRow = table.getByRole('row').filter({ hasText: '2.20' });
  await expect(paidRow).toContainText('成功', { timeout: 30_000 });
  await expect(waitingRow).toContainText('处理中', { timeout: 30_000 });

  await settleWaitingItem(page, batchNo, config);
  await expect(waitingRow).toContainText('成功', { timeout: 30_000 });
  await expect(table.getByRole('row').filter({ hasText: '处理中' })).toHaveCount(0);
  expect(await stayedOnPage(page)).toBe(true);
});

test('商户在打款记录列表里看着批次从打款中变为已完成，页面不用刷新', async ({ page }) => {
  test.setTimeout(120_000);
  const { batchNo, success, config } = await submitWatchedBatch(page, SERIAL + 10);
  await success.getByRole('link', { name: '打款记录' }).click();
  await expect(page).toHaveURL(/\/paymentRecord/);
  await markDocument(page);
  const batchRow = page.getByRole('row').filter({ hasText: batchNo });
  await expect(batchRow).toContainText('打款中');

  await settleWaitingItem(page, batchNo, config);
  await expect(batchRow).toContainText('已完成', { timeout: 30_000 });
  await expect(batchRow).not.toContainText('打款中');
  expect(await stayedOnPage(page)).toBe(true);
});
