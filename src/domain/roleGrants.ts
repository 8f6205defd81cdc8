/**
 * Grants tied to a role and a subsidiary rather than to a code alone (spec §6): "Role 11 with subid 51 plus
 * XGM_INVOICE_APPLY_DETAILS_SAVE sees the small-scale invoice application". The browser (authorityCodes in
 * permissions.ts: routes, menus, quick links, the permission directive) and the server (the session's authorities,
 * server/auth/access.ts: every route's access check) both act on effectiveAuthorities, so the two cannot disagree.
 */
import { XGM_INVOICE_APPLY_CODE } from './routes';

/** The role id the spec's rule names; not one of the five roles of §4 (a subsidiary's own staff). */
export const SUBSIDIARY_ROLE = 11;

export interface RoleGrant {
  rid: number;
  subid: number;
  /** The code the user must hold itself. */
  holds: string;
  /** The page codes it then acts with; for this role they come from the grant only, never from the stored list. */
  grants: readonly string[];
}

/** /smallScaleAdInvoice's code (routes.ts); /adSmallInvoice shares it, being the same applications' page. */
export const SMALL_SCALE_INVOICE_PAGE_CODE = 'UI_XGM_INVOICE_APPLY_DETAILS_SAVE';

export const ROLE_GRANTS: readonly RoleGrant[] = [
  { rid: SUBSIDIARY_ROLE, subid: 51, holds: XGM_INVOICE_APPLY_CODE, grants: [SMALL_SCALE_INVOICE_PAGE_CODE] },
];

/**
 * The codes a user acts with: the stored ones, except that for a role a grant names, the grant's page codes are
 * held exactly when the subid matches and the user holds the grant's code (so role 11 of another subsidiary does
 * not see the page even if someone stored its code on the account). Idempotent.
 */
export function effectiveAuthorities(
  rid: number,
  subid: number | null | undefined,
  held: Iterable<string>,
): Set<string> {
  const codes = new Set(held);
  for (const grant of ROLE_GRANTS) {
    if (rid !== grant.rid) continue;
    const granted = subid === grant.subid && codes.has(grant.holds);
    for (const code of grant.grants) {
      if (granted) codes.add(code);
      else codes.delete(code);
    }
  }
  return codes;
}
