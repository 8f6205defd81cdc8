import { describe, expect, it } from 'vitest';
import {
  codesBeyond,
  mayAssignDepartments,
  mayAssignRole,
  mayEditAccount,
  type PrivilegeCaller,
} from '../../server/auth/privilegeRules';

const admin: PrivilegeCaller = { userId: 1, roleId: 1, authorities: new Set(), deptScope: null };
const partner: PrivilegeCaller = { userId: 40, roleId: 4, authorities: new Set(['A', 'B']), deptScope: [2] };
const finance: PrivilegeCaller = { userId: 50, roleId: 5, authorities: new Set(['A']), deptScope: null };

describe('privileges only go down', () => {
  it('gives only roles whose codes the caller holds; the admin gives any', () => {
    expect(mayAssignRole(partner, ['A'])).toBeNull();
    expect(mayAssignRole(partner, ['A', 'C'])).toBe('不能分配超出自己权限的角色');
    expect(mayAssignRole(admin, ['A', 'C'])).toBeNull();
    expect(codesBeyond(partner, ['C', 'A', 'C'])).toEqual(['C']);
  });

  it('gives departments only within the caller’s own; an unscoped caller gives any', () => {
    expect(mayAssignDepartments(partner, [2])).toBeNull();
    expect(mayAssignDepartments(partner, [2, 3])).toBe('只能选择您负责的部门');
    expect(mayAssignDepartments(finance, [1, 3])).toBeNull();
  });

  it('never lets a caller change its own role, departments or status, but its own name and mobile', () => {
    const self = { id: partner.userId, codes: ['A', 'B'] };
    for (const change of ['role', 'departments', 'status'] as const) {
      expect(mayEditAccount(partner, self, { [change]: true })).toBe('不能修改自己的角色、部门或状态');
    }
    expect(mayEditAccount(partner, self, { mobile: true, other: true })).toBeNull();
  });

  it('leaves another account’s mobile and password to the admin, and a stronger account alone', () => {
    const peer = { id: 41, codes: ['A'] };
    expect(mayEditAccount(partner, peer, { mobile: true })).toBe('只有管理员可以修改其他账号的手机号');
    expect(mayEditAccount(partner, peer, { passwordReset: true })).toBe('只有管理员可以重置其他账号的密码');
    expect(mayEditAccount(partner, peer, { other: true, status: true })).toBeNull();
    expect(mayEditAccount(finance, { id: 51, codes: ['A', 'Z'] }, { status: true })).toBe('不能修改权限高于自己的账号');
    expect(mayEditAccount(admin, { id: 51, codes: ['Z'] }, { mobile: true, passwordReset: true })).toBeNull();
  });
});
