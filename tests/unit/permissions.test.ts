import { describe, expect, it } from 'vitest';
import {
  ADMIN_HOME_CODE,
  authorityCodes,
  canAccessRoute,
  hasAnyPermission,
  isAdminRole,
  isAdminShellUser,
  type SessionUser,
} from '../../src/domain/permissions';
import { MERCHANT_CODES, ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { findRoute, ROUTES, type RouteRule } from '../../src/domain/routes';

function makeUser(rid: number, codes: readonly string[], id = 100 + rid): SessionUser {
  return {
    id,
    username: `user${rid}`,
    mobile: '13800138000',
    createTime: '2024-01-01 00:00:00',
    isChange: false,
    authorities: codes.map((authority) => ({ authority })),
    properties: {
      cid: rid === 2 ? 7 : null,
      ctyp: rid === 2 ? 1 : null,
      rid,
      cnam: rid === 2 ? '上海某某科技有限公司' : '',
      subid: null,
    },
  };
}

const admin = makeUser(1, ROLE_TEMPLATES[1]);
const merchant = makeUser(2, ROLE_TEMPLATES[2]);
const kefu = makeUser(3, ROLE_TEMPLATES[3]);
const hehuoren = makeUser(4, ROLE_TEMPLATES[4]);
const caiwu = makeUser(5, ROLE_TEMPLATES[5]);

function rule(path: string): RouteRule {
  const found = findRoute(path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

const merchantRoutes = ROUTES.filter((r) => r.shell === 'merchant');
const adminRoutes = ROUTES.filter((r) => r.shell === 'admin');

describe('role templates', () => {
  it('cover every role id 1-5', () => {
    expect(Object.keys(ROLE_TEMPLATES).sort()).toEqual(['1', '2', '3', '4', '5']);
  });

  it('give the merchant only MER_* codes, all of them, and nobody else any', () => {
    expect([...ROLE_TEMPLATES[2]].sort()).toEqual([...MERCHANT_CODES].sort());
    expect(ROLE_TEMPLATES[2].every((code) => code.startsWith('MER_'))).toBe(true);
    for (const rid of [1, 3, 4, 5]) {
      expect(
        ROLE_TEMPLATES[rid].some((code) => code.startsWith('MER_')),
        `role ${rid}`,
      ).toBe(false);
    }
  });

  it('give every staff role ADM_HOME and the merchant none', () => {
    for (const rid of [1, 3, 4, 5]) expect(ROLE_TEMPLATES[rid], `role ${rid}`).toContain('ADM_HOME');
    expect(ROLE_TEMPLATES[2]).not.toContain('ADM_HOME');
  });
});

describe('hasAnyPermission', () => {
  it('lets role 1 pass any check, even for codes it does not hold', () => {
    expect(hasAnyPermission(makeUser(1, []), ['MER_HOME'])).toBe(true);
    expect(hasAnyPermission(admin, ['NOT_A_CODE'])).toBe(true);
  });

  it('passes when any one of the codes is held', () => {
    expect(hasAnyPermission(kefu, ['UI_COMPANY_MGR'])).toBe(true);
    expect(hasAnyPermission(kefu, ['UI_FUND_MANAGEMENT', 'UI_COMPANY_MGR'])).toBe(true);
    expect(hasAnyPermission(kefu, ['UI_COMPANY_MGR', 'UI_FUND_MANAGEMENT'])).toBe(true);
    expect(hasAnyPermission(merchant, ['MER_BLOCKED_FUND'])).toBe(true);
  });

  it('fails when none of the codes is held', () => {
    expect(hasAnyPermission(kefu, ['UI_FUND_MANAGEMENT'])).toBe(false);
    expect(hasAnyPermission(kefu, ['UI_FUND_MANAGEMENT', 'UI_FINANCE_MGR'])).toBe(false);
    expect(hasAnyPermission(merchant, ['ADM_HOME'])).toBe(false);
    expect(hasAnyPermission(makeUser(2, []), ['MER_HOME'])).toBe(false);
  });

  it('fails without a user', () => {
    expect(hasAnyPermission(null, ['MER_HOME'])).toBe(false);
    expect(hasAnyPermission(undefined, ['MER_HOME'])).toBe(false);
  });

  it("throws 'no permission' when asked with no codes, for every role", () => {
    for (const user of [admin, merchant, kefu, null]) {
      expect(() => hasAnyPermission(user, [])).toThrow('no permission');
    }
  });
});

describe('isAdminShellUser / isAdminRole / authorityCodes', () => {
  it('ADM_HOME selects the admin shell', () => {
    expect(ADMIN_HOME_CODE).toBe('ADM_HOME');
    for (const user of [admin, kefu, hehuoren, caiwu]) expect(isAdminShellUser(user), user.username).toBe(true);
    expect(isAdminShellUser(merchant)).toBe(false);
    expect(isAdminShellUser(makeUser(3, ['UI_COMPANY_MGR']))).toBe(false);
    expect(isAdminShellUser(makeUser(2, ['MER_HOME', 'ADM_HOME']))).toBe(true);
    expect(isAdminShellUser(null)).toBe(false);
    expect(isAdminShellUser(undefined)).toBe(false);
  });

  it('isAdminRole is role id 1 only', () => {
    expect(isAdminRole(admin)).toBe(true);
    for (const user of [merchant, kefu, hehuoren, caiwu]) expect(isAdminRole(user), user.username).toBe(false);
    expect(isAdminRole(null)).toBe(false);
  });

  it('authorityCodes collects the authority strings', () => {
    expect(authorityCodes(kefu)).toEqual(new Set(ROLE_TEMPLATES[3]));
    expect(authorityCodes(null).size).toBe(0);
  });
});

describe('canAccessRoute', () => {
  it('denies everything without a user', () => {
    for (const r of ROUTES) expect(canAccessRoute(null, r), r.path).toBe(false);
  });

  it('role 1 passes every route', () => {
    for (const r of ROUTES) expect(canAccessRoute(admin, r), r.path).toBe(true);
    // even without a single authority
    const bare = makeUser(1, []);
    for (const r of ROUTES) expect(canAccessRoute(bare, r), r.path).toBe(true);
  });

  it('/adRoleSettings is for role 1 only', () => {
    const roleSettings = rule('/adRoleSettings');
    expect(canAccessRoute(admin, roleSettings)).toBe(true);
    for (const user of [merchant, kefu, hehuoren, caiwu])
      expect(canAccessRoute(user, roleSettings), user.username).toBe(false);
    const kefuWithCode = makeUser(3, [...ROLE_TEMPLATES[3], 'UI_ROLE_SETTING']);
    expect(hasAnyPermission(kefuWithCode, ['UI_ROLE_SETTING'])).toBe(true);
    expect(canAccessRoute(kefuWithCode, roleSettings)).toBe(false);
    expect(canAccessRoute(makeUser(5, [...ROLE_TEMPLATES[5], 'UI_ROLE_SETTING']), roleSettings)).toBe(false);
  });

  it('merchant passes every merchant route and is denied every admin route', () => {
    const held = new Set(ROLE_TEMPLATES[2]);
    for (const r of merchantRoutes) {
      expect(r.permissions.length === 0 || r.permissions.some((c) => held.has(c)), r.path).toBe(true);
      expect(canAccessRoute(merchant, r, { uploadEnterprises: true }), r.path).toBe(true);
      // Without upload-enabled enterprises (and no xiong template) only /bigBearOverview closes.
      expect(canAccessRoute(merchant, r), r.path).toBe(r.path !== '/bigBearOverview');
    }
    for (const r of adminRoutes) expect(canAccessRoute(merchant, r, { uploadEnterprises: true }), r.path).toBe(false);
    // /adTaskOverview carries a MER_* code the merchant holds, but it is an admin page
    expect(canAccessRoute(merchant, rule('/adTaskOverview'))).toBe(false);
  });

  it('a merchant passes a route only with one of its codes (or when it lists none)', () => {
    const homeOnly = makeUser(2, ['MER_HOME']);
    for (const r of merchantRoutes) {
      const expected = r.permissions.length === 0 || r.permissions.includes('MER_HOME');
      expect(canAccessRoute(homeOnly, r), r.path).toBe(expected);
    }
    expect(canAccessRoute(homeOnly, rule('/manage'))).toBe(true);
    expect(canAccessRoute(homeOnly, rule('/help'))).toBe(true);
    expect(canAccessRoute(homeOnly, rule('/merchant'))).toBe(true);
    expect(canAccessRoute(homeOnly, rule('/recharge'))).toBe(false);
    expect(canAccessRoute(homeOnly, rule('/errorMoney'))).toBe(false);
    expect(canAccessRoute(homeOnly, rule('/taskRelease'))).toBe(false);
  });

  for (const [rid, name] of [
    [3, 'kefu'],
    [4, 'hehuoren'],
    [5, 'caiwu'],
  ] as const) {
    it(`${name} (role ${rid}) passes exactly the admin routes whose codes its template holds and no merchant route`, () => {
      const user = makeUser(rid, ROLE_TEMPLATES[rid]);
      const held = new Set(ROLE_TEMPLATES[rid]);
      const allowed: string[] = [];
      for (const r of adminRoutes) {
        const expected = r.roleOnly === undefined && r.permissions.some((c) => held.has(c));
        expect(canAccessRoute(user, r), r.path).toBe(expected);
        if (expected) allowed.push(r.path);
      }
      for (const r of merchantRoutes) expect(canAccessRoute(user, r), r.path).toBe(false);
      // every staff role reaches its home and at least one more page
      expect(allowed).toContain('/adMain');
      expect(allowed.length).toBeGreaterThan(1);
    });
  }

  it('staff access matches the templates page by page', () => {
    const check = (user: SessionUser, path: string) => canAccessRoute(user, rule(path));
    // kefu: companies, activation, notices, codes, feedback
    expect(check(kefu, '/adMerchant')).toBe(true);
    expect(check(kefu, '/adActivateMerchant')).toBe(true);
    expect(check(kefu, '/adNotice')).toBe(true);
    expect(check(kefu, '/adCodeQuery')).toBe(true);
    expect(check(kefu, '/adSuggestion')).toBe(true);
    expect(check(kefu, '/adMoneyManagement')).toBe(false);
    expect(check(kefu, '/adFinancialManagement')).toBe(false);
    // hehuoren: companies and performance
    expect(check(hehuoren, '/adMerchant')).toBe(true);
    expect(check(hehuoren, '/adJcyPartnerManagement')).toBe(true);
    expect(check(hehuoren, '/adPlatform')).toBe(true);
    expect(check(hehuoren, '/adActivateMerchant')).toBe(false);
    expect(check(hehuoren, '/adInvoice')).toBe(false);
    // caiwu: funds and invoices, both editions
    expect(check(caiwu, '/adMoneyManagement')).toBe(true);
    expect(check(caiwu, '/adSmallMoneyManagement')).toBe(true);
    expect(check(caiwu, '/adInvoice')).toBe(true);
    expect(check(caiwu, '/smallScaleAdInvoice')).toBe(true);
    expect(check(caiwu, '/adErrorMoney')).toBe(true);
    expect(check(caiwu, '/adMerchant')).toBe(false);
    expect(check(caiwu, '/adNotice')).toBe(false);
    // nobody but role 1 on the merchant side
    for (const user of [kefu, hehuoren, caiwu]) expect(check(user, '/manage'), user.username).toBe(false);
  });

  it('a staff user holding a merchant code still cannot open merchant pages', () => {
    const mixed = makeUser(3, [...ROLE_TEMPLATES[3], 'MER_HOME']);
    expect(canAccessRoute(mixed, rule('/manage'))).toBe(false);
  });

  it('matches sub-paths through findRoute', () => {
    expect(canAccessRoute(kefu, rule('/adMerchant/12/show'))).toBe(true);
    expect(canAccessRoute(caiwu, rule('/adMerchant/create'))).toBe(false);
  });

  describe('/bigBearOverview xiong exception', () => {
    const bigBear = rule('/bigBearOverview');
    const lacking = makeUser(
      2,
      MERCHANT_CODES.filter((c) => c !== 'MER_IMPORT_EMPLOYEE'),
    );

    it('denies a merchant lacking MER_IMPORT_EMPLOYEE without the flag', () => {
      expect(canAccessRoute(lacking, bigBear)).toBe(false);
      expect(canAccessRoute(lacking, bigBear, {})).toBe(false);
      expect(canAccessRoute(lacking, bigBear, { xiong: 0 })).toBe(false);
      expect(canAccessRoute(lacking, bigBear, { xiong: 2 })).toBe(false);
    });

    it('allows that merchant when xiong is 1', () => {
      expect(canAccessRoute(lacking, bigBear, { xiong: 1 })).toBe(true);
    });

    it('applies to /bigBearOverview only', () => {
      expect(canAccessRoute(lacking, rule('/signUser'), { xiong: 1 })).toBe(false);
    });

    it('does not open the page to staff', () => {
      expect(canAccessRoute(kefu, bigBear, { xiong: 1 })).toBe(false);
    });

    it('a merchant holding MER_IMPORT_EMPLOYEE passes only when the company has upload-enabled enterprises', () => {
      expect(canAccessRoute(merchant, bigBear, { xiong: 0 })).toBe(false);
      expect(canAccessRoute(merchant, bigBear, { xiong: 0, uploadEnterprises: true })).toBe(true);
      expect(canAccessRoute(lacking, bigBear, { uploadEnterprises: true })).toBe(false);
    });

    it('reads the flags the login answer carries in user.routeFlags', () => {
      expect(canAccessRoute({ ...merchant, routeFlags: { uploadEnterprises: true } }, bigBear)).toBe(true);
      expect(canAccessRoute({ ...lacking, routeFlags: { xiong: 1 } }, bigBear)).toBe(true);
      expect(canAccessRoute({ ...merchant, routeFlags: { uploadEnterprises: false, xiong: 0 } }, bigBear)).toBe(false);
    });
  });

  describe('/adTaxCalculation user-id setting (TAX_CALCULATION_USER_IDS)', () => {
    const base = rule('/adTaxCalculation');
    const allowed = (user: ReturnType<typeof makeUser>) => ({ ...user, routeExceptions: ['/adTaxCalculation'] });
    const staff42 = allowed(makeUser(3, ROLE_TEMPLATES[3], 42));
    const staff43 = makeUser(3, ROLE_TEMPLATES[3], 43);

    it('is a setting, not a fixed list', () => {
      expect(base.userIdSetting).toBe('TAX_CALCULATION_USER_IDS');
    });

    it('the staff users lack UI_TAX_COLLECTION', () => {
      expect(ROLE_TEMPLATES[3]).not.toContain('UI_TAX_COLLECTION');
      expect(canAccessRoute(staff43, base)).toBe(false);
    });

    it('lets in the user the login answer lists the route for, and nobody else', () => {
      expect(canAccessRoute(staff42, base)).toBe(true);
      expect(canAccessRoute(staff43, base)).toBe(false);
    });

    it('opens no other route for that user', () => {
      expect(canAccessRoute(staff42, rule('/adStatementManagement'))).toBe(false);
    });

    it('still lets a holder of UI_TAX_COLLECTION in', () => {
      expect(canAccessRoute(makeUser(5, ['ADM_HOME', 'UI_TAX_COLLECTION'], 43), base)).toBe(true);
    });

    it('does not open the admin page to a merchant listed by the setting', () => {
      expect(canAccessRoute(allowed(makeUser(2, MERCHANT_CODES, 42)), base)).toBe(false);
    });
  });
});

describe('/adTaskOverview (a merchant code on an admin page)', () => {
  const overview = findRoute('/adTaskOverview') as RouteRule;
  it('opens for a staff user whose role holds MER_EMPLOYEE_LIST, not for one without it', () => {
    for (const rid of [3, 4, 5]) {
      const base = ROLE_TEMPLATES[rid as 3 | 4 | 5].filter((code) => code !== 'MER_EMPLOYEE_LIST');
      expect(canAccessRoute(makeUser(rid, [...base, 'MER_EMPLOYEE_LIST']), overview), String(rid)).toBe(true);
      expect(canAccessRoute(makeUser(rid, base), overview), String(rid)).toBe(false);
    }
  });
});
