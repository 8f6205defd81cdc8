import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { maskIdCard } from '../../src/domain/masking';
import { isValidNationalId } from '../../src/domain/payees';
import { BATCH_MAX_BYTES } from '../../src/domain/payoutBatch';
import { ROLE } from '../../src/domain/roles';
import { TEMPLATE_EXAMPLE_PERSON } from '../../src/domain/templateExample';
import {
  SIGN_STATUS,
  WORKER_COLUMNS,
  WORKER_MSG,
  WORKER_SOURCE,
  type WorkerField,
  type WorkerImportKind,
} from '../../src/domain/workers';
import type { AppServices } from '../appServices';
import { type AuthContext, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { chinaTime } from '../db/time';
import { recordOperation } from '../engine/operationLog';
import { attachmentDisposition } from '../files/fileStore';
import { cleanFileName } from '../files/fileTypes';
import { importTemplateCsv, importTemplateXlsx } from '../files/importTemplate';
import { uploadedBatchFile } from '../http/batchUpload';
import { bodyFields, fieldText } from '../http/bodyFields';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import { pageOf, parseListQuery } from '../http/listQuery';
import type { RawBatchRow } from '../money/payouts/batchFile';
import { BatchFileError, BatchLimitError } from '../money/payouts/batchFileErrors';
import { parseSheetIsolated } from '../money/payouts/batchParser';
import { bigBearRoutes } from './bigBear.routes';
import { esignFlowRoutes } from './esignFlow.routes';
import { configureWorkerIdKey, workerIdKey } from './identity';
import { identityCheckOf } from './identityCheck';
import { payoutTemplateRoutes } from './payoutTemplate.routes';
import { signInvitationRoutes } from './signInvitations.routes';
import { signingPageRoutes } from './signingPage.routes';
import { signLinkRoutes } from './signLink.routes';
import { workerAgreementsRoutes } from './workerAgreements.routes';
import {
  createSchema,
  importSchema,
  laborListSchema,
  templateSchema,
  whitelistAddSchema,
  whitelistRemoveSchema,
  whitelistSchema,
} from './workers.schemas';
import { checkWorkerRows, fillMissingKeys, insertWorkers } from './workers.service';

/**
 * Hand-written worker routes (the lists are workers.binding.ts): the import of a sheet (灵工导入 / 劳务人员导入 /
 * 推荐人导入) through the payout upload's parser threads and caps with its row table of errors, its template,
 * adding one worker by hand, the payout whitelist (/api/v1/company/employee/whitelist) and GET /api/v1/labor/list.
 */

const KINDS: Readonly<Record<WorkerImportKind, { source: number; codes: readonly string[] }>> = {
  sign: { source: WORKER_SOURCE.signImport, codes: ['MER_IMPORT_EMPLOYEE'] },
  labor: { source: WORKER_SOURCE.laborImport, codes: ['MER_EMPLOYEE_LIST'] },
  referer: { source: WORKER_SOURCE.refererImport, codes: ['MER_EMPLOYEE_LIST'] },
};
const ANY_WORKER_CODE = { config: { access: { permissions: ['MER_IMPORT_EMPLOYEE', 'MER_EMPLOYEE_LIST'] } } };
const WHITELIST = { config: { access: { permissions: ['MER_IMPORT_EMPLOYEE'] } } };
const LABOR = { config: { access: { permissions: ['MER_EMPLOYEE_LIST'] } } };

interface MerchantAuth extends AuthContext {
  companyId: number;
}

function merchantOf(request: FastifyRequest): MerchantAuth {
  const auth = requireAuth(request);
  if (auth.roleId !== ROLE.merchant || auth.companyId === null)
    throw new ForbiddenError('仅商户账号可以管理本公司人员');
  return auth as MerchantAuth;
}

function kindOf(request: FastifyRequest, auth: AuthContext): WorkerImportKind {
  const kind = (request.params as { kind?: string }).kind ?? '';
  if (!(kind in KINDS)) fail('导入类型只能是 sign、labor 或 referer');
  const typed = kind as WorkerImportKind;
  if (!KINDS[typed].codes.some((code) => auth.authorities.has(code))) throw new ForbiddenError('无权限访问此页面！');
  return typed;
}

function rowErrors(errors: { rowNo: number; field: WorkerField; message: string }[], rowCount: number): never {
  const bad = new Set(errors.map((error) => error.rowNo)).size;
  throw new BusinessError(WORKER_MSG.badRows(bad), CODE_BUSINESS_ERROR, { errors, badRowCount: bad, rowCount });
}

const TEMPLATE_EXAMPLE: Readonly<Record<WorkerField, string>> = {
  ...TEMPLATE_EXAMPLE_PERSON,
  bankName: '中国工商银行',
  referrer: '李四',
  method: '银行卡',
  alipayAccount: '',
};

async function importRoutes(app: FastifyInstance, { db, config }: AppServices): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: BATCH_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });
  const verifier = identityCheckOf(db, config);

  app.post('/api/v1/workers/import/:kind', { ...ANY_WORKER_CODE, schema: importSchema }, async (request) => {
    const auth = merchantOf(request);
    const kind = kindOf(request, auth);
    const file = await uploadedBatchFile(request);
    const fileName = cleanFileName(file.name) || 'workers';
    let raw: RawBatchRow<WorkerField>[];
    try {
      raw = await parseSheetIsolated<WorkerField>(fileName, file.content, 'workers');
    } catch (error) {
      if (error instanceof BatchLimitError) {
        request.log.warn(
          { limit: error.limit, bytes: file.content.length, companyId: auth.companyId },
          '人员导入文件超出解析限制，已拒绝',
        );
      }
      if (error instanceof BatchFileError) fail(error.message);
      throw error;
    }
    const { people, errors } = await checkWorkerRows(db, raw, {
      companyId: auth.companyId,
      kind,
      idKey: config.idKey,
      verifier,
    });
    if (errors.length > 0) rowErrors(errors, raw.length);
    const ids = await db.transaction().execute(async (tx) => {
      const inserted = await insertWorkers(tx, people, {
        companyId: auth.companyId,
        platformMark: auth.platformMark,
        source: KINDS[kind].source,
        operator: auth.displayName,
        idKey: config.idKey,
      });
      await recordOperation(tx, request, auth, {
        action: 'import',
        resource: kind === 'sign' ? 'signUser' : `${kind}Import`,
        recordId: null,
        changes: { fileName: [null, fileName], count: [null, inserted.length] },
      });
      return inserted;
    });
    return ok({ count: ids.length, rowCount: raw.length }, WORKER_MSG.imported(ids.length));
  });
}

export async function workersRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config } = services;
  configureWorkerIdKey(config.idKey);
  app.addHook('onReady', async () => {
    await fillMissingKeys(db, config.idKey);
  });
  await app.register(async (scope) => importRoutes(scope, services));
  await signLinkRoutes(app, services);
  await signingPageRoutes(app, services);
  await workerAgreementsRoutes(app, services);
  if (services.config.esign.provider === 'esign') await esignFlowRoutes(app, services, services.config.esign);
  await bigBearRoutes(app, services);
  await payoutTemplateRoutes(app, services);
  await signInvitationRoutes(app, services);
  const verifier = identityCheckOf(db, config);

  app.get('/api/v1/workers/template', { ...ANY_WORKER_CODE, schema: templateSchema }, async (request, reply) => {
    const query = request.query as { format?: string; kind?: string };
    const format = query.format ?? 'xlsx';
    if (format !== 'xlsx' && format !== 'csv') fail('模板格式只能是 xlsx 或 csv');
    const columns = WORKER_COLUMNS.filter((column) => column.field !== 'referrer' || query.kind === 'referer');
    const templateColumns = columns.map((column) => ({
      key: column.field,
      header: column.header,
      width: 22,
      text: true,
    }));
    const content =
      format === 'xlsx'
        ? await importTemplateXlsx({ dataSheet: '人员', columns: templateColumns, example: TEMPLATE_EXAMPLE })
        : importTemplateCsv(templateColumns);
    return reply
      .header(
        'content-type',
        format === 'xlsx'
          ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
          : 'text/csv; charset=utf-8',
      )
      .header('content-disposition', attachmentDisposition(`人员导入模板.${format}`))
      .send(content);
  });

  /** One worker by hand, checked like an import row (one-row table of errors). */
  app.post('/api/v1/workers', { ...ANY_WORKER_CODE, schema: createSchema }, async (request) => {
    const auth = merchantOf(request);
    const body = bodyFields(request.body);
    const kindText = fieldText(body.kind) || 'sign';
    if (!(kindText in KINDS)) fail('导入类型只能是 sign、labor 或 referer');
    const kind = kindText as WorkerImportKind;
    if (!KINDS[kind].codes.some((code) => auth.authorities.has(code))) throw new ForbiddenError('无权限访问此页面！');
    const values = Object.fromEntries(
      WORKER_COLUMNS.map((column) => [column.field, fieldText(body[column.field]).slice(0, 64)]),
    ) as Record<WorkerField, string>;
    const { people, errors } = await checkWorkerRows(db, [{ rowNo: 1, values, cellErrors: [] }], {
      companyId: auth.companyId,
      kind,
      idKey: config.idKey,
      verifier,
    });
    if (errors.length > 0) {
      throw new BusinessError(errors[0].message, CODE_BUSINESS_ERROR, {
        errors: Object.fromEntries(errors.map((error) => [error.field, error.message])),
      });
    }
    const [id] = await db.transaction().execute(async (tx) => {
      const inserted = await insertWorkers(tx, people, {
        companyId: auth.companyId,
        platformMark: auth.platformMark,
        source: WORKER_SOURCE.manual,
        operator: auth.displayName,
        idKey: config.idKey,
      });
      await recordOperation(tx, request, auth, {
        action: 'create',
        resource: 'signUser',
        recordId: inserted[0],
        changes: { name: [null, people[0].name], idCard: [null, maskIdCard(people[0].idCard)] },
      });
      return inserted;
    });
    return ok(
      { id, name: people[0].name, idMasked: maskIdCard(people[0].idCard), signStatus: SIGN_STATUS.pending },
      '新增成功',
    );
  });

  // --- Whitelist: payees the company may pay without a signed agreement -----------------------------------

  app.get('/api/v1/company/employee/whitelist', { ...WHITELIST, schema: whitelistSchema }, async (request) => {
    const auth = merchantOf(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, {
      filterKeys: ['name'],
      sortFields: [],
    });
    let query = db.selectFrom('worker_whitelist').where('company_id', '=', auth.companyId);
    if (list.filters.name) query = query.where('name', 'like', `%${list.filters.name.replace(/[%_\\]/g, '')}%`);
    const [rows, count] = await Promise.all([
      query
        .select(['id', 'name', 'id_masked as idMasked', 'remark', 'operator', 'create_time as createTime'])
        .orderBy('id', 'desc')
        .limit(list.size)
        .offset(list.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      pageOf(
        rows.map((row) => ({ ...row, id: Number(row.id) })),
        Number(count.n),
        list,
      ),
    );
  });

  app.post('/api/v1/company/employee/whitelist', { ...WHITELIST, schema: whitelistAddSchema }, async (request) => {
    const auth = merchantOf(request);
    const body = bodyFields(request.body);
    const name = fieldText(body.name);
    const idCard = fieldText(body.idCard).toUpperCase();
    const remark = fieldText(body.remark);
    const errors: Record<string, string> = {};
    if ([...name].length < 2 || [...name].length > 20) errors.name = '姓名应为2-20个字符';
    if (!isValidNationalId(idCard)) errors.idCard = '身份证号格式或校验位不正确';
    if ([...remark].length > 200) errors.remark = '备注不能超过200个字符';
    if (Object.keys(errors).length > 0) {
      throw new BusinessError(Object.values(errors)[0], CODE_BUSINESS_ERROR, { errors });
    }
    const row = await db.transaction().execute(async (tx) => {
      const inserted = await tx
        .insertInto('worker_whitelist')
        .values({
          company_id: auth.companyId,
          name,
          id_key: workerIdKey(config.idKey, idCard),
          id_masked: maskIdCard(idCard),
          remark: remark || null,
          operator: auth.displayName,
          create_time: chinaTime(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
        .catch((error) => {
          if (isUniqueViolation(error)) fail(WORKER_MSG.whitelistExists);
          throw error;
        });
      await recordOperation(tx, request, auth, {
        action: 'create',
        resource: 'whitelist',
        recordId: Number(inserted.id),
        changes: { name: [null, name], idCard: [null, maskIdCard(idCard)] },
      });
      return inserted;
    });
    return ok({ id: Number(row.id), name, idMasked: maskIdCard(idCard) }, '已加入白名单');
  });

  app.delete(
    '/api/v1/company/employee/whitelist/:id',
    { ...WHITELIST, schema: whitelistRemoveSchema },
    async (request) => {
      const auth = merchantOf(request);
      const id = parseId((request.params as { id: string }).id, '白名单编号');
      await db.transaction().execute(async (tx) => {
        const row = await tx
          .selectFrom('worker_whitelist')
          .select(['company_id', 'name', 'id_masked'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) fail(WORKER_MSG.whitelistNotFound);
        if (Number(row.company_id) !== auth.companyId) throw new ForbiddenError('无权访问其他公司的数据');
        await tx.deleteFrom('worker_whitelist').where('id', '=', id).execute();
        await recordOperation(tx, request, auth, {
          action: 'delete',
          resource: 'whitelist',
          recordId: id,
          changes: { name: [row.name, null], idCard: [row.id_masked, null] },
        });
      });
      return ok(null, '已移出白名单');
    },
  );

  /** GET /api/v1/labor/list: the company's labour workers (劳务人员导入), masked, paged. */
  app.get('/api/v1/labor/list', { ...LABOR, schema: laborListSchema }, async (request) => {
    const auth = merchantOf(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, {
      filterKeys: ['name', 'signStatus'],
      sortFields: [],
    });
    let query = db
      .selectFrom('workers')
      .where('company_id', '=', auth.companyId)
      .where('source', '=', WORKER_SOURCE.laborImport);
    if (list.filters.name) query = query.where('name', 'like', `%${list.filters.name.replace(/[%_\\]/g, '')}%`);
    if (list.filters.signStatus !== undefined) {
      const status = Number(list.filters.signStatus);
      if (![0, 1, 2].includes(status)) fail('签约状态只能是 0、1 或 2');
      query = query.where('sign_status', '=', status);
    }
    const [rows, count] = await Promise.all([
      query
        .select([
          'id',
          'name',
          'id_masked as idMasked',
          'mobile',
          'bank_name as bankName',
          'sign_status as signStatus',
          'create_time as createTime',
        ])
        .orderBy('id', 'desc')
        .limit(list.size)
        .offset(list.offset)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
    ]);
    return ok(
      pageOf(
        rows.map((row) => ({ ...row, id: Number(row.id), signStatus: Number(row.signStatus) })),
        Number(count.n),
        list,
      ),
    );
  });
}
