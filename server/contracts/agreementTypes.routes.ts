import type { FastifyInstance } from 'fastify';
import { agreementTypes } from '../../resources/agreementTypes';
import { adminContracts, merchantContracts } from '../../resources/contracts';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import {
  agreementTypeChoicesSchema,
  agreementTypesOfEnterpriseSchema,
  updateAgreementTypeSchema,
} from './agreementTypes.schemas';

/**
 * The spec's agreement-type calls (§7) beside the engine's CRUD of agreementTypes.binding.ts:
 * - POST /api/v1/agreementTemplateType/updateAgreementType { id?, name?, sort?, status? }  adds a type (no id) or
 *   changes one (name, sort, 启用 1 / 停用 0); answers the type;
 * - GET  /api/v1/agreementTemplateType/findSignByEnterpriseId?enterpriseId=  the enabled types the enterprise has a
 *   template of: what a merchant can sign with it;
 * - GET  /api/v1/agreementTemplateType/choices  every enabled type as [{ id, name }] (pickers).
 */
interface AgreementType {
  id: number;
  name: string;
  sort: number;
  status: number;
  createTime: string;
  updateTime: string;
}

async function typeOf(db: Db, id: number): Promise<AgreementType | undefined> {
  const row = await db.selectFrom('agreement_types').selectAll().where('id', '=', id).executeTakeFirst();
  return row
    ? {
        id: Number(row.id),
        name: row.name,
        sort: row.sort,
        status: row.status,
        createTime: row.create_time,
        updateTime: row.update_time,
      }
    : undefined;
}

/** An enabled agreement type's name, or undefined: what a new template or contract may be of. */
export async function enabledAgreementType(db: Db, id: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('agreement_types')
    .select('name')
    .where('id', '=', id)
    .where('status', '=', 1)
    .executeTakeFirst();
  return row?.name;
}

async function nameTaken(db: Db, name: string, exceptId?: number): Promise<boolean> {
  const row = await db
    .selectFrom('agreement_types')
    .select('id')
    .where('name', '=', name)
    .$if(exceptId !== undefined, (query) => query.where('id', '!=', exceptId as number))
    .executeTakeFirst();
  return row !== undefined;
}

export async function agreementTypesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const manage = { config: { access: { permissions: agreementTypes.permissions.list } } };
  // Who reads types: the template managers and whoever sees contracts (merchants choose what to sign).
  const read = {
    config: {
      access: {
        permissions: [
          ...agreementTypes.permissions.list,
          ...merchantContracts.permissions.list,
          ...adminContracts.permissions.list,
        ],
      },
    },
  };

  app.post(
    '/api/v1/agreementTemplateType/updateAgreementType',
    { ...manage, schema: updateAgreementTypeSchema },
    async (request) => {
      const auth = requireAuth(request);
      const body = request.body as { id?: number; name?: string; sort?: number; status?: 0 | 1 };
      const name = body.name?.trim();
      if (body.name !== undefined && !name) fail('请输入类型名称');
      const now = chinaTime();
      const id = await db.transaction().execute(async (trx) => {
        if (body.id === undefined) {
          if (!name) fail('请输入类型名称');
          if (await nameTaken(trx, name)) fail('该协议类型已存在');
          const values = { name, sort: body.sort ?? 0, status: body.status ?? 1, create_time: now, update_time: now };
          const row = await trx.insertInto('agreement_types').values(values).returning('id').executeTakeFirstOrThrow();
          const created = Number(row.id);
          await recordOperation(trx, request, auth, {
            action: 'create',
            resource: agreementTypes.name,
            recordId: created,
            changes: changesBetween(null, { name, sort: values.sort, status: values.status }),
          });
          return created;
        }
        const before = await typeOf(trx, body.id);
        if (!before) fail('协议类型不存在');
        if (name && (await nameTaken(trx, name, body.id))) fail('该协议类型已存在');
        const set = {
          ...(name ? { name } : {}),
          ...(body.sort !== undefined ? { sort: body.sort } : {}),
          ...(body.status !== undefined ? { status: body.status } : {}),
        };
        if (Object.keys(set).length === 0) fail('请填写要修改的内容');
        await trx
          .updateTable('agreement_types')
          .set({ ...set, update_time: now })
          .where('id', '=', body.id)
          .execute();
        const after = await typeOf(trx, body.id);
        await recordOperation(trx, request, auth, {
          action: 'update',
          resource: agreementTypes.name,
          recordId: body.id,
          changes: changesBetween({ ...before }, after ? { ...after } : null),
        });
        return body.id;
      });
      return ok(await typeOf(db, id), '保存成功');
    },
  );

  app.get(
    '/api/v1/agreementTemplateType/findSignByEnterpriseId',
    { ...read, schema: agreementTypesOfEnterpriseSchema },
    async (request) => {
      const { enterpriseId } = request.query as { enterpriseId: number };
      const rows = await db
        .selectFrom('agreement_types')
        .select(['agreement_types.id', 'agreement_types.name'])
        .where('agreement_types.status', '=', 1)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('agreement_templates')
              .select('agreement_templates.id')
              .whereRef('agreement_templates.type', '=', 'agreement_types.id')
              .where('agreement_templates.entid', '=', enterpriseId),
          ),
        )
        .orderBy('agreement_types.sort')
        .orderBy('agreement_types.id')
        .execute();
      return ok(rows.map((row) => ({ id: Number(row.id), name: row.name })));
    },
  );

  app.get('/api/v1/agreementTemplateType/choices', { ...read, schema: agreementTypeChoicesSchema }, async () => {
    const rows = await db
      .selectFrom('agreement_types')
      .select(['id', 'name'])
      .where('status', '=', 1)
      .orderBy('sort')
      .orderBy('id')
      .execute();
    return ok(rows.map((row) => ({ id: Number(row.id), name: row.name })));
  });
}
