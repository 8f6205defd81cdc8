import { subsidiaries } from '../../resources/subsidiaries';
import { ROLE } from '../../src/domain/roles';
import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import type { ResourceBinding } from '../engine/binding';
import { ForbiddenError } from '../http/errors';
import { lengthBetween } from '../http/fieldChecks';
import { departmentExists } from './departments.repository';

const MSG_NAME_TAKEN = '分公司名称已存在';
const MSG_STATUS = '状态只能是 0（停用）或 1（启用）';
const nameLength = lengthBetween(2, 64, '请输入2-64位分公司名称');

/**
 * The departments whose subsidiaries the caller reaches (undefined: all; auth.deptScope follows the role's data
 * scope); merchants never manage subsidiaries.
 */
function departmentScope(auth: AuthContext): readonly number[] | undefined {
  if (auth.roleId === ROLE.merchant) throw new ForbiddenError('无权限访问此页面！');
  return auth.deptScope ?? undefined;
}

async function nameTaken(db: Db, sname: string, exceptId?: number): Promise<boolean> {
  const query = db.selectFrom('subsidiaries').select('id').where('sname', '=', sname);
  return !!(await (exceptId === undefined ? query : query.where('id', '<>', exceptId)).executeTakeFirst());
}

/**
 * /adPartnerManageSub (resources/subsidiaries.ts) on the resource engine. Department-scoped staff reach their
 * departments' subsidiaries and may only pick those departments; merchants none. Names are unique (2-64); a
 * new subsidiary is enabled; there is no delete (companies refer to them), only PATCH ?status=1|0.
 */
export const subsidiariesBinding: ResourceBinding = {
  declaration: subsidiaries,
  table: 'subsidiaries',
  columns: {
    departID: 'subsidiaries.department_id',
    departmentName: 'departments.name',
    platformmark: 'subsidiaries.platform_mark',
  },
  joins: [{ table: 'departments', on: ['departments.id', 'subsidiaries.department_id'] }],
  scope: { kind: 'department', column: 'subsidiaries.department_id' },
  timestamps: { create: 'create_time' },
  insertDefaults: () => ({ status: 1, is_virtual: 0, crm_company_name: null }),
  maxChars: { crmCompanyName: 128 },
  checks: ({ db, auth, id }) => {
    const scope = departmentScope(auth);
    return {
      // Taken is a field check (not only `unique`) so it is reported with the other fields' errors.
      sname: async (value) =>
        nameLength(value) ?? ((await nameTaken(db, String(value), id)) ? MSG_NAME_TAKEN : undefined),
      departID: async (value) => {
        if (!(await departmentExists(db, Number(value)))) return '部门不存在';
        return scope && !scope.includes(Number(value)) ? '只能选择您负责的部门' : undefined;
      },
    };
  },
  unique: { field: 'sname', message: MSG_NAME_TAKEN },
  actions: {
    enable: { set: () => ({ status: 1 }), message: '启用成功' },
    disable: { set: () => ({ status: 0 }), message: '停用成功' },
  },
  messages: {
    notFound: '分公司不存在',
    idLabel: '分公司编号',
    outOfScope: '无权访问该部门的分公司',
    unknownAction: MSG_STATUS,
  },
};
