import type { Insertable } from 'kysely';
import { type CompanyScope, registrationScope } from '../auth/scope';
import type { RegistrationTable } from '../db/accountFlowsSchema';
import type { Db } from '../db/database';
import { assignRole } from '../people/roles.service';

/** Registrations (migration 010): the sign-up wizard's writes and the activation page's reads. */
export interface RegistrationRecord {
  id: number;
  name: string;
  linkmanMobile: string;
  platformmark: number;
  companyNature: string | null;
  companySize: string | null;
  industryId: number | null;
  industryName: string | null;
  businessLicense: string;
  invoiceTaxNumber: string;
  province: string | null;
  city: string | null;
  district: string | null;
  area: string;
  legalPersonName: string | null;
  linkmanName: string | null;
  licenseUrl: string;
  studentCardUrl: string | null;
  status: number;
  reason: string | null;
  departID: number | null;
  subID: number | null;
  subsidiaryName: string | null;
  serviceId: number | null;
  companyId: number | null;
  createTime: string;
  activateTime: string | null;
}

export interface RegistrationSearch {
  platformmark?: number;
  name?: string;
  linkmanMobile?: string;
  status?: number;
  invoiceTaxNumber?: string;
  departID?: number;
  subID?: number;
  serviceId?: number;
  created: { from?: string; to?: string };
  activated: { from?: string; to?: string };
}

const SORT_COLUMNS = {
  id: 'registrations.id',
  createTime: 'registrations.create_time',
  activateTime: 'registrations.activate_time',
} as const;

function baseQuery(db: Db) {
  return db
    .selectFrom('registrations')
    .leftJoin('industries', 'industries.id', 'registrations.industry_id')
    .leftJoin('subsidiaries', 'subsidiaries.id', 'registrations.subsidiary_id');
}

function applySearch(query: ReturnType<typeof baseQuery>, search: RegistrationSearch) {
  let q = query;
  if (search.platformmark !== undefined) q = q.where('registrations.platform_mark', '=', search.platformmark);
  if (search.name) q = q.where('registrations.name', 'like', `%${search.name.replace(/[\\%_]/g, '')}%`);
  if (search.linkmanMobile) q = q.where('registrations.linkman_mobile', '=', search.linkmanMobile);
  if (search.status !== undefined) q = q.where('registrations.status', '=', search.status);
  if (search.invoiceTaxNumber) q = q.where('registrations.invoice_tax_number', '=', search.invoiceTaxNumber);
  if (search.departID !== undefined) q = q.where('registrations.department_id', '=', search.departID);
  if (search.subID !== undefined) q = q.where('registrations.subsidiary_id', '=', search.subID);
  if (search.serviceId !== undefined) q = q.where('registrations.service_id', '=', search.serviceId);
  if (search.created.from) q = q.where('registrations.create_time', '>=', search.created.from);
  if (search.created.to) q = q.where('registrations.create_time', '<=', search.created.to);
  if (search.activated.from) q = q.where('registrations.activate_time', '>=', search.activated.from);
  if (search.activated.to) q = q.where('registrations.activate_time', '<=', search.activated.to);
  return q;
}

/**
 * The caller's part of the list (auth/scope.ts registrationScope): a registration activated into a company shows
 * only where that company does; one not yet activated (or rejected) by what its scope can tell of it.
 */
function applyScope(query: ReturnType<typeof baseQuery>, scope: CompanyScope) {
  const condition = registrationScope(scope);
  return condition ? query.where(condition) : query;
}

export async function searchRegistrations(
  db: Db,
  search: RegistrationSearch,
  page: { sort: { field: string; order: 'asc' | 'desc' } | null; offset: number; limit: number },
  scope: CompanyScope,
): Promise<{ rows: RegistrationRecord[]; total: number }> {
  const sortColumn = SORT_COLUMNS[(page.sort?.field ?? 'createTime') as keyof typeof SORT_COLUMNS];
  const order = page.sort?.order ?? 'desc';
  const [rows, count] = await Promise.all([
    applySearch(applyScope(baseQuery(db), scope), search)
      .selectAll('registrations')
      .select(['industries.nm as industry_name', 'subsidiaries.sname as subsidiary_name'])
      .orderBy(sortColumn ?? 'registrations.create_time', order)
      .orderBy('registrations.id', order)
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    applySearch(applyScope(baseQuery(db), scope), search)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(recordOf), total: Number(count.n) };
}

export async function findRegistration(db: Db, id: number): Promise<RegistrationRecord | undefined> {
  const row = await baseQuery(db)
    .selectAll('registrations')
    .select(['industries.nm as industry_name', 'subsidiaries.sname as subsidiary_name'])
    .where('registrations.id', '=', id)
    .executeTakeFirst();
  return row ? recordOf(row) : undefined;
}

type Row = Omit<RegistrationTable, 'id'> & { id: number; industry_name: string | null; subsidiary_name: string | null };

function recordOf(row: Row): RegistrationRecord {
  return {
    id: Number(row.id),
    name: row.name,
    linkmanMobile: row.linkman_mobile,
    platformmark: row.platform_mark,
    companyNature: row.company_nature,
    companySize: row.company_size,
    industryId: row.industry_id === null ? null : Number(row.industry_id),
    industryName: row.industry_name,
    businessLicense: row.business_license,
    invoiceTaxNumber: row.invoice_tax_number,
    province: row.province,
    city: row.city,
    district: row.district,
    area: [row.province, row.city, row.district].filter(Boolean).join(' '),
    legalPersonName: row.legal_person_name,
    linkmanName: row.linkman_name,
    licenseUrl: row.license_url,
    studentCardUrl: row.student_card_url,
    status: row.status,
    reason: row.reason,
    departID: row.department_id === null ? null : Number(row.department_id),
    subID: row.subsidiary_id === null ? null : Number(row.subsidiary_id),
    subsidiaryName: row.subsidiary_name,
    serviceId: row.service_id === null ? null : Number(row.service_id),
    companyId: row.company_id === null ? null : Number(row.company_id),
    createTime: row.create_time,
    activateTime: row.activate_time,
  };
}

/** Which of the name and mobile are already taken by a company, an account or a live registration. */
export async function duplicatesOf(
  db: Db,
  input: { name?: string; mobile?: string },
): Promise<{ name: boolean; mobile: boolean }> {
  const live = [0, 1];
  const [companyByName, registrationByName, userByMobile, registrationByMobile] = await Promise.all([
    input.name ? db.selectFrom('companies').select('id').where('name', '=', input.name).executeTakeFirst() : undefined,
    input.name
      ? db
          .selectFrom('registrations')
          .select('id')
          .where('name', '=', input.name)
          .where('status', 'in', live)
          .executeTakeFirst()
      : undefined,
    input.mobile
      ? db
          .selectFrom('users')
          .select('id')
          .where((eb) => eb.or([eb('mobile', '=', input.mobile!), eb('username', '=', input.mobile!)]))
          .executeTakeFirst()
      : undefined,
    input.mobile
      ? db
          .selectFrom('registrations')
          .select('id')
          .where('linkman_mobile', '=', input.mobile)
          .where('status', 'in', live)
          .executeTakeFirst()
      : undefined,
  ]);
  return { name: !!(companyByName || registrationByName), mobile: !!(userByMobile || registrationByMobile) };
}

export async function insertRegistration(db: Db, values: Insertable<RegistrationTable>): Promise<number> {
  const row = await db.insertInto('registrations').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * Activation, in the caller's transaction: the company, its merchant user (the registrant logs in with the
 * mobile as username and the registration password) with the merchant role's codes, then the registration.
 */
export async function activateRegistration(
  trx: Db,
  registration: RegistrationRecord,
  passwordHash: string,
  assignment: { departmentId: number; subsidiaryId: number; serviceId: number | null },
  time: string,
): Promise<number> {
  const company = await trx
    .insertInto('companies')
    .values({
      name: registration.name,
      platform_mark: registration.platformmark,
      credit_code: registration.businessLicense,
      company_nature: registration.companyNature,
      company_size: registration.companySize,
      industry_id: registration.industryId,
      linkman_mobile: registration.linkmanMobile,
      legal_person_name: registration.legalPersonName,
      linkman_name: registration.linkmanName,
      province: registration.province,
      city: registration.city,
      district: registration.district,
      department_id: assignment.departmentId,
      subsidiary_id: assignment.subsidiaryId,
      service_id: assignment.serviceId,
      status: 1,
      sign_status: 0,
      fdd_corp_free_status: 0,
      certification_type: 1,
      sub_status: 0,
      invoice_title: registration.name,
      invoice_tax_number: registration.invoiceTaxNumber,
      create_time: time,
      update_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const companyId = Number(company.id);
  const user = await trx
    .insertInto('users')
    .values({
      username: registration.linkmanMobile,
      mobile: registration.linkmanMobile,
      password_hash: passwordHash,
      role_id: 2,
      company_id: companyId,
      platform_mark: registration.platformmark,
      display_name: registration.name,
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: time,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The merchant role's codes as they are now (roles as data, /adRoleSettings).
  await assignRole(trx, Number(user.id), 2);
  await trx
    .updateTable('registrations')
    .set({
      status: 1,
      activate_time: time,
      department_id: assignment.departmentId,
      subsidiary_id: assignment.subsidiaryId,
      service_id: assignment.serviceId,
      company_id: companyId,
    })
    .where('id', '=', registration.id)
    .execute();
  return companyId;
}

export async function registrationPasswordHash(db: Db, id: number): Promise<string> {
  const row = await db
    .selectFrom('registrations')
    .select('password_hash')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.password_hash;
}
