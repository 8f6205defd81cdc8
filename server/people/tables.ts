import type { Generated } from 'kysely';

/** Roles as data (migration 100): a role's `kind` is the rid its users have (1, 2, 3, 4 or 5). */
export interface RoleTable {
  id: Generated<number>;
  name: string;
  kind: number;
  remark: string | null;
  /** 1 for the five built-in roles (ids 1-5): never deleted. */
  builtin: number;
  create_time: string;
  update_time: string;
}

export interface RolePermissionTable {
  role_id: number;
  code: string;
}

export interface UserSubsidiaryTable {
  user_id: number;
  subsidiary_id: number;
}
