import type { FastifyInstance, FastifyRequest } from 'fastify';
import { companies } from '../../resources/companies';
import { type FieldDeclaration, filterKeys, sortFields, type ValidatorName } from '../../resources/types';
import { CODE_BUSINESS_ERROR } from '../../src/domain/codes';
import { ROLE } from '../../src/domain/roles';
import {
  required,
  type Validator,
  validateBankAccount,
  validateCompanyName,
  validateContactPhone,
  validateDateRange,
  validateInvoiceAddress,
  validateInvoiceBank,
  validateInvoicePhone,
  validateInvoiceTitle,
  validateMobile,
  validateTaxNumber,
} from '../../src/domain/validation';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyScope, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { BusinessError, ForbiddenError, fail } from '../http/errors';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  type CompanyRecord,
  type CompanySearch,
  EDITABLE_COLUMNS,
  EDITABLE_MAX_CHARS,
  type EditableSource,
  findCompany,
  searchCompanies,
  updateCompany,
} from './companies.repository';

/**
 * The admin company API, driven by resources/companies.ts (filter keys, sort fields, permission codes,
 * editable fields and their validators all come from the declaration):
 * - GET  /api/v1/companies/search?q=&page=&size=&sort=   one page of companies within the caller's scope;
 * - POST /api/v1/companies/search?q=…  body { deptIds }  the same, narrowed to those departments (spec §7);
 * - GET  /api/v1/companies/:id/platform/:mark             one company (mark 0: any edition);
 * - PUT  /api/v1/companies/:id                            edit the declaration's form fields;
 * - PUT  /api/v1/companies/:coid/invoice                  edit only the invoice fields (own merchant or staff).
 */

const LIST_SPEC = {
  filterKeys: filterKeys(companies),
  sortFields: sortFields(companies),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

const VALIDATORS: Record<ValidatorName, Validator> = {
  companyName: validateCompanyName,
  invoiceTitle: validateInvoiceTitle,
  taxNumber: validateTaxNumber,
  invoiceBank: validateInvoiceBank,
  bankAccount: validateBankAccount,
  invoiceAddress: validateInvoiceAddress,
  invoicePhone: validateInvoicePhone,
  mobile: validateMobile,
  contactPhone: validateContactPhone,
};

/** The form fields staff may change (PUT /:id) and the invoice fields a merchant may change too. */
const EDITABLE_FIELDS = companies.fields.filter(
  (field): field is FieldDeclaration & { source: EditableSource } =>
    !!field.form && !field.readOnly && field.source in EDITABLE_COLUMNS,
);
const INVOICE_FIELDS = EDITABLE_FIELDS.filter((field) => field.source.startsWith('invoice'));

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: \d{2}:\d{2}:\d{2})?$/;
const WHOLE_NUMBER = /^\d{1,15}$/;

function filterLabel(key: string): string {
  return companies.filters.find((filter) => filter.key === key || filter.endKey === key)?.label ?? key;
}

/** 'YYYY-MM-DD' (a date-time is cut to its day) of a real calendar day, or a 1040400 answer. */
function day(value: string, key: string): string {
  const match = DATE.exec(value);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!match || !date || date.toISOString().slice(0, 10) !== value.slice(0, 10)) {
    fail(`${filterLabel(key)}格式不正确，应为 YYYY-MM-DD`);
  }
  return value.slice(0, 10);
}

function wholeNumber(value: string, key: string): number {
  if (!WHOLE_NUMBER.test(value)) fail(`${filterLabel(key)}必须是数字`);
  return Number(value);
}

/** q= filters (already whitelisted by parseListQuery) → search criteria. */
export function companySearchOf(filters: Record<string, string>): CompanySearch {
  const text = (key: string): string | undefined => filters[key]?.trim() || undefined;
  const number = (key: string): number | undefined => {
    const value = text(key);
    return value === undefined ? undefined : wholeNumber(value, key);
  };
  const start = text('stime');
  const end = text('etime');
  const rangeMessage = validateDateRange(start, end);
  if (rangeMessage) fail(rangeMessage);
  const from = start === undefined ? undefined : day(start, 'stime');
  const to = end === undefined ? undefined : day(end, 'etime');
  if (from && to && from > to) fail('开始时间不能晚于结束时间');
  return {
    name: text('coname'),
    linkmanName: text('linkmanName'),
    linkmanMobile: text('linkmanMobile'),
    legalPersonName: text('legalPersonName'),
    createdFrom: from && `${from} 00:00:00`,
    createdTo: to && `${to} 23:59:59`,
    platformMark: number('platformmark'),
    subsidiaryId: number('subID'),
    departmentId: number('departID'),
    serviceId: number('serviceId'),
  };
}

/** POST body deptIds: an array of department ids (or "1,2"); empty or absent means no narrowing. */
function deptIdsOf(body: unknown): number[] | undefined {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).deptIds : undefined;
  if (raw === undefined || raw === null || raw === '') return undefined;
  const items = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [raw];
  const ids = items.map((item) => Number(typeof item === 'string' ? item.trim() : item));
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) fail('deptIds 必须是部门编号的数组');
  return ids.length > 0 ? ids : undefined;
}

/** The caller's data scope (DESIGN §4), narrowed further by deptIds when given. */
function scopedSearch(auth: AuthContext, search: CompanySearch, deptIds: number[] | undefined): CompanySearch {
  const scope = companyScope(auth);
  let departmentIds = scope.departmentIds;
  if (deptIds) departmentIds = departmentIds ? departmentIds.filter((id) => deptIds.includes(id)) : deptIds;
  return { ...search, companyId: scope.companyId, departmentIds };
}

/**
 * Checks the submitted values of `fields` with the shared validators; unknown and absent fields are left
 * alone. On failure answers 1040400 with the first message and `content.errors` by field for the form.
 */
function validatedChanges(
  body: unknown,
  fields: readonly (FieldDeclaration & { source: EditableSource })[],
): Partial<Record<EditableSource, string | null>> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) fail('请求内容必须是 JSON 对象');
  const values = body as Record<string, unknown>;
  const changes: Partial<Record<EditableSource, string | null>> = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!Object.hasOwn(values, field.source) || values[field.source] === undefined) continue;
    const raw = values[field.source];
    if (raw !== null && typeof raw === 'object') {
      errors[field.source] = `${field.label}格式不正确`;
      continue;
    }
    const value = raw === null ? '' : String(raw).trim();
    const validate = field.validate ? VALIDATORS[field.validate] : undefined;
    const maxChars = EDITABLE_MAX_CHARS[field.source];
    const message =
      validate?.(value) ??
      (field.required ? required(`请输入${field.label}`)(value) : undefined) ??
      ([...value].length > maxChars ? `${field.label}不能超过${maxChars}个字符` : undefined);
    if (message) errors[field.source] = message;
    else changes[field.source] = value === '' ? null : value;
  }
  const messages = Object.values(errors);
  if (messages.length > 0) throw new BusinessError(messages[0], CODE_BUSINESS_ERROR, { errors });
  return changes;
}

async function companyOrFail(db: Db, id: number): Promise<CompanyRecord> {
  const company = await findCompany(db, id);
  if (!company) fail('公司不存在');
  return company;
}

export async function companiesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const listAccess = { config: { access: { permissions: companies.permissions.list } } };
  const editAccess = { config: { access: { permissions: companies.permissions.edit ?? companies.permissions.list } } };

  const search = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const criteria = scopedSearch(
      auth,
      companySearchOf(list.filters),
      request.method === 'POST' ? deptIdsOf(request.body) : undefined,
    );
    const { rows, total } = await searchCompanies(db, criteria, {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  };
  app.get('/api/v1/companies/search', listAccess, search);
  app.post('/api/v1/companies/search', listAccess, search);

  // Any logged-in user within scope: merchants read their own company here, staff any company they may see.
  app.get('/api/v1/companies/:id/platform/:mark', async (request) => {
    const auth = requireAuth(request);
    const params = request.params as { id: string; mark: string };
    const id = parseId(params.id, '公司编号');
    const mark = Number(params.mark);
    if (!Number.isInteger(mark) || mark < 0) fail('版本格式不正确');
    await assertCompanyVisible(db, auth, id);
    const company = await companyOrFail(db, id);
    if (mark !== 0 && company.platformMark !== mark) fail('公司不存在');
    return ok(company);
  });

  app.put('/api/v1/companies/:id', editAccess, async (request) => {
    const auth = requireAuth(request);
    const id = parseId((request.params as { id: string }).id, '公司编号');
    await assertCompanyVisible(db, auth, id);
    await companyOrFail(db, id);
    const changes = validatedChanges(request.body, EDITABLE_FIELDS);
    if (Object.keys(changes).length > 0) await updateCompany(db, id, changes, chinaTime());
    return ok(await companyOrFail(db, id), '保存成功');
  });

  // The company's own merchant (MER_HOME) or company staff (UI_COMPANY_MGR) within their scope.
  app.put(
    '/api/v1/companies/:coid/invoice',
    { config: { access: { permissions: ['MER_HOME', ...companies.permissions.list] } } },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.roleId !== ROLE.merchant && !holdsAny(auth, companies.permissions.list)) {
        throw new ForbiddenError('无权限访问此页面！');
      }
      const id = parseId((request.params as { coid: string }).coid, '公司编号');
      await assertCompanyVisible(db, auth, id);
      await companyOrFail(db, id);
      const changes = validatedChanges(request.body, INVOICE_FIELDS);
      if (Object.keys(changes).length > 0) await updateCompany(db, id, changes, chinaTime());
      return ok(await companyOrFail(db, id), '保存成功');
    },
  );
}
