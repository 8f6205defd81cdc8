import path from 'node:path';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { canAccessRoute } from '../../src/domain/permissions';
import { ROLE } from '../../src/domain/roles';
import { findRoute } from '../../src/domain/routes';
import { DOWNLOAD_STATUS, DOWNLOAD_STATUS_CHOICES, SIGN_STATUS } from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { assertCompanyVisible } from '../auth/scope';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { attachmentDisposition } from '../files/fileStore';
import { openGeneratedFile } from '../files/generatedFiles';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { Answers, Fields, FileAnswer, Query } from '../http/schemas/formats';
import { bigBearWorker, companyRouteFlags } from './bigBear';
import { downloadQueue } from './downloadJobs';

/**
 * /bigBearOverview (大熊人员概览, merchant) and /adSignUserBigBear (大熊信息下载, staff): the counts of a company's
 * workers signed with 大熊 enterprises, and the download jobs of a company's worker information and signed
 * agreements (spec §7: POST /api/v1/enterprises/download/{enterpriseid}/{status}, GET downloadstatus/{id}).
 * The lists themselves are on the resource engine (resources/workers.ts).
 */

const DOWNLOAD_CODE = 'UI_INFORMATION_DOWNLOAD_BEAR';
const DOWNLOAD = { config: { access: { permissions: [DOWNLOAD_CODE] } } };
const OVERVIEW_RULE = findRoute('/bigBearOverview');

const ID = Type.String({ pattern: '^[1-9][0-9]{0,15}$' });
const job = Fields({
  id: 'integer',
  companyId: 'integer',
  companyName: 'string',
  enterpriseName: 'string',
  status: 'integer',
  statusName: 'string',
  workerCount: 'integer',
  agreementCount: 'integer',
  createTime: 'string',
});
const startSchema = {
  summary: '发起大熊人员信息下载（后台生成）',
  querystring: Query({}),
  response: Answers(job),
  params: Type.Object({
    enterpriseid: Type.String({ pattern: '^[0-9]{1,16}$' }),
    status: Type.Union([Type.Literal('all'), Type.Literal('0'), Type.Literal('1'), Type.Literal('2')]),
  }),
  body: Type.Object(
    { companyId: Type.Union([ID, Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER })]) },
    { additionalProperties: false },
  ),
};
const statusSchema = {
  summary: '大熊人员信息下载的进度',
  params: Type.Object({ id: ID }),
  querystring: Query({}),
  response: Answers(job),
};
const fileSchema = {
  summary: '下载生成好的大熊人员信息压缩包',
  params: Type.Object({ id: ID }),
  querystring: Query({}),
  response: FileAnswer(['application/zip'], '人员信息压缩包'),
};
const summarySchema = {
  summary: '大熊人员概览：签约人数与服务主体',
  querystring: Query({}),
  response: Answers(
    Fields({
      total: 'integer',
      pending: 'integer',
      signed: 'integer',
      rescinded: 'integer',
      enterprises: Type.Array(Fields({ id: 'integer', name: 'string', uploadEnabled: 'integer', count: 'integer' })),
    }),
  ),
};
const enterprisesSchema = {
  summary: '大熊服务主体',
  querystring: Query({}),
  response: Answers(Type.Array(Fields({ id: 'integer', name: 'string' }))),
};

export const BIG_BEAR_MSG = {
  overviewDenied: '贵公司未开通大熊人员服务',
  noEnterprise: '所选服务主体不是大熊服务主体',
  started: '下载任务已创建，正在后台生成',
  notDone: '下载文件尚未生成完成',
  gone: '下载文件不存在，请重新发起下载',
} as const;

/** The merchant may open /bigBearOverview (its codes and the company's flags, as the menu decides). */
async function overviewCompany(db: AppServices['db'], auth: AuthContext): Promise<number> {
  if (auth.roleId !== ROLE.merchant || auth.companyId === null) throw new ForbiddenError(BIG_BEAR_MSG.overviewDenied);
  const [flags, account] = await Promise.all([
    companyRouteFlags(db, auth.companyId),
    db.selectFrom('users').select('parent_user_id').where('id', '=', auth.userId).executeTakeFirst(),
  ]);
  const subAccount = account?.parent_user_id !== null && account?.parent_user_id !== undefined;
  const user = {
    id: auth.userId,
    authorities: [...auth.authorities].map((authority) => ({ authority })),
    properties: { cid: auth.companyId, ctyp: null, rid: auth.roleId, cnam: '', subid: auth.subid },
  };
  if (!OVERVIEW_RULE || !canAccessRoute(user, OVERVIEW_RULE, { ...flags, subAccount }))
    throw new ForbiddenError(BIG_BEAR_MSG.overviewDenied);
  return auth.companyId;
}

export async function bigBearRoutes(app: FastifyInstance, { db, config, files }: AppServices): Promise<void> {
  const queue = downloadQueue(db, { files, scratch: path.join(config.dataDir, 'tmp') });
  app.addHook('onReady', async () => {
    await queue.resume();
  });

  /** The overview's figures: the company's 大熊 workers by sign status and by enterprise. */
  app.get('/api/v1/workers/bigbear/summary', { schema: summarySchema }, async (request) => {
    const companyId = await overviewCompany(db, requireAuth(request));
    const rows = await db
      .selectFrom('workers')
      .leftJoin('enterprises', 'enterprises.id', 'workers.enterprise_id')
      .select(['workers.enterprise_id', 'enterprises.name', 'enterprises.upload_enabled', 'workers.sign_status'])
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('workers.company_id', '=', companyId)
      .where((eb) => bigBearWorker(eb))
      .groupBy(['workers.enterprise_id', 'enterprises.name', 'enterprises.upload_enabled', 'workers.sign_status'])
      .execute();
    const counts = { total: 0, pending: 0, signed: 0, rescinded: 0 };
    const enterprises = new Map<number, { id: number; name: string; uploadEnabled: number; count: number }>();
    for (const row of rows) {
      const count = Number(row.count);
      counts.total += count;
      if (Number(row.sign_status) === SIGN_STATUS.pending) counts.pending += count;
      if (Number(row.sign_status) === SIGN_STATUS.signed) counts.signed += count;
      if (Number(row.sign_status) === SIGN_STATUS.rescinded) counts.rescinded += count;
      const id = Number(row.enterprise_id);
      const entry = enterprises.get(id) ?? {
        id,
        name: row.name ?? '',
        uploadEnabled: Number(row.upload_enabled),
        count: 0,
      };
      entry.count += count;
      enterprises.set(id, entry);
    }
    return ok({ ...counts, enterprises: [...enterprises.values()].sort((a, b) => a.id - b.id) });
  });

  /** The 大熊 enterprises, for the download page's choice. */
  app.get('/api/v1/workers/bigbear/enterprises', { ...DOWNLOAD, schema: enterprisesSchema }, async () => {
    const rows = await db
      .selectFrom('enterprises')
      .select(['enterprises.id', 'enterprises.name'])
      .where((eb) =>
        eb(
          'enterprises.id',
          'in',
          eb
            .selectFrom('workers')
            .select('workers.enterprise_id')
            .where((inner) => bigBearWorker(inner)),
        ),
      )
      .orderBy('enterprises.id')
      .execute();
    return ok(rows.map((row) => ({ id: Number(row.id), name: row.name })));
  });

  /** Starts a download job of one company's 大熊 workers (enterpriseid 0: every 大熊 enterprise; status all or a sign status). */
  app.post(
    '/api/v1/enterprises/download/:enterpriseid/:status',
    { ...DOWNLOAD, schema: startSchema },
    async (request) => {
      const auth = requireAuth(request);
      const params = request.params as { enterpriseid: string; status: string };
      const companyId = Number((request.body as { companyId: string | number }).companyId);
      await assertCompanyVisible(db, auth, companyId);
      const enterpriseId = Number(params.enterpriseid) || null;
      if (enterpriseId !== null) {
        const bear = await db
          .selectFrom('enterprises')
          .select('id')
          .where('id', '=', enterpriseId)
          .where((eb) =>
            eb.or([
              eb('upload_enabled', '=', 1),
              eb.exists(
                eb
                  .selectFrom('agreement_templates')
                  .select('agreement_templates.id')
                  .whereRef('agreement_templates.entid', '=', 'enterprises.id')
                  .where('agreement_templates.xiong', '=', 1),
              ),
            ]),
          )
          .executeTakeFirst();
        if (!bear) fail(BIG_BEAR_MSG.noEnterprise);
      }
      const signStatus = params.status === 'all' ? null : Number(params.status);
      const job = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('worker_downloads')
          .values({
            company_id: companyId,
            enterprise_id: enterpriseId,
            sign_status: signStatus,
            status: DOWNLOAD_STATUS.queued,
            create_user: auth.displayName,
            create_time: chinaTime(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordOperation(trx, request, auth, {
          action: 'download',
          resource: 'adSignUserBigBear',
          recordId: Number(row.id),
          changes: { companyId: [null, companyId], enterpriseId: [null, enterpriseId], signStatus: [null, signStatus] },
        });
        return Number(row.id);
      });
      void queue.enqueue(job);
      return ok(await jobOf(request, job), BIG_BEAR_MSG.started);
    },
  );

  const jobOf = async (request: FastifyRequest, id: number) => {
    const auth = requireAuth(request);
    const row = await db
      .selectFrom('worker_downloads')
      .leftJoin('companies', 'companies.id', 'worker_downloads.company_id')
      .leftJoin('enterprises', 'enterprises.id', 'worker_downloads.enterprise_id')
      .selectAll('worker_downloads')
      .select(['companies.name as companyName', 'enterprises.name as enterpriseName'])
      .where('worker_downloads.id', '=', id)
      .executeTakeFirst();
    if (!row) fail('下载任务不存在');
    await assertCompanyVisible(db, auth, Number(row.company_id));
    const status = Number(row.status);
    return {
      id: Number(row.id),
      companyId: Number(row.company_id),
      companyName: row.companyName,
      enterpriseName: row.enterpriseName ?? '全部大熊服务主体',
      signStatus: row.sign_status === null ? null : Number(row.sign_status),
      status,
      statusName: DOWNLOAD_STATUS_CHOICES.find((choice) => choice.id === status)?.name ?? '',
      workerCount: Number(row.worker_count),
      agreementCount: Number(row.agreement_count),
      message: row.message,
      createUser: row.create_user,
      createTime: row.create_time,
      finishTime: row.finish_time,
      url: status === DOWNLOAD_STATUS.done ? `/api/v1/workers/downloads/${row.id}/file` : null,
      fileId: row.file_id === null ? null : Number(row.file_id),
    };
  };

  /** A job's status (the page polls it until 已完成 or 失败). */
  app.get('/api/v1/enterprises/downloadstatus/:id', { ...DOWNLOAD, schema: statusSchema }, async (request) => {
    const job = await jobOf(request, Number((request.params as { id: string }).id));
    const { fileId: _fileId, ...visible } = job;
    return ok(visible);
  });

  /** The finished zip, streamed from disk; each download is in the operation log. */
  app.get('/api/v1/workers/downloads/:id/file', { ...DOWNLOAD, schema: fileSchema }, async (request, reply) => {
    const auth = requireAuth(request);
    const job = await jobOf(request, Number((request.params as { id: string }).id));
    if (job.status !== DOWNLOAD_STATUS.done || job.fileId === null) fail(BIG_BEAR_MSG.notDone);
    const file = await openGeneratedFile(db, files, job.fileId);
    if (!file) fail(BIG_BEAR_MSG.gone);
    await recordOperation(db, request, auth, {
      action: 'downloadFile',
      resource: 'adSignUserBigBear',
      recordId: job.id,
      changes: { companyId: [null, job.companyId], fileId: [null, job.fileId] },
    });
    return reply
      .header('content-type', 'application/zip')
      .header('content-length', String(file.size))
      .header('content-disposition', attachmentDisposition(file.name))
      .header('cache-control', 'private, no-store')
      .send(file.stream);
  });
}
