import { createHmac } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { companyEnterprise } from '../../server/enterprises/enterprises.service';
import { CALLBACK_CHANNEL } from '../../src/domain/enterprises';
import { WEBHOOK_MSG, webhookPath } from '../../src/domain/thirdPartyCalls';
import { csvFile, payee } from '../support/batchFiles';
import { loginAs } from './support/login';
import { withServerDb } from './support/serverDb';
import { MERCHANT_COMPANY, signPayeesOnServer } from './support/signedPayees';

/**
 * Payout results by webhook end to end: the merchant's enterprise (大熊) settles with workers itself, so a
 * batch the merchant submits on /remit waits for its report; the enterprise's signed payout.result marks the items
 * paid on the batch's record page; the same event replayed with a stale timestamp is refused, replayed in time it is answered as a duplicate; all of it is listed
 * on the enterprise's callback page.
 */

const SERIAL = 893_000 + (Date.now() % 1000) * 3;

test('服务主体自行结算：签名回调把打款明细标为成功，过期重放的回调被拒绝，均列在回调管理中', async ({ page }) => {
  test.setTimeout(120_000);
  await signPayeesOnServer([SERIAL, SERIAL + 1]);
  const enterprise = await withServerDb((db) =>
    db
      .selectFrom('enterprises')
      .select(['id', 'webhook_secret', 'callback_channel', 'reports_payouts', 'status', 'status_reason'])
      .where('short_name', '=', '大熊')
      .executeTakeFirstOrThrow(),
  );
  const setEnterprise = (values: { reports_payouts: number; status: number; status_reason: string | null }) =>
    withServerDb((db) => db.updateTable('enterprises').set(values).where('id', '=', enterprise.id).execute());

  // 大熊 settles with workers itself; the merchant signs its service agreement with 大熊 (its own session), so its
  // next batch goes through 大熊. Afterwards that agreement is retired and 大熊 restored, for the other specs.
  await setEnterprise({ reports_payouts: 1, status: 1, status_reason: null });
  let contractId = 0;
  let batchNo = '';
  try {
    await loginAs(page, 'merchant');
    await page.waitForURL((url) => !url.pathname.endsWith('/login'));
    contractId = await page.evaluate(
      async ({ companyId, enterpriseId }) => {
        const headers = {
          Authorization: `Bearer ${sessionStorage.getItem('token')}`,
          'content-type': 'application/json',
        };
        const started = await fetch(`/api/v1/companies/service_sign/${companyId}/${enterpriseId}`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ type: 1 }),
        });
        const { id } = (await started.json()).content as { id: number };
        const consent = await fetch(`/api/v1/consent/${id}`, { method: 'POST', headers, body: '{}' });
        if ((await consent.json()).code !== 1020000) throw new Error('签署服务协议失败');
        return id;
      },
      { companyId: MERCHANT_COMPANY.companyId, enterpriseId: Number(enterprise.id) },
    );
    const current = await withServerDb((db) =>
      companyEnterprise(db, MERCHANT_COMPANY.companyId, MERCHANT_COMPANY.platformMark),
    );
    expect(current?.id).toBe(Number(enterprise.id));
    await page.goto('/remit');
    await page.getByLabel('上传打款文件').setInputFiles({
      name: '回调结算打款.csv',
      mimeType: 'text/csv',
      buffer: csvFile([payee(SERIAL, { '金额（元）': '2.00' }), payee(SERIAL + 1, { '金额（元）': '3.00' })]),
    });
    await expect(page.getByRole('heading', { name: '校验通过：回调结算打款.csv' })).toBeVisible();
    await page.getByRole('button', { name: '提交打款' }).click();
    const password = page.getByRole('dialog', { name: '输入支付密码' });
    await password.getByLabel('支付密码').fill('123456');
    await password.getByRole('button', { name: '确认打款' }).click();
    const done = page.getByRole('alert').filter({ hasText: '提交成功，批次号' });
    await expect(done).toBeVisible();
    batchNo = /批次号[：:]?\s*(\S+?)[，,。\s]/.exec(`${await done.textContent()} `)?.[1] ?? '';
  } finally {
    if (contractId) {
      await withServerDb((db) =>
        db.updateTable('contracts').set({ data_status: 0 }).where('id', '=', contractId).execute(),
      );
    }
    await setEnterprise({
      reports_payouts: Number(enterprise.reports_payouts),
      status: Number(enterprise.status),
      status_reason: enterprise.status_reason,
    });
  }

  const batch = await withServerDb((db) =>
    db
      .selectFrom('payout_batches')
      .select(['id', 'batch_no'])
      .where('company_id', '=', MERCHANT_COMPANY.companyId)
      .where('report_enterprise_id', '=', enterprise.id)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow(),
  );
  expect(batchNo).toContain(String(batch.batch_no));
  const items = await withServerDb((db) =>
    db.selectFrom('payout_items').select(['id', 'status']).where('batch_id', '=', batch.id).orderBy('id').execute(),
  );
  // Waiting for the enterprise's report, not paid by the channel.
  expect(items.map((item) => item.status)).toEqual([3, 3]);

  const eventId = `e2e-paid-${SERIAL}`;
  const body = JSON.stringify({
    eventId,
    type: 'payout.result',
    data: { items: items.map((item) => ({ itemId: Number(item.id), status: 'paid' })) },
  });
  const post = (secondsAgo: number) => {
    const timestamp = String(Math.floor(Date.now() / 1000) - secondsAgo);
    const signature = createHmac('sha256', enterprise.webhook_secret ?? '')
      .update(`${timestamp}.${body}`)
      .digest('hex');
    return page.request.post(webhookPath(Number(enterprise.id)), {
      headers: { 'content-type': 'application/json', 'x-lg-timestamp': timestamp, 'x-lg-signature': signature },
      data: body,
    });
  };
  expect((await post(0)).status()).toBe(200);
  // The same event replayed ten minutes late, genuinely signed: refused.
  const replayed = await post(600);
  expect(replayed.status()).toBe(401);
  expect(JSON.stringify(await replayed.json())).toContain(WEBHOOK_MSG.expired);
  // Replayed in time: answered as the first time, not applied again.
  const repeated = await post(0);
  expect(repeated.status()).toBe(200);
  expect((await repeated.json()).content).toMatchObject({ duplicate: true, eventId });

  // The batch's record page: both items paid.
  await page.goto('/paymentRecord');
  const batchRow = page.getByRole('row').filter({ hasText: String(batch.batch_no) });
  await expect(batchRow).toContainText('已完成');
  await batchRow.getByRole('button', { name: '查看明细' }).click();
  await expect(page).toHaveURL(new RegExp(`/paymentRecord/${batch.id}/show$`));
  const table = page.getByRole('table', { name: '打款明细' });
  await expect(table.getByRole('row').filter({ hasText: '成功' })).toHaveCount(2);
  await expect(table.getByRole('row').filter({ hasText: '待服务主体回报' })).toHaveCount(0);

  // The enterprise's callback page lists the applied call and the refused replay.
  const channel = CALLBACK_CHANNEL[Number(enterprise.callback_channel) - 1];
  expect(channel?.name).toBe('大熊');
  await loginAs(page, 'admin');
  await expect(page).toHaveURL(/\/adMain$/);
  await page.goto(`/${channel?.route}`);
  const rows = page.locator('tbody tr').filter({ hasText: eventId });
  await expect(rows).toHaveCount(3, { timeout: 30_000 });
  await expect(rows.filter({ hasText: '重复事件' })).toHaveCount(1);
  await expect(rows.filter({ hasText: '已处理' })).toContainText('payout.result');
  await expect(rows.filter({ hasText: '已拒绝' })).toContainText(WEBHOOK_MSG.expired);
});
