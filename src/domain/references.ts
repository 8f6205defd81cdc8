/**
 * What one record may reference by id (a subsidiary, a department, a customer-service account …): the kinds a
 * declared `reference` field or filter names, the picker's search calls and the message a refused id gets. The
 * web app shows names through these calls; the server serves them in the caller's scope (server/references/).
 */
export const REFERENCE_KINDS = {
  company: { label: '企业' },
  subsidiary: { label: '分公司' },
  department: { label: '部门' },
  service: { label: '客服' },
  partner: { label: '合伙人' },
  enterprise: { label: '签约主体' },
  template: { label: '协议模板' },
  industry: { label: '行业' },
} as const;

export type ReferenceKind = keyof typeof REFERENCE_KINDS;

export function isReferenceKind(value: string): value is ReferenceKind {
  return Object.hasOwn(REFERENCE_KINDS, value);
}

/** GET ?q=name:…;platformmark:…&page=&size=  → a page of { id, name } in the caller's scope, by name. */
export function referenceSearchPath(kind: ReferenceKind): string {
  return `/api/v1/references/${kind}/search`;
}

/** GET → { id, name } of one record the caller may see (the picker's current value after a reload). */
export function referenceOnePath(kind: ReferenceKind, id: number | string): string {
  return `/api/v1/references/${kind}/${encodeURIComponent(String(id))}`;
}

/** The picker's page size: the first page shows at once, the next ones as the list scrolls. */
export const REFERENCE_PAGE_SIZE = 20;

/** What the server answers for an id that does not exist or lies outside the caller's scope (the same words). */
export function referenceRefused(label: string): string {
  return `所选${label}不存在或不在您的权限范围内，请重新选择`;
}
