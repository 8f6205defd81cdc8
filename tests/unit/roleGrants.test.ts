import { describe, expect, it } from 'vitest';
import { canAccessRoute, hasAnyPermission, type SessionUser } from '../../src/domain/permissions';
import { effectiveAuthorities } from '../../src/domain/roleGrants';
import { findRoute } from '../../src/domain/routes';
import { quickLinks, visibleMenu } from '../../src/domain/visibleMenu';

// Spec §6: "Role 11 with subid 51 plus XGM_INVOICE_APPLY_DETAILS_SAVE sees the small-scale invoice application."
// /smallScaleAdInvoice's code in the route table is UI_XGM_INVOICE_APPLY_DETAILS_SAVE (spec §2).
const RULE_CODE = 'XGM_INVOICE_APPLY_DETAILS_SAVE';
const PAGE_CODE = 'UI_XGM_INVOICE_APPLY_DETAILS_SAVE';
const PAGE = '/smallScaleAdInvoice';
const SMALL_SCALE_MARK = 3;

function staff(rid: number, subid: number | null, codes: readonly string[]): SessionUser {
  return {
    id: 900,
    username: 'clerk',
    mobile: '13800000011',
    createTime: '2026-01-01 00:00:00',
    isChange: false,
    authorities: ['ADM_HOME', 'XGM_COMPANY_CORE', ...codes].map((authority) => ({ authority })),
    properties: { cid: null, ctyp: null, rid, cnam: '分公司开票员', subid },
  };
}

function sees(user: SessionUser) {
  const rule = findRoute(PAGE);
  if (!rule) throw new Error(`${PAGE} is not in the route table`);
  const menu = visibleMenu(user, SMALL_SCALE_MARK).groups.flatMap(({ items }) => items.map((item) => item.path));
  return {
    route: canAccessRoute(user, rule),
    menu: menu.includes(PAGE),
    quickLink: quickLinks(user, SMALL_SCALE_MARK).some((item) => item.path === PAGE),
  };
}

const ALL = { route: true, menu: true, quickLink: true };
const NONE = { route: false, menu: false, quickLink: false };

describe('role 11 with subid 51 and XGM_INVOICE_APPLY_DETAILS_SAVE (spec §6)', () => {
  it('sees the small-scale invoice application: route, menu entry and quick link', () => {
    expect(sees(staff(11, 51, [RULE_CODE]))).toEqual(ALL);
  });

  it('role 11 of another subsidiary does not, even with the page code stored on the account', () => {
    expect(sees(staff(11, 52, [RULE_CODE]))).toEqual(NONE);
    expect(sees(staff(11, 52, [RULE_CODE, PAGE_CODE]))).toEqual(NONE);
    expect(sees(staff(11, null, [RULE_CODE, PAGE_CODE]))).toEqual(NONE);
  });

  it('role 11 of subsidiary 51 without the code does not, whatever page code it holds', () => {
    expect(sees(staff(11, 51, []))).toEqual(NONE);
    expect(sees(staff(11, 51, [PAGE_CODE]))).toEqual(NONE);
  });

  it('another role with subid 51 and the rule code alone does not; with the page code it does, as before', () => {
    expect(sees(staff(3, 51, [RULE_CODE]))).toEqual(NONE);
    expect(sees(staff(5, 52, [PAGE_CODE]))).toEqual(ALL);
  });

  it('the permission directive follows the same rule', () => {
    expect(hasAnyPermission(staff(11, 51, [RULE_CODE]), [PAGE_CODE])).toBe(true);
    expect(hasAnyPermission(staff(11, 52, [RULE_CODE, PAGE_CODE]), [PAGE_CODE])).toBe(false);
  });
});

describe('effectiveAuthorities', () => {
  it('adds the page code only for role 11, subid 51 and the rule code; keeps the rest', () => {
    expect([...effectiveAuthorities(11, 51, ['A', RULE_CODE])].sort()).toEqual(['A', RULE_CODE, PAGE_CODE].sort());
    expect([...effectiveAuthorities(11, 7, ['A', RULE_CODE, PAGE_CODE])].sort()).toEqual(['A', RULE_CODE].sort());
    expect([...effectiveAuthorities(5, 7, ['A', PAGE_CODE])].sort()).toEqual(['A', PAGE_CODE].sort());
  });

  it('is idempotent, so the server (login answer) and the browser may both apply it', () => {
    for (const [rid, subid, codes] of [
      [11, 51, [RULE_CODE]],
      [11, 3, [RULE_CODE, PAGE_CODE]],
    ] as const) {
      const once = effectiveAuthorities(rid, subid, codes);
      expect([...effectiveAuthorities(rid, subid, once)].sort()).toEqual([...once].sort());
    }
  });
});
