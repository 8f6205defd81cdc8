/**
 * A role's data scope (数据权限), kept on the role as data (roles.data_scope, roles.data_editions), the way
 * RuoYi-Vue-Plus and JeecgBoot keep it: which companies' records the role's users reach, and which editions.
 * The server's access hook reads it into every session (server/auth/access.ts); every company-keyed read, every
 * file download and every signing-entity read goes through the scope built from it (server/auth/scope.ts).
 *
 * - all:        every company;
 * - department: companies of the user's departments (user_departments);
 * - subsidiary: companies of the user's subsidiaries (user_subsidiaries, companies.subsidiary_id);
 * - assigned:   companies the user is assigned to: their 客服 (companies.service_id) or their 合伙人
 *               (companies.sale_partner_id) is the user;
 * - none:       no company at all (a new role starts here until the admin chooses);
 * - company:    a merchant role: the user's own company only (fixed, not a choice).
 * Department-keyed records (staff accounts, departments, subsidiaries, partners) follow the departments: every one
 * for `all`, the user's for `department`, none for the other scopes.
 * A partner (rid 4) reaches only its own companies (sale partner) within whatever its scope holds.
 * Editions (platformMark 1 standard, 3 small-scale): a company's records and a signing entity (主体) of an edition
 * the role may not see are out of reach as well.
 */
export const DATA_SCOPES = ['all', 'department', 'subsidiary', 'assigned', 'none', 'company'] as const;
export type DataScopeKind = (typeof DATA_SCOPES)[number];

export const DATA_SCOPE_LABELS: Readonly<Record<DataScopeKind, string>> = {
  all: '全部数据',
  department: '本部门数据',
  subsidiary: '本分公司数据',
  assigned: '本人负责的企业',
  none: '无数据权限',
  company: '本企业数据',
};

/** What each choice means, shown under the picker. */
export const DATA_SCOPE_HINTS: Readonly<Record<DataScopeKind, string>> = {
  all: '可查看全部企业及其数据',
  department: '可查看所属部门的企业及其数据',
  subsidiary: '可查看所属分公司的企业及其数据',
  assigned: '可查看客服或合伙人是本人的企业及其数据',
  none: '不能查看任何企业的数据',
  company: '商户只能查看本企业的数据',
};

/** The scopes an admin may give a staff role (a merchant role's is always `company`, role 1's always `all`). */
export const STAFF_DATA_SCOPES: readonly DataScopeKind[] = ['all', 'department', 'subsidiary', 'assigned', 'none'];

export const EDITIONS: readonly { id: 1 | 3; name: string }[] = [
  { id: 1, name: '标准版' },
  { id: 3, name: '小规模版' },
];
export const ALL_EDITIONS: readonly number[] = [1, 3];

export function isDataScope(value: unknown): value is DataScopeKind {
  return typeof value === 'string' && (DATA_SCOPES as readonly string[]).includes(value);
}

/** roles.data_editions ("1,3", "1", "3" or "") as marks; anything else in it is dropped. */
export function parseEditions(raw: string | null | undefined): number[] {
  const marks = new Set(
    String(raw ?? '')
      .split(',')
      .map((part) => Number(part.trim())),
  );
  return ALL_EDITIONS.filter((mark) => marks.has(mark));
}

export function editionsText(marks: readonly number[]): string {
  return ALL_EDITIONS.filter((mark) => marks.includes(mark)).join(',');
}

/** The editions in words: 标准版、小规模版, or 无. */
export function editionsLabel(marks: readonly number[]): string {
  const names = EDITIONS.filter((edition) => marks.includes(edition.id)).map((edition) => edition.name);
  return names.length > 0 ? names.join('、') : '无';
}

/** A role's scope in words, as the role list and the operation log show it: 本部门数据（标准版、小规模版）. */
export function dataScopeLabel(kind: DataScopeKind, marks: readonly number[]): string {
  if (kind === 'none' || kind === 'company') return DATA_SCOPE_LABELS[kind];
  return `${DATA_SCOPE_LABELS[kind]}（${editionsLabel(marks)}）`;
}
