import { createHmac, timingSafeEqual } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { activateMerchant } from '../../resources/registrations';
import { filterKeys, sortFields } from '../../resources/types';
import { COMPANY_LOOKUP_MIN_CHARS, COMPANY_LOOKUP_PER_IP } from '../../src/domain/companyLookup';
import { creditCodeError } from '../../src/domain/creditCode';
import { placeError } from '../../src/domain/divisions';
import { parsePlatformMark } from '../../src/domain/editions';
import { SMS_TYPE } from '../../src/domain/session';
import {
  MSG,
  personNameError,
  validateCompanyName,
  validateRegisterCode,
  validateRegisterMobile,
} from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { holdsAny, requireAuth } from '../auth/access';
import { hashClientPassword, isClientHash } from '../auth/passwords';
import { companyScope, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { checkImageBudget } from '../files/decoding';
import { downloadUrl } from '../files/downloadUrls';
import { attachableFile, fileIdOfReference } from '../files/fileReferences';
import { removeStoredFile, storeFile } from '../files/fileStore';
import { acceptUpload, cleanFileName, UPLOAD_MAX_BYTES } from '../files/fileTypes';
import { insertUpload } from '../files/uploads.repository';
import { ok } from '../http/envelope';
import { BusinessError, CaptchaRefreshError, ForbiddenError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { checkedReference } from '../references/references.service';
import { type BusinessRegistry, businessRegistry } from './companyLookup';
import { DIVISIONS } from './divisions';
import { MSG_TOO_FREQUENT, takeAccountCheck, takeRate } from './rateCounters';
import {
  activateRegistration,
  duplicatesOf,
  findRegistration,
  insertRegistration,
  type RegistrationSearch,
  registrationPasswordHash,
  searchRegistrations,
} from './registrations.repository';
import {
  activateSchema,
  duplicateSchema,
  industriesSchema,
  lookupSchema,
  registerSchema,
  rejectSchema,
  searchByPostSchema,
  searchSchema,
  uploadSchema,
} from './registrations.schemas';
import { verifySmsCode } from './sms/smsCodes';

/**
 * Self-service registration (public, before login) and its activation by staff:
 * - GET  /api/v1/companies/register/industries            industries to choose from (id, nm);
 * - GET  /api/v1/companies/tianyancha?name=               suggestions from the business registry (REGISTRY_PROVIDER)
 *                                                         with their 天眼查 fields (platform companies: name only),
 *                                                         from 4 characters, rate-limited per address;
 * - GET  /api/v1/companies/duplicate/checking?name&mobile 1040400 with 该公司已注册 / 该手机号已注册;
 * - POST /api/v1/companies/register/upload                multipart `file`: licence or student card image; its
 *                                                         url carries an upload key (rk) only this registrant has;
 * - POST /api/v1/companies/registernewcloud               the whole registration, checked again, one transaction;
 *                                                         files are stored as their canonical download URL;
 * - GET|POST /api/v1/companies/register/search            the activation list (UI_COMPANY_ACTIVATION);
 * - POST /api/v1/companies/register/:id/activate          { subID, serviceId? }: creates company and merchant user;
 * - POST /api/v1/companies/register/:id/reject            { reason }.
 */

export const MSG_NAME_TAKEN = '该公司已注册，请勿重复注册';
export const MSG_MOBILE_TAKEN = '该手机号已注册，请直接登录';
export const UPLOADS_PER_IP_PER_HOUR = 20;
/** Registration uploads per address, in the database so the limit holds across server processes. */
const UPLOADS_PER_IP = { windowMs: 3600_000, max: UPLOADS_PER_IP_PER_HOUR };
/** Registration uploads have no user yet; they are owned by this pseudo user id (staff may read them). */
const REGISTRATION_UPLOAD_OWNER = 0;

const LIST_SPEC = {
  filterKeys: filterKeys(activateMerchant),
  sortFields: sortFields(activateMerchant),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

type Form = Record<string, unknown>;
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value).trim());

function firstError(...messages: (string | undefined)[]): void {
  const message = messages.find(Boolean);
  if (message) fail(message);
}

function optionalText(form: Form, key: string, label: string, max = 32): string | null {
  const value = text(form[key]);
  if (value.length > max) fail(`${label}不能超过${max}个字符`);
  return value || null;
}

/**
 * The upload key a registrant gets with the URL of each file they upload: an HMAC of the file id, so a
 * registration can name only files its own browser uploaded (the registrant has no account yet).
 */
function uploadKey(secret: string, fileId: number): string {
  return createHmac('sha256', secret).update(`registration-upload:${fileId}`).digest('base64url').slice(0, 22);
}

/**
 * The canonical reference of a registration file ('/api-v1/dl?file=<id>&rn=<name>'), or null unless `url` is
 * exactly what the upload answered to this registrant: a path of this server (no scheme, no host, so never
 * `javascript:` or a foreign site), the key of that file, a registration upload no registration uses yet.
 */
async function registrationUpload(db: Db, secret: string, url: string): Promise<string | null> {
  if (!url.startsWith('/api-v1/dl?') || url.length > 500) return null;
  const id = fileIdOfReference(url);
  if (!id) return null;
  const key = new URL(url, 'http://localhost').searchParams.get('rk') ?? '';
  const expected = Buffer.from(uploadKey(secret, id));
  const given = Buffer.from(key);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  // The key proves this browser uploaded it; attachFile that it is a registration upload for this purpose.
  const attached = await attachableFile(db, { userId: REGISTRATION_UPLOAD_OWNER }, id, { purpose: 'registration' });
  if (!attached) return null;
  const canonical = attached.url;
  const used = await db
    .selectFrom('registrations')
    .select('id')
    .where((eb) => eb.or([eb('license_url', '=', canonical), eb('student_card_url', '=', canonical)]))
    .limit(1)
    .executeTakeFirst();
  return used ? null : canonical;
}

export function registrationSearchOf(filters: Record<string, string>): RegistrationSearch {
  const read = filterReader(filters, activateMerchant.filters);
  const status = read.number('status');
  if (status !== undefined && ![0, 1, 2].includes(status)) fail('状态只能是 0、1 或 2');
  return {
    platformmark: read.number('platformmark'),
    name: read.text('name'),
    linkmanMobile: read.text('linkmanMobile'),
    status,
    invoiceTaxNumber: read.text('invoiceTaxNumber'),
    departID: read.number('departID'),
    subID: read.number('subID'),
    serviceId: read.number('serviceId'),
    created: read.dateRange('cstime', 'cetime'),
    activated: read.dateRange('astime', 'aetime'),
  };
}

async function publicUploadRoute(app: FastifyInstance, { db, config, files }: AppServices): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 64 },
  });
  app.post(
    '/api/v1/companies/register/upload',
    { config: { access: { public: true } }, schema: uploadSchema },
    async (request) => {
      if (!request.isMultipart()) fail('请选择要上传的文件');
      if (!(await takeRate(db, `upload:ip:${request.ip}`, UPLOADS_PER_IP))) fail('上传过于频繁，请稍后再试');
      let file: { name: string; content: Buffer; truncated: boolean } | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const content = await part.toBuffer();
          if (part.fieldname === 'file') file = { name: part.filename, content, truncated: part.file.truncated };
        }
      }
      if (!file) fail('请选择要上传的文件');
      const originalName = cleanFileName(file.name);
      const accepted = file.truncated ? null : acceptUpload('image', originalName, file.content);
      if (!accepted) fail(MSG.imageUpload);
      // The licence photo is shown to staff and can be watermarked: its header must be within the pixel budget.
      checkImageBudget(file.content);
      const storedName = await storeFile(files, file.content, accepted.extension);
      try {
        const id = await insertUpload(db, {
          storedName,
          originalName,
          mime: accepted.mime,
          size: file.content.length,
          ownerUserId: REGISTRATION_UPLOAD_OWNER,
          ownerCompanyId: null,
          createTime: chinaTime(),
          purpose: 'registration',
        });
        const url = `${downloadUrl(id, originalName)}&rk=${uploadKey(config.jwtSecret, id)}`;
        return ok({ id, url, name: originalName }, '上传成功');
      } catch (error) {
        await removeStoredFile(files, storedName);
        throw error;
      }
    },
  );
}

export async function registrationsRoutes(
  app: FastifyInstance,
  services: AppServices,
  registry: BusinessRegistry = businessRegistry(services.db, services.config.registry),
): Promise<void> {
  const { db } = services;
  const publicRoute = { config: { access: { public: true } } };
  await app.register(async (scope) => publicUploadRoute(scope, services));

  app.get('/api/v1/companies/register/industries', { ...publicRoute, schema: industriesSchema }, async () => {
    const rows = await db.selectFrom('industries').select(['id', 'nm']).orderBy('nm').limit(500).execute();
    return ok(rows.map((row) => ({ id: Number(row.id), nm: row.nm })));
  });

  /**
   * Suggestions from the business registry, from COMPANY_LOOKUP_MIN_CHARS characters, at most COMPANY_LOOKUP_PER_IP
   * lookups per address. A registry record comes with its fields so the form fills itself in; a company already on
   * the platform comes as its name only (it cannot register again, and the lookup must not list our
   * customers with their credit codes).
   */
  app.get('/api/v1/companies/tianyancha', { ...publicRoute, schema: lookupSchema }, async (request) => {
    const name = text((request.query as Form).name);
    if ([...name].length < COMPANY_LOOKUP_MIN_CHARS) return ok([]);
    if (!(await takeRate(db, `lookup:ip:${request.ip}`, COMPANY_LOOKUP_PER_IP))) fail(MSG_TOO_FREQUENT);
    const found = await registry.search([...name].slice(0, 64).join(''), 10);
    const names = found.map((company) => company.name);
    const ours = new Set(
      names.length === 0
        ? []
        : (await db.selectFrom('companies').select('name').where('name', 'in', names).execute()).map((row) => row.name),
    );
    return ok(found.map((company) => (ours.has(company.name) ? { name: company.name } : company)));
  });

  app.get('/api/v1/companies/duplicate/checking', { ...publicRoute, schema: duplicateSchema }, async (request) => {
    const query = request.query as Form;
    await takeAccountCheck(db, request.ip);
    const taken = await duplicatesOf(db, { name: text(query.name), mobile: text(query.mobile) });
    if (taken.name) fail(MSG_NAME_TAKEN);
    if (taken.mobile) fail(MSG_MOBILE_TAKEN);
    return ok(null, '可以注册');
  });

  app.post('/api/v1/companies/registernewcloud', { ...publicRoute, schema: registerSchema }, async (request) => {
    const form = (request.body ?? {}) as Form;
    const mobile = text(form.mobile);
    const code = text(form.code);
    const password = text(form.password);
    const name = text(form.name);
    const businessLicense = text(form.businessLicense).toUpperCase();
    const invoiceTaxNumber = text(form.invoiceTaxNumber || businessLicense).toUpperCase();
    const licenseUrl = text(form.licenseUrl);
    const studentCardUrl = text(form.studentCardUrl);
    const legalPersonName = text(form.legalPersonName);
    const linkmanName = text(form.linkmanName);
    const platformMark = parsePlatformMark(form.platformMark ?? form.platformmark ?? 1);
    firstError(
      validateRegisterMobile(mobile),
      validateRegisterCode(code),
      isClientHash(password) ? undefined : MSG.registerPassword,
      validateCompanyName(name),
      creditCodeError(businessLicense),
      invoiceTaxNumber !== businessLicense ? '纳税人识别号须与统一社会信用代码一致' : undefined,
      personNameError(legalPersonName, '法人姓名'),
      personNameError(linkmanName, '联系人姓名'),
      licenseUrl ? undefined : '请上传营业执照',
    );
    const companyNature = optionalText(form, 'companyNature', '公司性质');
    const companySize = optionalText(form, 'companySize', '公司规模');
    const place = { province: text(form.province), city: text(form.city), district: text(form.district) };
    if (!companyNature) fail('请选择公司性质');
    if (!companySize) fail('请选择公司规模');
    firstError(placeError(DIVISIONS, place));
    const industryId = text(form.industryId) ? parseId(form.industryId, '行业') : null;
    if (industryId === null) fail('请选择所属行业');
    const industry = await db.selectFrom('industries').select('id').where('id', '=', industryId).executeTakeFirst();
    if (!industry) fail('所选行业不存在');
    const licenseFile = await registrationUpload(db, services.config.jwtSecret, licenseUrl);
    if (!licenseFile) fail('请重新上传营业执照');
    const studentCardFile = studentCardUrl
      ? await registrationUpload(db, services.config.jwtSecret, studentCardUrl)
      : null;
    if (studentCardUrl && !studentCardFile) fail('请重新上传学生证');
    if (licenseFile === studentCardFile) fail('营业执照与学生证不能是同一个文件');
    // A wrong code counts as a try outside the transaction, so a rollback cannot reset the try counter.
    if (!(await verifySmsCode(db, { mobile, type: SMS_TYPE.register, code }, { consume: false })))
      throw new CaptchaRefreshError('短信验证码错误或已失效');
    const passwordHash = await hashClientPassword(password);

    const id = await db.transaction().execute(async (trx) => {
      if (!(await verifySmsCode(trx, { mobile, type: SMS_TYPE.register, code }, { consume: true })))
        throw new CaptchaRefreshError('短信验证码错误或已失效');
      const taken = await duplicatesOf(trx, { name, mobile });
      if (taken.name) fail(MSG_NAME_TAKEN);
      if (taken.mobile) fail(MSG_MOBILE_TAKEN);
      return insertRegistration(trx, {
        name,
        linkman_mobile: mobile,
        password_hash: passwordHash,
        platform_mark: platformMark,
        company_nature: companyNature,
        company_size: companySize,
        industry_id: industryId,
        business_license: businessLicense,
        invoice_tax_number: invoiceTaxNumber,
        ...place,
        legal_person_name: legalPersonName,
        linkman_name: linkmanName,
        license_url: licenseFile,
        student_card_url: studentCardFile,
        status: 0,
        reason: null,
        department_id: null,
        subsidiary_id: null,
        service_id: null,
        company_id: null,
        create_time: chinaTime(),
        activate_time: null,
      });
    });
    return ok({ id }, '注册成功，请联系客服激活账号。');
  });

  // --- Activation (staff) ---------------------------------------------------------------------------
  const codes = [...activateMerchant.permissions.list, 'UI_XGM_COMPANY_ACTIVATION'];
  const staff = { config: { access: { permissions: codes } } };

  // UI_XGM_COMPANY_ACTIVATION alone (the small-scale page) sees and handles small-scale registrations only.
  const standardCodes = activateMerchant.permissions.list;
  const search = async (request: FastifyRequest) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const criteria = registrationSearchOf(list.filters);
    const auth = requireAuth(request);
    if (!holdsAny(auth, standardCodes)) criteria.platformmark = 3;
    const { rows, total } = await searchRegistrations(
      db,
      criteria,
      { sort: list.sort, offset: list.offset, limit: list.size },
      companyScope(auth),
    );
    return ok(pageOf(rows, total, list));
  };
  app.get('/api/v1/companies/register/search', { ...staff, schema: searchSchema }, search);
  app.post('/api/v1/companies/register/search', { ...staff, schema: searchByPostSchema }, search);

  const pendingOrFail = async (request: FastifyRequest) => {
    const registration = await findRegistration(db, (request.params as { id: number }).id);
    if (!registration) fail('注册信息不存在');
    if (registration.platformmark !== 3 && !holdsAny(requireAuth(request), standardCodes))
      throw new ForbiddenError('无权处理标准版的注册信息');
    if (registration.status !== 0) fail('该注册信息已处理');
    return registration;
  };

  app.post('/api/v1/companies/register/:id/activate', { ...staff, schema: activateSchema }, async (request) => {
    const registration = await pendingOrFail(request);
    const body = (request.body ?? {}) as Form;
    const auth = requireAuth(request);
    // Both are picked by name; an id that names no enabled record in the caller's scope (customer service and
    // partners: their own departments, where the company will land) is refused on its field.
    const subsidiaryId = (await checkedReference(db, auth, 'subsidiary', body.subID, { field: 'subID' })).id;
    const serviceId = text(body.serviceId)
      ? (await checkedReference(db, auth, 'service', body.serviceId, { field: 'serviceId' })).id
      : null;
    const subsidiary = await db
      .selectFrom('subsidiaries')
      .select(['department_id'])
      .where('id', '=', subsidiaryId)
      .executeTakeFirstOrThrow();
    const passwordHash = await registrationPasswordHash(db, registration.id);
    await db.transaction().execute(async (trx) => {
      const taken = await trx
        .selectFrom('users')
        .select('id')
        .where('username', '=', registration.linkmanMobile)
        .executeTakeFirst();
      if (taken) fail(MSG_MOBILE_TAKEN);
      const claimed = await trx
        .updateTable('registrations')
        .set({ status: 1 })
        .where('id', '=', registration.id)
        .where('status', '=', 0)
        .executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) fail('该注册信息已处理');
      await activateRegistration(
        trx,
        registration,
        passwordHash,
        { departmentId: Number(subsidiary.department_id), subsidiaryId, serviceId },
        chinaTime(),
      );
    });
    return ok(await findRegistration(db, registration.id), '激活成功');
  });

  app.post('/api/v1/companies/register/:id/reject', { ...staff, schema: rejectSchema }, async (request) => {
    const registration = await pendingOrFail(request);
    const reason = text(((request.body ?? {}) as Form).reason);
    if (!reason) fail('请填写驳回原因');
    if ([...reason].length > 200) fail('驳回原因不能超过200个字符');
    const result = await db
      .updateTable('registrations')
      .set({ status: 2, reason })
      .where('id', '=', registration.id)
      .where('status', '=', 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new BusinessError('该注册信息已处理');
    return ok(await findRegistration(db, registration.id), '驳回成功');
  });
}
