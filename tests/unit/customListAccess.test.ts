import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { canAccessNow } from '../../providers/authProvider';
import { saveLoginContent } from '../../providers/sessionStore';
import { RESOURCES } from '../../resources/index';
import { routeOf } from '../../resources/registry';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { findRoute } from '../../src/domain/routes';
import { fakeJwt, loginContent, MemoryStorage, makeUser } from './providers/helpers';

/**
 * A hand-built list page (a declaration's customList) mounts behind the route guard's own check
 * (resources/generator/buildResource.tsx, canAccessNow): a page the session may not open makes no calls, so no
 * refusal of them toasts beside its 无权限访问此页面！ heading. Every such page, read from the declarations, is a
 * route of the table (else nobody could open it).
 */
const CUSTOM_LIST_PAGES = RESOURCES.filter((declaration) => declaration.customList && !declaration.route);

const SESSIONS = [
  ...([1, 2, 3, 4, 5] as const).map((rid) => ({ label: `rid ${rid}`, user: makeUser(rid, ROLE_TEMPLATES[rid]) })),
  {
    label: 'merchant sub-account',
    user: { ...makeUser(2, ROLE_TEMPLATES[2]), routeFlags: { subAccount: true } },
  },
];

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('hand-built list pages open exactly where their route does', () => {
  it('finds the hand-built pages', () => {
    expect(CUSTOM_LIST_PAGES.map((declaration) => declaration.name)).toContain('teamAdmin');
  });

  for (const declaration of CUSTOM_LIST_PAGES) {
    it(`/${declaration.name} is a route of the table, which admin opens`, () => {
      expect(findRoute(routeOf(declaration.name)), `${declaration.name} 不在路由表中`).toBeDefined();
      saveLoginContent(loginContent(SESSIONS[0].user, fakeJwt(Math.floor(Date.now() / 1000) + 1800)));
      const admin = canAccessNow({ resource: declaration.name, action: 'list' });
      const rule = findRoute(routeOf(declaration.name));
      // role 1 opens every page but the ones the table keeps to another role (roleOnly)
      expect(admin).toBe(rule?.roleOnly === undefined || rule.roleOnly === 1);
    });
  }

  it('/teamAdmin: the owner opens it, a sub-account does not', () => {
    saveLoginContent(loginContent(SESSIONS[1].user, fakeJwt(Math.floor(Date.now() / 1000) + 1800)));
    expect(canAccessNow({ resource: 'teamAdmin', action: 'list' })).toBe(true);
    saveLoginContent(loginContent(SESSIONS[5].user, fakeJwt(Math.floor(Date.now() / 1000) + 1800)));
    expect(canAccessNow({ resource: 'teamAdmin', action: 'list' })).toBe(false);
  });
});
