import { enterJcy, smallEnterJcy, virtualPartnerCompanies } from '../../resources/partners';
import { ROLE } from '../../src/domain/roles';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import type { ResourceBinding } from '../engine/binding';
import { findEnterprise } from '../enterprises/enterprises.service';
import { lengthBetween } from '../http/fieldChecks';

/** Why the caller may not pick this partner, or undefined: it is a partner account in the caller's departments. */
export async function partnerRefusal(db: Db, auth: AuthContext, partnerId: number): Promise<string | undefined> {
  const partner = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', partnerId)
    .where('role_id', '=', ROLE.partner)
    .executeTakeFirst();
  if (!partner) return '合伙人不存在';
  if (auth.roleId === ROLE.partner) return partnerId === auth.userId ? undefined : '只能选择您自己';
  if (!auth.deptScope) return undefined;
  const shared = await db
    .selectFrom('user_departments')
    .select('user_id')
    .where('user_id', '=', partnerId)
    .where('department_id', 'in', auth.deptScope.length ? auth.deptScope : [-1])
    .executeTakeFirst();
  return shared ? undefined : '只能选择您负责部门的合伙人';
}

function serviceEnterprisesBinding(declaration: typeof enterJcy, platformMark: 1 | 3): ResourceBinding {
  return {
    declaration,
    table: 'partner_enterprises',
    fixed: { platform_mark: platformMark },
    columns: { partnerName: 'users.display_name', enterpriseName: 'enterprises.name' },
    joins: [
      { table: 'users', on: ['users.id', 'partner_enterprises.partner_id'] },
      { table: 'enterprises', on: ['enterprises.id', 'partner_enterprises.enterprise_id'] },
    ],
    scope: { kind: 'partner', column: 'partner_enterprises.partner_id' },
    filters: {
      partnerName: { column: 'users.display_name' },
      enterpriseName: { column: 'enterprises.name' },
    },
    timestamps: { create: 'create_time' },
    checks: ({ db, auth, body }) => ({
      partnerId: (value) => partnerRefusal(db, auth, Number(value)),
      enterpriseId: async (value) => {
        const enterprise = await findEnterprise(db, Number(value));
        if (!enterprise) return '服务企业不存在';
        if (enterprise.platformMark !== platformMark) return '该服务企业不属于本版本';
        const taken = await db
          .selectFrom('partner_enterprises')
          .select('id')
          .where('partner_id', '=', Number(body.partnerId))
          .where('enterprise_id', '=', Number(value))
          .where('platform_mark', '=', platformMark)
          .executeTakeFirst();
        return taken ? '该合伙人已服务此企业' : undefined;
      },
    }),
    messages: { notFound: '服务企业记录不存在', idLabel: '服务企业记录编号', created: '添加成功', deleted: '已移除' },
  };
}

/** 服务企业管理 (resources/partners.ts): which service enterprises each partner serves, per edition. */
export const enterJcyBinding = serviceEnterprisesBinding(enterJcy, 1);
export const smallEnterJcyBinding = serviceEnterprisesBinding(smallEnterJcy, 3);

/**
 * Virtual partner companies: a partner reports its own (it can pick only itself); staff with the code any partner
 * in their departments.
 */
export const virtualPartnerCompaniesBinding: ResourceBinding = {
  declaration: virtualPartnerCompanies,
  table: 'virtual_partner_companies',
  columns: { partnerName: 'users.display_name' },
  joins: [{ table: 'users', on: ['users.id', 'virtual_partner_companies.partner_id'] }],
  scope: { kind: 'partner', column: 'virtual_partner_companies.partner_id' },
  filters: { partnerName: { column: 'users.display_name' } },
  timestamps: { create: 'create_time', update: 'update_time' },
  maxChars: { remark: 200, linkmanName: 32 },
  normalize: {
    creditCode: (value) =>
      String(value ?? '')
        .trim()
        .toUpperCase(),
  },
  checks: ({ db, auth }) => ({
    partnerId: async (value) =>
      auth.roleId === ROLE.partner && Number(value) !== auth.userId
        ? '合伙人只能登记自己的虚拟企业'
        : partnerRefusal(db, auth, Number(value)),
    name: lengthBetween(2, 128, '请输入2-128位企业名称'),
    creditCode: (value) =>
      value === '' || /^[0-9A-Z]{18}$/.test(String(value)) ? undefined : '统一社会信用代码为18位数字或大写字母',
  }),
  messages: { notFound: '虚拟企业不存在', idLabel: '虚拟企业编号' },
};

export const PARTNER_BINDINGS: readonly ResourceBinding[] = [
  enterJcyBinding,
  smallEnterJcyBinding,
  virtualPartnerCompaniesBinding,
];
