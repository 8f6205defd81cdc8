/** Role ids (spec §4). */
export const ROLE = { admin: 1, merchant: 2, service: 3, partner: 4, finance: 5 } as const;
export type RoleId = (typeof ROLE)[keyof typeof ROLE];

/** Header labels of staff roles; merchants show no role label. */
export const ROLE_LABELS: Readonly<Record<number, string>> = {
  1: '管理员',
  3: '客服',
  4: '合伙人',
  5: '财务',
};

export function roleLabel(rid: number | undefined): string {
  return rid === undefined ? '' : (ROLE_LABELS[rid] ?? '');
}
