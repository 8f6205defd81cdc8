import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activateMerchant, smallActivateMerchant } from '../../resources/registrations';
import { creditCodeError } from '../../src/domain/creditCode';
import { placeError } from '../../src/domain/divisions';
import { ROLE } from '../../src/domain/roles';
import { personNameError, validateCompanyName, validateRegisterMobile } from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import { COMPANY_OPERATOR_CODES } from '../companies/operableCompany';
import type { Db } from '../db/database';
import { changesBetween, recordOperation } from '../engine/operationLog';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { checkedReference } from '../references/references.service';
import { DIVISIONS } from './divisions';
import { takeAccountCheck } from './rateCounters';
import { duplicatesOf, findRegistration, type RegistrationRecord } from './registrations.repository';
import { MSG_MOBILE_TAKEN, MSG_NAME_TAKEN } from './registrations.routes';
import {
  agencyOptionsSchema,
  assignServiceSchema,
  modificationSchema,
  readSchema,
  serviceOptionsSchema,
  verifySchema,
} from './registrations.schemas';

/**
 * The registration calls of spec §7 beside registrations.routes.ts:
 * - GET  /api/v1/companies/register/servicename          customer-service accounts a registration may get { id, name };
 * - GET  /api/v1/companies/register/servicename/agency   partner (代理) accounts { id, name };
 * - POST /api/v1/companies/register/serviceid { id, serviceId }   assign a pending registration's customer service;
 * - POST /api/v1/companies/registernewverify { name, businessLicense, mobile }   public: step 3's checks without
 *   registering (format, then whether name or mobile is taken), rate-limited like duplicate/checking;
 * - POST /api/v1/companies/register/:id                   one registration (a read: staff of the activation pages);
 * - POST /api/v1/companies/register/modification/:mark { id, …fields }   edit a registration before activation.
 * A caller with only the small-scale code (UI_XGM_COMPANY_ACTIVATION) handles only edition 3.
 */

const STANDARD = activateMerchant.permissions.list;
const ACTIVATION_CODES = [...STANDARD, ...smallActivateMerchant.permissions.list];
const activation = { config: { access: { permissions: ACTIVATION_CODES } } };
const pickers = { config: { access: { permissions: [...ACTIVATION_CODES, ...COMPANY_OPERATOR_CODES] } } };

type Form = Record<string, unknown>;
const clean = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());
function firstError(...messages: (string | undefined)[]): void {
  const message = messages.find(Boolean);
  if (message) fail(message);
}

/** A pending registration the caller may handle (its edition's code). */
async function pendingRegistration(db: Db, auth: AuthContext, raw: unknown): Promise<RegistrationRecord> {
  const registration = await findRegistration(db, parseId(raw, '注册编号'));
  if (!registration) fail('注册信息不存在');
  if (registration.platformmark !== 3 && !holdsAny(auth, STANDARD)) {
    throw new ForbiddenError('无权处理标准版的注册信息');
  }
  if (registration.status !== 0) fail('该注册信息已处理，只能修改待激活的注册信息');
  return registration;
}

async function accountOptions(db: Db, roleId: number) {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'display_name'])
    .where('role_id', '=', roleId)
    .where('status', '=', 1)
    .orderBy('id')
    .limit(500)
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: row.display_name }));
}

/** The registration columns a modification may change, by the form's field name. */
const EDITABLE = {
  name: 'name',
  legalPersonName: 'legal_person_name',
  linkmanName: 'linkman_name',
  companyNature: 'company_nature',
  companySize: 'company_size',
  businessLicense: 'business_license',
  industryId: 'industry_id',
  province: 'province',
  city: 'city',
  district: 'district',
} as const;

async function logged(
  db: Db,
  request: FastifyRequest,
  auth: AuthContext,
  id: number,
  action: string,
  change: (trx: Db) => Promise<void>,
) {
  await db.transaction().execute(async (trx) => {
    const before = await findRegistration(trx, id);
    await change(trx);
    const after = await findRegistration(trx, id);
    await recordOperation(trx, request, auth, {
      action,
      resource: 'adActivateMerchant',
      recordId: id,
      changes: changesBetween(
        before as Record<string, unknown> | undefined,
        after as Record<string, unknown> | undefined,
      ),
    });
  });
  return findRegistration(db, id);
}

export async function registrationEditsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  app.get('/api/v1/companies/register/servicename', { ...pickers, schema: serviceOptionsSchema }, async (request) => {
    requireAuth(request);
    return ok(await accountOptions(db, ROLE.service));
  });

  app.get(
    '/api/v1/companies/register/servicename/agency',
    { ...pickers, schema: agencyOptionsSchema },
    async (request) => {
      requireAuth(request);
      return ok(await accountOptions(db, ROLE.partner));
    },
  );

  app.post('/api/v1/companies/register/serviceid', { ...activation, schema: assignServiceSchema }, async (request) => {
    const auth = requireAuth(request);
    const form = request.body as Form;
    const registration = await pendingRegistration(db, auth, form.id);
    const serviceId = (await checkedReference(db, auth, 'service', form.serviceId, { field: 'serviceId' })).id;
    const after = await logged(db, request, auth, registration.id, 'serviceid', async (trx) => {
      const result = await trx
        .updateTable('registrations')
        .set({ service_id: serviceId })
        .where('id', '=', registration.id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) fail('该注册信息已处理，只能修改待激活的注册信息');
    });
    return ok(after, '保存成功');
  });

  app.post(
    '/api/v1/companies/registernewverify',
    {
      config: { access: { public: true } },
      schema: verifySchema,
    },
    async (request) => {
      const form = (request.body ?? {}) as Form;
      const name = clean(form.name);
      const businessLicense = clean(form.businessLicense).toUpperCase();
      const mobile = clean(form.mobile);
      firstError(validateCompanyName(name), creditCodeError(businessLicense), validateRegisterMobile(mobile));
      await takeAccountCheck(db, request.ip);
      const taken = await duplicatesOf(db, { name, mobile });
      if (taken.name) fail(MSG_NAME_TAKEN);
      if (taken.mobile) fail(MSG_MOBILE_TAKEN);
      return ok(null, '校验通过');
    },
  );

  app.post(
    '/api/v1/companies/register/:id',
    {
      config: { ...activation.config, readOnly: true },
      schema: readSchema,
    },
    async (request) => {
      const auth = requireAuth(request);
      const registration = await findRegistration(db, (request.params as { id: number }).id);
      if (!registration) fail('注册信息不存在');
      if (registration.platformmark !== 3 && !holdsAny(auth, STANDARD)) {
        throw new ForbiddenError('无权查看标准版的注册信息');
      }
      return ok(registration);
    },
  );

  app.post(
    '/api/v1/companies/register/modification/:mark',
    { ...activation, schema: modificationSchema },
    async (request) => {
      const auth = requireAuth(request);
      const mark = clean((request.params as Form).mark);
      if (mark !== '1' && mark !== '3') fail('版本只能是 1（标准版）或 3（小规模版）');
      const form = request.body as Form;
      const registration = await pendingRegistration(db, auth, form.id);
      if (registration.platformmark !== Number(mark)) fail('该注册信息不属于此版本');
      const given = (key: keyof typeof EDITABLE) => form[key] !== undefined && form[key] !== null;
      const value = (key: keyof typeof EDITABLE) => clean(form[key]);
      const changes: Record<string, string | number | null> = {};
      if (given('name')) {
        firstError(validateCompanyName(value('name')));
        changes.name = value('name');
      }
      for (const [key, label] of [
        ['legalPersonName', '法人姓名'],
        ['linkmanName', '联系人姓名'],
      ] as const) {
        if (!given(key)) continue;
        firstError(personNameError(value(key), label));
        changes[EDITABLE[key]] = value(key);
      }
      for (const [key, label] of [
        ['companyNature', '公司性质'],
        ['companySize', '公司规模'],
      ] as const) {
        if (!given(key)) continue;
        if (!value(key)) fail(`请选择${label}`);
        changes[EDITABLE[key]] = value(key);
      }
      if (given('businessLicense')) {
        const code = value('businessLicense').toUpperCase();
        firstError(creditCodeError(code));
        // The tax number is the credit code (registration sends it twice): they change together.
        changes.business_license = code;
        changes.invoice_tax_number = code;
      }
      if (given('industryId')) {
        changes.industry_id = (
          await checkedReference(db, auth, 'industry', form.industryId, { field: 'industryId' })
        ).id;
      }
      if (given('province') || given('city') || given('district')) {
        const place = { province: value('province'), city: value('city'), district: value('district') };
        firstError(placeError(DIVISIONS, place));
        Object.assign(changes, place);
      }
      if (Object.keys(changes).length === 0) fail('请填写要修改的内容');
      if (typeof changes.name === 'string' && changes.name !== registration.name) {
        const taken = await duplicatesOf(db, { name: changes.name, mobile: '' });
        if (taken.name) fail(MSG_NAME_TAKEN);
      }
      const after = await logged(db, request, auth, registration.id, 'modification', async (trx) => {
        const result = await trx
          .updateTable('registrations')
          .set(changes)
          .where('id', '=', registration.id)
          .where('status', '=', 0)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) fail('该注册信息已处理，只能修改待激活的注册信息');
      });
      return ok(after, '修改成功');
    },
  );
}
