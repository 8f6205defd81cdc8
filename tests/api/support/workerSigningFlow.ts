import { createHash } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { envelopeOf, type TestApp } from './testApp';

/** The 6-digit code of the last message the capturing SMS sender delivered to `mobile`, if any. */
export function lastCodeSentTo(t: Pick<TestApp, 'sms'>, mobile: string): string | undefined {
  const message = t.sms.messages.filter((item) => item.mobile === mobile).pop();
  return message ? /验证码为(\d{6})/.exec(message.text)?.[1] : undefined;
}

/** 获取验证码 on the signing page of `token`. */
export function requestSigningCode(t: Pick<TestApp, 'app'>, token: string, payload?: object) {
  return t.app.inject({ method: 'POST', url: `/api/v1/open/worker_sign/${token}/code`, payload });
}

/** 同意并签署 on the signing page of `token`, with `code` (no body when undefined). */
export function postSignature(
  t: Pick<TestApp, 'app'>,
  token: string,
  code?: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/open/worker_sign/${token}`,
    headers,
    ...(code === undefined ? {} : { payload: { code } }),
  });
}

/**
 * What the worker does on the signing page: 获取验证码 (sent to their mobile on record, read back from the
 * capturing SMS sender), then 同意并签署 with that code. Answers the signing's envelope.
 */
export async function signAsWorker(t: Pick<TestApp, 'app' | 'db' | 'sms'>, token: string) {
  const sent = envelopeOf(await requestSigningCode(t, token));
  expect(sent.code, sent.message).toBe(1020000);
  const worker = await t.db
    .selectFrom('worker_agreements')
    .innerJoin('workers', 'workers.id', 'worker_agreements.worker_id')
    .select('workers.mobile')
    .where('worker_agreements.token_hash', '=', createHash('sha256').update(token).digest('hex'))
    .executeTakeFirstOrThrow();
  const code = lastCodeSentTo(t, worker.mobile);
  expect(code, `no signing code was sent to ${worker.mobile}`).toMatch(/^\d{6}$/);
  return envelopeOf(await postSignature(t, token, code));
}
