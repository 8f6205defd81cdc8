import { createHash } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { bankCard, idCard } from '../support/batchFiles';
import { accessibilityProblems } from './support/axe';
import { DEMO_PASSWORD, loginAs } from './support/login';
import { signOnPage } from './support/signingCode';

/**
 * /signUser 发送签署邀请: the merchant picks several 待签署 workers and sends each their signing SMS at once; the dialog
 * says how many were sent; the 邀请状态 column reads 已发送, 发送失败 with the reason once the SMS is reported
 * undelivered (the development sender reports a 1990000… number stopped), 已打开 once the worker opens the signing
 * page and 已签署 once they sign. The page explains 审核状态 in words.
 */
const SERIAL = 945_000 + (Date.now() % 100) * 10;
const NAMES = ['邀测甲', '邀测乙', '邀测丙'];
const mobileOf = (index: number) =>
  (index === 2 ? '1990000' : '1340000') +
  String(SERIAL + index)
    .slice(-4)
    .padStart(4, '0');

async function merchantHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await (
    await request.post('/login', {
      headers: { platformMark: '1' },
      form: {
        username: 'merchant',
        password: createHash('sha256').update(DEMO_PASSWORD).digest('hex'),
        type: '1',
        platformMark: '1',
      },
    })
  ).json();
  expect(answer.code, answer.message).toBe(1020000);
  return { authorization: `Bearer ${answer.content.token}`, platformMark: '1' };
}

test('勾选多人发送签署邀请，列表逐人显示已发送、发送失败、已打开、已签署', async ({ page, request }) => {
  const headers = await merchantHeaders(request);
  const ids: number[] = [];
  for (const [index, name] of NAMES.entries()) {
    const added = await (
      await request.post('/api/v1/workers', {
        headers,
        data: {
          kind: 'sign',
          name,
          idCard: idCard(SERIAL + index),
          mobile: mobileOf(index),
          bankCard: bankCard(SERIAL + index),
          bankName: '中国工商银行',
        },
      })
    ).json();
    expect(added.code, added.message).toBe(1020000);
    ids.push(added.content.id);
  }

  await loginAs(page, 'merchant', { path: '/login?Rurl=/signUser' });
  const help = page.getByRole('region', { name: '列表说明' });
  await expect(help).toContainText('审核状态是平台对人员信息');
  await expect(help).toContainText('「已驳回」表示平台发现信息有误');
  await page.locator('form').getByLabel('姓名', { exact: true }).fill('邀测');
  const list = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '邀请状态' }) });
  await expect(list.getByRole('row')).toHaveCount(NAMES.length + 1);
  const row = (name: string) => list.getByRole('row').filter({ hasText: name });
  for (const name of NAMES) await row(name).getByRole('checkbox', { name: '选择此行' }).check();

  await page.getByRole('button', { name: `发送签署邀请（已选 ${NAMES.length} 人）` }).click();
  const dialog = page.getByRole('dialog', { name: '发送签署邀请' });
  await expect(dialog).toContainText(`将向已选的 ${NAMES.length} 人发送短信`);
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.getByRole('status')).toHaveText('已发送 3 人，失败 0 人');
  expect(await accessibilityProblems(page, '/signUser 发送签署邀请的结果')).toEqual([]);
  await dialog.getByRole('button', { name: '完成' }).click();
  for (const name of NAMES.slice(0, 2)) await expect(row(name)).toContainText('已发送');

  // The stopped number's delivery report comes after the send: the list says so on the next load.
  await expect(async () => {
    await page.reload();
    await expect(row(NAMES[2])).toContainText('发送失败', { timeout: 1000 });
  }).toPass();
  await expect(row(NAMES[2])).toContainText('用户停机');

  // The worker opens their link (the one 签署链接 gives is the same kind of link the SMS carries), then signs.
  const link = await (await request.post(`/api/v1/workers/${ids[0]}/sign_link`, { headers })).json();
  expect(link.code, link.message).toBe(1020000);
  const worker = await page.context().newPage();
  await worker.goto(link.content.url);
  await expect(worker.getByRole('button', { name: '获取验证码' })).toBeVisible();
  await page.reload();
  await expect(row(NAMES[0])).toContainText('已打开');
  await signOnPage(worker, mobileOf(0));
  await page.reload();
  await expect(row(NAMES[0])).toContainText('已签署');
  await expect(row(NAMES[1])).toContainText('已发送');

  // Sending again to the one who signed and the one invited a moment ago: both skipped, each with the reason.
  await row(NAMES[0]).getByRole('checkbox', { name: '选择此行' }).check();
  await row(NAMES[1]).getByRole('checkbox', { name: '选择此行' }).check();
  await page.getByRole('button', { name: '发送签署邀请（已选 2 人）' }).click();
  await dialog.getByRole('button', { name: '发送' }).click();
  await expect(dialog.getByRole('status')).toHaveText('已发送 0 人，失败 0 人，跳过 2 人');
  const skipped = dialog.getByRole('list', { name: '已跳过' });
  await expect(skipped).toContainText('已签署协议，无需邀请');
  await expect(skipped).toContainText('10分钟内已发送过邀请');
});
