import { expect, type Page } from '@playwright/test';
import { SIGN_WILLINGNESS_SMS_TYPE } from '../../../src/domain/session';
import { withServerDb } from './serverDb';

/** The latest 签署协议 code the e2e server sent to `mobile` (read from its database, as the SMS would bring it). */
export async function signingCodeSentTo(mobile: string): Promise<string> {
  const row = await withServerDb((db) =>
    db
      .selectFrom('sms_codes')
      .select('code')
      .where('mobile', '=', mobile)
      .where('type', '=', SIGN_WILLINGNESS_SMS_TYPE)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  );
  if (!row) throw new Error(`no signing code was sent to ${mobile}`);
  return row.code;
}

/** What the worker does on the signing page: 获取验证码, types the code their mobile got, 同意并签署. */
export async function signOnPage(page: Page, mobile: string): Promise<void> {
  const send = page.getByRole('button', { name: '获取验证码' });
  // The agreement's PDF viewer, an out-of-process frame, sits right above. On a loaded machine a click sent at once
  // after the scroll that brought the button into view was lost (no request left): scroll first, then click.
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeInViewport();
  await send.click();
  await expect(page.getByText(`验证码已发送至 ${mobile.slice(0, 3)}****${mobile.slice(7)}`)).toBeVisible();
  await page.getByLabel('短信验证码').fill(await signingCodeSentTo(mobile));
  await page.getByRole('button', { name: '同意并签署' }).click();
  await expect(page.getByText(/已签署（.+），文件 SHA-256：[0-9a-f]{64}/)).toBeVisible();
}
