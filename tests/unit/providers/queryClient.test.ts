import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../providers/appConfig';
import { AdminQueryClient } from '../../../providers/queryClient';
import { saveLoginContent } from '../../../providers/sessionStore';
import { ROLE_TEMPLATES } from '../../../src/domain/roleTemplates';
import { TIMING } from '../../../src/domain/session';
import { fakeJwt, loginContent, MemoryStorage, makeUser } from './helpers';

function loginAs(rid: 1 | 2 | 3 | 4 | 5) {
  saveLoginContent(loginContent(makeUser(rid, ROLE_TEMPLATES[rid]), fakeJwt(Math.floor(Date.now() / 1000) + 1800)));
}

/** What react-admin's useCanAccess asks: an observer on its key, with a queryFn that counts its calls. */
function canAccessObserver(client: AdminQueryClient, resource: string, action: string) {
  const queryFn = vi.fn(async () => 'asked the auth provider');
  const observer = new QueryObserver(client, { queryKey: ['auth', 'canAccess', { action, resource }], queryFn });
  return { observer, queryFn };
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  setAppConfig({ apiBase: '' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('AdminQueryClient', () => {
  it('answers canAccess from the session at once, without asking again', async () => {
    loginAs(1);
    const client = new AdminQueryClient();
    const { observer, queryFn } = canAccessObserver(client, 'adMerchant', 'list');
    const unsubscribe = observer.subscribe(() => {});
    expect(observer.getCurrentResult()).toMatchObject({ isPending: false, data: true });
    await Promise.resolve();
    expect(queryFn).not.toHaveBeenCalled();
    unsubscribe();
  });

  it('answers no when the session lacks the route or the action code', () => {
    loginAs(2);
    const client = new AdminQueryClient();
    const denied = canAccessObserver(client, 'adRoleSettings', 'list');
    expect(denied.observer.getCurrentResult()).toMatchObject({ isPending: false, data: false });
    loginAs(1);
    // Another client (a new mount after a login) answers for the new session.
    const allowed = canAccessObserver(new AdminQueryClient(), 'adRoleSettings', 'list');
    expect(allowed.observer.getCurrentResult()).toMatchObject({ isPending: false, data: true });
  });

  it('gives the permissions of the session and leaves other queries alone', () => {
    loginAs(1);
    const client = new AdminQueryClient();
    const permissions = new QueryObserver(client, {
      queryKey: ['auth', 'getPermissions', {}],
      queryFn: vi.fn(async () => null),
    });
    expect(permissions.getCurrentResult().data).toEqual([...ROLE_TEMPLATES[1]]);
    const list = new QueryObserver(client, {
      queryKey: ['adMerchant', 'getList', {}],
      queryFn: vi.fn(async () => null),
    });
    expect(list.getCurrentResult()).toMatchObject({ isPending: true, data: undefined });
  });

  it('asks checkAuth again on a new page only once the token-check interval has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    loginAs(1);
    const client = new AdminQueryClient();
    const checkAuth = vi.fn(async () => true);
    const mount = () => {
      const observer = new QueryObserver(client, { queryKey: ['auth', 'checkAuth', {}], queryFn: checkAuth });
      const unsubscribe = observer.subscribe(() => {});
      return unsubscribe;
    };
    mount()();
    await vi.waitFor(() => expect(checkAuth).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    mount()();
    await Promise.resolve();
    expect(checkAuth).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + TIMING.tokenCheckIntervalMs + 1);
    mount()();
    await vi.waitFor(() => expect(checkAuth).toHaveBeenCalledTimes(2));
  });
});
