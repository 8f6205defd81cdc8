import type { Generated } from 'kysely';

/** Roles as data (migration 100): a role's `kind` is the rid its users have (1, 2, 3, 4, 5, or 11 分公司人员). */
export interface RoleTable {
  id: Generated<number>;
  name: string;
  kind: number;
  remark: string | null;
  /** 1 for the built-in roles (ids 1-5 and 11): never deleted. */
  builtin: number;
  create_time: string;
  update_time: string;
  /** The role's data scope (src/domain/dataScope.ts, migration 310): all, department, subsidiary, assigned, none, company. */
  data_scope: Generated<string>;
  /** The editions (platform marks) it may see, "1,3". */
  data_editions: Generated<string>;
}

export interface RolePermissionTable {
  role_id: number;
  code: string;
}

export interface UserSubsidiaryTable {
  user_id: number;
  subsidiary_id: number;
}
