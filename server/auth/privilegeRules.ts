import { ROLE } from '../../src/domain/roles';

/**
 * Privileges only go down (DESIGN §4): the one set of checks every route that changes an account's role,
 * codes, departments, status, mobile or password goes through. Pure: the routes read the rows, these decide.
 * - a caller assigns only roles (or grants only codes) it holds itself;
 * - a caller never changes its own role, departments or status;
 * - a caller changes nothing of an account holding codes it lacks;
 * - only the admin changes another account's mobile or resets its password (a reset goes to the mobile on
 *   record, so a mobile changed by anyone else would hand the account over);
 * - departments are given only within the caller's own (a caller without a department scope gives any).
 * The admin (role 1) passes every check. Each answer is null (allowed) or the refusal, answered as 403.
 */

export interface PrivilegeCaller {
  userId: number;
  roleId: number;
  authorities: ReadonlySet<string>;
  /** Department ids the caller is confined to; null means every department. */
  deptScope: readonly number[] | null;
}

export interface AccountChanges {
  role?: boolean;
  departments?: boolean;
  status?: boolean;
  mobile?: boolean;
  passwordReset?: boolean;
  /** Any other field (name, granted codes): still needs a target no stronger than the caller. */
  other?: boolean;
}

export const MSG_OWN_ACCOUNT = '不能修改自己的角色、部门或状态';
export const MSG_STRONGER_ROLE = '不能分配超出自己权限的角色';
export const MSG_STRONGER_ACCOUNT = '不能修改权限高于自己的账号';
export const MSG_OTHER_MOBILE = '只有管理员可以修改其他账号的手机号';
export const MSG_OTHER_PASSWORD = '只有管理员可以重置其他账号的密码';
export const MSG_FOREIGN_DEPARTMENT = '只能选择您负责的部门';

export function isAdminCaller(caller: PrivilegeCaller): boolean {
  return caller.roleId === ROLE.admin;
}

/** The codes among `codes` the caller does not hold (none for the admin). */
export function codesBeyond(caller: PrivilegeCaller, codes: Iterable<string>): string[] {
  if (isAdminCaller(caller)) return [];
  return [...new Set(codes)].filter((code) => !caller.authorities.has(code)).sort();
}

/** A role may be given only when every one of its codes is the caller's too. */
export function mayAssignRole(caller: PrivilegeCaller, roleCodes: Iterable<string>): string | null {
  return codesBeyond(caller, roleCodes).length === 0 ? null : MSG_STRONGER_ROLE;
}

/** Departments may be given only within the caller's own. */
export function mayAssignDepartments(caller: PrivilegeCaller, deptIds: readonly number[]): string | null {
  const scope = caller.deptScope;
  if (isAdminCaller(caller) || scope === null) return null;
  return deptIds.every((id) => scope.includes(id)) ? null : MSG_FOREIGN_DEPARTMENT;
}

/**
 * Whether the caller may make these changes to the account `target` (its id and current effective codes). A new
 * role is checked apart with mayAssignRole.
 */
export function mayEditAccount(
  caller: PrivilegeCaller,
  target: { id: number; codes: Iterable<string> },
  changes: AccountChanges,
): string | null {
  if (isAdminCaller(caller)) return null;
  if (target.id === caller.userId) {
    return changes.role || changes.departments || changes.status ? MSG_OWN_ACCOUNT : null;
  }
  if (changes.mobile) return MSG_OTHER_MOBILE;
  if (changes.passwordReset) return MSG_OTHER_PASSWORD;
  const changesSomething = Object.values(changes).some(Boolean);
  if (changesSomething && codesBeyond(caller, target.codes).length > 0) return MSG_STRONGER_ACCOUNT;
  return null;
}
