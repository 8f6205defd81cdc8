import { effectiveAuthorities } from './roleGrants';
import { ROLE } from './roles';
import type { RouteRule } from './routes';

export interface Authority {
  authority: string;
}

export interface UserProperties {
  cid: number | null;
  ctyp: number | null;
  rid: number;
  cnam: string;
  /**
   * Subsidiary (分公司) id: a merchant's company's subsidiary; a staff member's subsidiary when it belongs to
   * exactly one (server/auth/subsidiaryOf.ts), else null. Role 11 with subid 51 gets the grant of roleGrants.ts.
   */
  subid: number | null;
}

/** The user object of the login answer (DESIGN §2). */
export interface SessionUser {
  id: number;
  username: string;
  mobile: string;
  createTime: string;
  isChange: boolean;
  authorities: Authority[];
  properties: UserProperties;
  /** Routes this user may open by a user-id setting of the server (RouteRule.userIdSetting), e.g. /adTaxCalculation. */
  routeExceptions?: string[];
  /** What the server found in the company's own data that opens or closes routes (RouteRule.companyCondition, flagException). */
  routeFlags?: RouteFlags;
}

/** Computed by the server from the company's data at login (server/workers/bigBear.ts). */
export interface RouteFlags {
  /** The company has signed with an enterprise whose 允许上传人员 is on. */
  uploadEnterprises?: boolean;
  /** A template of the company's contracts has the flag xiong = 1. */
  xiong?: number;
  /**
   * The user is a sub-account of its company (users.parent_user_id set): it opens no owner-only page, and the
   * company's xiong exception does not lift the codes its owner did not grant it.
   */
  subAccount?: boolean;
}

export const ADMIN_HOME_CODE = 'ADM_HOME';

/** The codes the user acts with: its authorities after the role grants of spec §6 (roleGrants.ts). */
export function authorityCodes(
  user: (Pick<SessionUser, 'authorities'> & Partial<Pick<SessionUser, 'properties'>>) | null | undefined,
): Set<string> {
  const held = (user?.authorities ?? []).map((item) => item.authority);
  return user?.properties ? effectiveAuthorities(user.properties.rid, user.properties.subid, held) : new Set(held);
}

export function isAdminRole(user: Pick<SessionUser, 'properties'> | null | undefined): boolean {
  return user?.properties?.rid === ROLE.admin;
}

/** ADM_HOME selects the admin shell (home and menu); everybody else uses the merchant shell. */
export function isAdminShellUser(user: Pick<SessionUser, 'authorities'> | null | undefined): boolean {
  return authorityCodes(user).has(ADMIN_HOME_CODE);
}

/**
 * The permission directive of the spec: true when the user holds any of the codes; role 1 passes.
 * Asking with no codes at all is a programming error and throws 'no permission' (spec §5).
 */
export function hasAnyPermission(
  user: Pick<SessionUser, 'authorities' | 'properties'> | null | undefined,
  codes: readonly string[],
): boolean {
  if (codes.length === 0) throw new Error('no permission');
  if (!user) return false;
  if (isAdminRole(user)) return true;
  const held = authorityCodes(user);
  return codes.some((code) => held.has(code));
}

/** Flags beyond the user's own (tests and the server pass them explicitly; otherwise user.routeFlags). */
export type AccessContext = RouteFlags;

/** May this user open this route? Drives route guards, menus and the server's page-level checks. */
export function canAccessRoute(
  user: Pick<SessionUser, 'id' | 'authorities' | 'properties' | 'routeExceptions' | 'routeFlags'> | null | undefined,
  rule: RouteRule,
  explicit: AccessContext = {},
): boolean {
  const context: AccessContext = { ...user?.routeFlags, ...explicit };
  if (!user) return false;
  if (rule.roleOnly !== undefined) return user.properties.rid === rule.roleOnly;
  if (isAdminRole(user)) return true;
  const adminShell = isAdminShellUser(user);
  if ((rule.shell === 'admin') !== adminShell) return false;
  if (rule.ownerOnly && context.subAccount) return false;
  if (rule.permissions.length === 0) return true;
  if (rule.userIdSetting && user.routeExceptions?.includes(rule.path)) return true;
  if (rule.flagException === 'xiong' && context.xiong === 1 && !context.subAccount) return true;
  if (rule.companyCondition === 'uploadEnterprises' && !context.uploadEnterprises) return false;
  return hasAnyPermission(user, rule.permissions);
}
