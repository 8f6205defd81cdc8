import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { bankCard, idCard, xlsxFile } from '../support/batchFiles';
import { loginAs } from './support/login';
import { signingCodeSentTo } from './support/signingCode';

/**
 * The worker's signing page asks for the willingness check: 同意并签署 stays disabled until a
 * 6-digit code is typed; 获取验证码 sends it to the worker's mobile on record (shown masked) and counts down 60 s;
 * the merchant holding the link cannot sign without the code (the API refuses it too) nor with a wrong one (the
 * server's message is shown); the worker signs with the code their mobile got.
 */

const SERIAL = 940_000 + (Date.now() % 1000) * 10;
const NAME = '意愿签署';
const MOBILE = `133${String(SERIAL).padStart(8, '0')}`;

test('签署页：未输入验证码不能签署，验证码错误被拒，输入发送到本人手机的验证码后签署成功', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginAs(page, 'merchant');
  await expect(page).toHaveURL(/\/manage$/);
  await page.goto('/signUser');
  await page.getByLabel('上传人员文件').setInputFiles({
    name: '人员.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: await xlsxFile(
      [
        ['姓名', '身份证号', '手机号', '银行卡号', '开户银行'],
        [NAME, idCard(SERIAL), MOBILE, bankCard(SERIAL), '招商银行'],
      ],
      '人员',
    ),
  });
  await expect(page.getByText('导入成功')).toBeVisible();
  await page.locator('form').getByLabel('手机号').fill(MOBILE);
  // The 签约人员 list (the page also holds the 打款白名单 table).
  const list = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: '开户银行' }) });
  await expect(list.getByRole('row')).toHaveCount(2);
  await list
    .getByRole('row')
    .filter({ hasText: MOBILE.slice(-4) })
    .getByRole('button', { name: '签署链接' })
    .click();
  const link = await page
    .getByRole('dialog', { name: `签署链接「${NAME}」` })
    .getByRole('textbox')
    .inputValue();
  const path = new URL(link).pathname;

  // The merchant, holding the link, opens it: 同意并签署 is disabled without a code, and the API refuses it.
  // A worker opens the link on a phone (390 px wide).
  const signer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signer.goto(path);
  await expect(signer.getByRole('heading', { name: '自由职业者协议签署' })).toBeVisible();
  await expect(signer.getByText(`${MOBILE.slice(0, 3)}****${MOBILE.slice(7)}`)).toBeVisible();
  await expect(signer.getByRole('button', { name: '同意并签署' })).toBeDisabled();
  const api = `/api/v1/open/worker_sign/${path.split('/').pop()}`;
  const bare = await (await signer.request.post(api)).json();
  expect(bare.message).toBe('请输入验证码');

  // 获取验证码: sent to the worker's mobile on record, masked on the page; the button counts down.
  await signer.getByRole('button', { name: '获取验证码' }).click();
  await expect(signer.getByText(`验证码已发送至 ${MOBILE.slice(0, 3)}****${MOBILE.slice(7)}`)).toBeVisible();
  await expect(signer.getByRole('button', { name: /\d+秒后重新获取/ })).toBeDisabled();
  const sent = await signingCodeSentTo(MOBILE);

  // A wrong code: the server's message, still 待签署.
  const wrong = String((Number(sent) + 1) % 1_000_000).padStart(6, '0');
  await signer.getByLabel('短信验证码').fill(wrong);
  await signer.getByRole('button', { name: '同意并签署' }).click();
  await expect(signer.getByRole('alert')).toHaveText('短信验证码错误或已失效');
  await expect(signer.getByRole('button', { name: '同意并签署' })).toBeVisible();

  // The right code signs.
  await signer.getByLabel('短信验证码').fill(sent);
  await signer.getByRole('button', { name: '同意并签署' }).click();
  const signed = signer.getByText(/已签署（.+），文件 SHA-256：[0-9a-f]{64}/);
  await expect(signed).toBeVisible();
  // The 64-character hash wraps inside the phone's width: nothing of it is cut off or scrolls the page sideways.
  const box = await signed.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
  expect(await signed.evaluate((element) => element.scrollWidth - element.clientWidth)).toBe(0);
  expect(await signer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await signer.context().close();

  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: MOBILE.slice(-4) })).toContainText('已签署');

  // What the worker signed is the real thing on both sides: 灵工合同管理's detail downloads the
  // signed PDF, and the admin's 自由职业者协议管理 lists the agreement.
  await page.goto(`/contractOddJobManagement?filter=${encodeURIComponent(JSON.stringify({ workerName: NAME }))}`);
  const agreement = page.getByRole('row').filter({ hasText: NAME });
  await expect(agreement).toHaveCount(1);
  await expect(agreement).toContainText('已签署');
  await agreement.getByText(NAME).click();
  await expect(page).toHaveURL(/\/contractOddJobManagement\/\d+\/show/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: '下载', exact: true }).click();
  const file = await readFile((await (await downloading).path()) as string);
  expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  const admin = await (await browser.newContext()).newPage();
  await loginAs(admin, 'admin');
  await admin.goto(`/adLibertyAgreement?filter=${encodeURIComponent(JSON.stringify({ workerName: NAME }))}`);
  const listed = admin.getByRole('row').filter({ hasText: NAME });
  await expect(listed).toHaveCount(1);
  await expect(listed).toContainText('已签署');
  await admin.context().close();
});
