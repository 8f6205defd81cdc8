import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ATTEMPT_TRIGGER,
  WEBHOOK_SETTINGS_MSG as MSG,
  WEBHOOK_KIND,
  type WebhookKind,
} from '../../src/domain/merchantWebhooks';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { checkTarget, type GuardOptions } from './addressGuard';
import { type AttemptResult, newSecret, sendNow } from './delivery';
import { insertDelivery } from './events';
import {
  attemptsSchema,
  readSettingsSchema,
  resendSchema,
  saveSettingsSchema,
  secretSchema,
  testSchema,
} from './webhooks.schemas';

/**
 * 消息推送, besides the engine's lists of deliveries (webhooks.binding.ts):
 * - GET  /api/v1/webhooks/settings                  the merchant's addresses and its secret's first characters;
 * - PUT  /api/v1/webhooks/settings { payoutUrl, signingUrl, invoiceUrl }   saved once each passes addressGuard;
 * - POST /api/v1/webhooks/secret                    a new signing secret, answered once (the main account only);
 * - POST /api/v1/webhooks/test { kind }             a test event to that kind's address, sent now;
 * - GET  /api/v1/webhooks/deliveries/:id/attempts   each attempt of one of the company's deliveries;
 * - POST /api/v1/webhooks/deliveries/:id/resend     重新推送 of one of them;
 * - GET  /api/v1/adwebhooks/deliveries/:id/attempts, POST /api/v1/adwebhooks/deliveries/:id/resend   the same for
 *   staff (UI_LN_ENTERPRISE), inside their data scope.
 * Every write is in the operation log; the secret never is (its first characters are).
 */
const ADMIN = { config: { access: { permissions: ['UI_LN_ENTERPRISE'] } } };
const URL_FIELDS = ['payoutUrl', 'signingUrl', 'invoiceUrl'] as const;
const COLUMN = { payoutUrl: 'payout_url', signingUrl: 'signing_url', invoiceUrl: 'invoice_url' } as const;
const KIND_OF_FIELD = {
  payoutUrl: WEBHOOK_KIND.payout,
  signingUrl: WEBHOOK_KIND.signing,
  invoiceUrl: WEBHOOK_KIND.invoice,
} as const;
const FIELD_LABEL = { payoutUrl: '打款结果推送地址', signingUrl: '签约结果推送地址', invoiceUrl: '发票开具推送地址' };
const SECRET_PREFIX = 10;

function merchantCompany(auth: AuthContext): number {
  if (auth.companyId === null || auth.roleId !== ROLE.merchant) fail(MSG.merchantOnly);
  return auth.companyId;
}

/** The company of a merchant's main account: sub-accounts read the settings but do not change them. */
async function ownerCompany(db: Db, auth: AuthContext): Promise<number> {
  const companyId = merchantCompany(auth);
  const user = await db.selectFrom('users').select('parent_user_id').where('id', '=', auth.userId).executeTakeFirst();
  if (!user || user.parent_user_id !== null) fail(MSG.ownerOnly);
  return companyId;
}

async function settingsOf(db: Db, companyId: number) {
  const row = await db
    .selectFrom('webhook_settings')
    .selectAll()
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return {
    payoutUrl: row?.payout_url ?? '',
    signingUrl: row?.signing_url ?? '',
    invoiceUrl: row?.invoice_url ?? '',
    hasSecret: Boolean(row?.secret),
    secretPrefix: row?.secret_prefix ? `${row.secret_prefix}…` : '',
    secretTime: row?.secret_time ?? '',
    updateTime: row?.update_time ?? '',
  };
}

async function ensureRow(db: Db, companyId: number, now: string): Promise<void> {
  await db
    .insertInto('webhook_settings')
    .values({ company_id: companyId, update_time: now })
    .onConflict((conflict) => conflict.column('company_id').doNothing())
    .execute();
}

const body = (request: FastifyRequest) =>
  request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

function resultMessage(result: AttemptResult): string {
  if (result.delivered) return `${MSG.resent}（HTTP ${result.httpStatus}）`;
  return `${MSG.resendFailed}：${result.error ?? '未知原因'}`;
}

export async function webhooksRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  const guard: GuardOptions = { allowedHosts: config.webhookAllowedHosts };

  app.get('/api/v1/webhooks/settings', { schema: readSettingsSchema }, async (request) => {
    const auth = requireAuth(request);
    return ok(await settingsOf(db, merchantCompany(auth)));
  });

  app.put('/api/v1/webhooks/settings', { schema: saveSettingsSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = await ownerCompany(db, auth);
    const given = body(request);
    const next: Record<(typeof URL_FIELDS)[number], string | null> = {
      payoutUrl: null,
      signingUrl: null,
      invoiceUrl: null,
    };
    for (const field of URL_FIELDS) {
      const raw = typeof given[field] === 'string' ? (given[field] as string).trim() : '';
      if (!raw) continue;
      const checked = await checkTarget(raw, guard);
      if (!checked.ok) fail(`${FIELD_LABEL[field]}：${checked.reason}`);
      next[field] = raw;
    }
    const before = await settingsOf(db, companyId);
    const now = chinaTime();
    await db.transaction().execute(async (tx) => {
      await ensureRow(tx, companyId, now);
      await tx
        .updateTable('webhook_settings')
        .set({
          [COLUMN.payoutUrl]: next.payoutUrl,
          [COLUMN.signingUrl]: next.signingUrl,
          [COLUMN.invoiceUrl]: next.invoiceUrl,
          update_time: now,
        })
        .where('company_id', '=', companyId)
        .execute();
      await recordOperation(tx, request, auth, {
        action: 'update',
        resource: 'openWebhooks',
        recordId: companyId,
        changes: changesBetween(
          { payoutUrl: before.payoutUrl, signingUrl: before.signingUrl, invoiceUrl: before.invoiceUrl },
          { payoutUrl: next.payoutUrl ?? '', signingUrl: next.signingUrl ?? '', invoiceUrl: next.invoiceUrl ?? '' },
        ),
      });
    });
    return ok(await settingsOf(db, companyId), MSG.saved);
  });

  app.post('/api/v1/webhooks/secret', { schema: secretSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = await ownerCompany(db, auth);
    const secret = newSecret();
    const prefix = secret.slice(0, SECRET_PREFIX);
    const before = await settingsOf(db, companyId);
    const now = chinaTime();
    await db.transaction().execute(async (tx) => {
      await ensureRow(tx, companyId, now);
      await tx
        .updateTable('webhook_settings')
        .set({ secret, secret_prefix: prefix, secret_time: now, update_time: now })
        .where('company_id', '=', companyId)
        .execute();
      await recordOperation(tx, request, auth, {
        action: before.hasSecret ? 'regenerateSecret' : 'createSecret',
        resource: 'openWebhooks',
        recordId: companyId,
        changes: changesBetween({ secretPrefix: before.secretPrefix }, { secretPrefix: `${prefix}…` }),
      });
    });
    return ok({ secret, secretPrefix: `${prefix}…` }, MSG.secretIssued);
  });

  app.post('/api/v1/webhooks/test', { schema: testSchema }, async (request) => {
    const auth = requireAuth(request);
    const companyId = merchantCompany(auth);
    const kind = Number(body(request).kind) as WebhookKind;
    const settings = await settingsOf(db, companyId);
    const field = URL_FIELDS.find((name) => KIND_OF_FIELD[name] === kind);
    if (!field) fail('请选择消息类型');
    if (!settings[field]) fail(MSG.noUrl);
    if (!settings.hasSecret) fail(MSG.noSecret);
    const now = Date.now();
    const deliveryId = await db.transaction().execute(async (tx) => {
      const id = await insertDelivery(
        tx,
        { companyId, kind, type: 'webhook.test', recordId: 0, data: { message: '这是一条测试消息', kind } },
        now,
      );
      // A test is sent now, by this request; the job does not pick it up.
      await tx.updateTable('webhook_deliveries').set({ next_time: null }).where('id', '=', id).execute();
      await recordOperation(tx, request, auth, {
        action: 'test',
        resource: 'openWebhooks',
        recordId: id,
        changes: changesBetween(null, { kind, url: settings[field] }),
      });
      return id;
    });
    const result = await sendNow(db, deliveryId, ATTEMPT_TRIGGER.test, auth.displayName, guard, now);
    if (!result) fail(MSG.busy);
    const message = result.delivered
      ? `${MSG.testSent}（HTTP ${result.httpStatus}）`
      : `测试消息推送失败：${result.error ?? '未知原因'}`;
    return ok({ deliveryId, result }, message);
  });

  /** The delivery, if the caller may see it: a merchant its own company's, staff those of companies in scope. */
  async function visibleDelivery(auth: AuthContext, raw: unknown, asStaff: boolean) {
    const id = parseId(raw, '推送记录编号');
    const row = await db
      .selectFrom('webhook_deliveries')
      .select(['id', 'company_id', 'event_id', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) fail(MSG.notFound);
    if (asStaff) await assertCompanyVisible(db, auth, Number(row.company_id));
    else if (Number(row.company_id) !== merchantCompany(auth)) fail(MSG.notFound);
    return row;
  }

  const attemptsOf = async (deliveryId: number) =>
    (
      await db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', '=', deliveryId)
        .orderBy('id', 'desc')
        .limit(50)
        .execute()
    ).map((row) => ({
      id: Number(row.id),
      trigger: Number(row.trigger),
      operator: row.operator,
      url: row.url,
      httpStatus: row.http_status === null ? null : Number(row.http_status),
      outcome: Number(row.outcome),
      error: row.error,
      durationMs: Number(row.duration_ms),
      requestExcerpt: row.request_excerpt,
      responseExcerpt: row.response_excerpt,
      createTime: row.create_time,
    }));

  const resend = (asStaff: boolean, resource: string) => async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const row = await visibleDelivery(auth, (request.params as { id: string }).id, asStaff);
    const result = await sendNow(db, Number(row.id), ATTEMPT_TRIGGER.resend, auth.displayName, guard);
    if (!result) fail(MSG.busy);
    await recordOperation(db, request, auth, {
      action: 'resend',
      resource,
      recordId: Number(row.id),
      changes: changesBetween(null, { eventId: row.event_id, httpStatus: result.httpStatus, error: result.error }),
    });
    if (!result.delivered) fail(resultMessage(result));
    return ok(result, resultMessage(result));
  };

  app.get('/api/v1/webhooks/deliveries/:id/attempts', { schema: attemptsSchema }, async (request) => {
    const auth = requireAuth(request);
    const row = await visibleDelivery(auth, (request.params as { id: string }).id, false);
    return ok(await attemptsOf(Number(row.id)));
  });
  app.post('/api/v1/webhooks/deliveries/:id/resend', { schema: resendSchema }, resend(false, 'openWebhooks'));
  app.get('/api/v1/adwebhooks/deliveries/:id/attempts', { ...ADMIN, schema: attemptsSchema }, async (request) => {
    const auth = requireAuth(request);
    const row = await visibleDelivery(auth, (request.params as { id: string }).id, true);
    return ok(await attemptsOf(Number(row.id)));
  });
  app.post(
    '/api/v1/adwebhooks/deliveries/:id/resend',
    { ...ADMIN, schema: resendSchema },
    resend(true, 'adWebhookDeliveries'),
  );
}
