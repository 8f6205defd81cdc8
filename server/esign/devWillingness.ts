import { SIGN_WILLINGNESS_SMS_TYPE } from '../../src/domain/session';
import { sendSmsCode, verifySmsCodeById } from '../accounts/sms/smsCodes';
import { chinaTime } from '../db/time';
import type { LocalServices, WillingnessCheck } from './provider';

/**
 * The dev provider's willingness check (意愿认证), done locally with the platform's SMS codes: a 6-digit 签署协议
 * code to the signer's mobile (5 minutes, single use, 60 s between sends, daily cap, 5 tries — smsCodes.ts).
 * The check's reference is the code's id, so only that very code confirms it — not a later or earlier code of
 * the same mobile, nor one sent for another document.
 */
export function devWillingness({ db, sms }: LocalServices): WillingnessCheck {
  return {
    async start(request) {
      const id = await sendSmsCode(db, sms, {
        mobile: request.mobile,
        type: SIGN_WILLINGNESS_SMS_TYPE,
        ip: request.ip,
      });
      return { ref: String(id), mobile: request.mobile };
    },
    async confirm(ref, signer, smsToken) {
      if (!/^\d{1,18}$/.test(ref)) return null;
      const now = Date.now();
      const valid = await verifySmsCodeById(
        db,
        { id: Number(ref), mobile: signer.mobile, type: SIGN_WILLINGNESS_SMS_TYPE, code: smsToken },
        now,
      );
      return valid ? { method: 'sms', ref, mobile: signer.mobile, confirmedAt: chinaTime(now) } : null;
    },
  };
}
