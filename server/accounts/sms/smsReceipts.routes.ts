import { createHash, timingSafeEqual } from 'node:crypto';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../../appServices';
import { fail } from '../../http/errors';
import { applyDeliveryReceipt } from '../../system/smsLog';
import type { SmsDeliveryReport } from './smsSender';

/**
 * Delivery receipts (状态报告) pushed by the chosen provider, settling the SMS log row of the message it accepted:
 * - POST /api/v1/sms/receipts/aliyun/:token   Aliyun SmsReport (HTTP batch push): a JSON array
 * - POST /api/v1/sms/receipts/tencent/:token  Tencent 短信下发状态回调: a JSON array
 * Neither provider signs its push, so the address itself carries the secret: `:token` must equal SMS_RECEIPT_TOKEN
 * (compared in constant time); the address is configured in the provider's console. Only the chosen provider's
 * route exists. Each body is validated by its schema; the answer is the one the provider's documentation expects.
 */

const text = (maxLength: number) => Type.String({ maxLength });
const MAX_ITEMS = 500;

const aliyunReport = Type.Array(
  Type.Object(
    {
      phone_number: text(20),
      success: Type.Boolean(),
      biz_id: text(64),
      err_code: Type.Optional(text(64)),
      err_msg: Type.Optional(text(255)),
      send_time: Type.Optional(text(32)),
      report_time: Type.Optional(text(32)),
      sms_size: Type.Optional(text(8)),
      out_id: Type.Optional(text(64)),
    },
    { additionalProperties: true },
  ),
  { minItems: 1, maxItems: MAX_ITEMS },
);

const tencentReport = Type.Array(
  Type.Object(
    {
      mobile: text(20),
      report_status: Type.Union([Type.Literal('SUCCESS'), Type.Literal('FAIL')]),
      sid: text(64),
      errmsg: Type.Optional(text(64)),
      description: Type.Optional(text(255)),
      user_receive_time: Type.Optional(text(32)),
      nationcode: Type.Optional(text(8)),
    },
    { additionalProperties: true },
  ),
  { minItems: 1, maxItems: MAX_ITEMS },
);

const tokenParams = Type.Object({ token: text(256) });

function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function reasonOf(description: string | undefined, code: string | undefined): string {
  const words = description?.trim() || '短信未送达';
  return code ? `${words}（${code}）` : words;
}

export async function smsReceiptRoutes(app: FastifyInstance, { db, sms, config }: AppServices): Promise<void> {
  const settings = config.sms;
  if (settings.provider === 'log' || !sms.provider) return;
  const provider = sms.provider;
  const route = { config: { access: { public: true } } };
  const checkToken = (token: string) => {
    if (!sameSecret(token, settings.receiptToken)) fail('回执地址无效');
  };

  if (settings.provider === 'aliyun') {
    app.post(
      '/api/v1/sms/receipts/aliyun/:token',
      { ...route, schema: { params: tokenParams, body: aliyunReport } },
      async (request, reply) => {
        checkToken((request.params as Static<typeof tokenParams>).token);
        for (const item of request.body as Static<typeof aliyunReport>) {
          const report: SmsDeliveryReport = item.success
            ? { delivered: true }
            : { delivered: false, reason: reasonOf(item.err_msg, item.err_code) };
          await applyDeliveryReceipt(db, { provider, providerRef: item.biz_id, report });
        }
        return reply.send({ code: 0, msg: '接收成功' });
      },
    );
  }

  if (settings.provider === 'tencent') {
    app.post(
      '/api/v1/sms/receipts/tencent/:token',
      { ...route, schema: { params: tokenParams, body: tencentReport } },
      async (request, reply) => {
        checkToken((request.params as Static<typeof tokenParams>).token);
        for (const item of request.body as Static<typeof tencentReport>) {
          const report: SmsDeliveryReport =
            item.report_status === 'SUCCESS'
              ? { delivered: true }
              : { delivered: false, reason: reasonOf(item.description, item.errmsg) };
          await applyDeliveryReceipt(db, { provider, providerRef: item.sid, report });
        }
        return reply.send({ result: 0, errmsg: 'OK' });
      },
    );
  }
}
