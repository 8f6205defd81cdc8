import { notifyManager, QueryObserver } from '@tanstack/react-query';
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

  it('answers checkAuth from a fresh token at once, and asks it again once the token-check interval has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    loginAs(1);
    const client = new AdminQueryClient();
    const checkAuth = vi.fn(async () => true);
    const mount = () => {
      const observer = new QueryObserver(client, { queryKey: ['auth', 'checkAuth', {}], queryFn: checkAuth });
      const unsubscribe = observer.subscribe(() => {});
      return { result: observer.getCurrentResult(), unsubscribe };
    };
    const first = mount();
    expect(first.result).toMatchObject({ isPending: false, data: true });
    first.unsubscribe();
    await Promise.resolve();
    mount().unsubscribe();
    await Promise.resolve();
    expect(checkAuth).not.toHaveBeenCalled();
    vi.setSystemTime(Date.now() + TIMING.tokenCheckIntervalMs + 1);
    mount().unsubscribe();
    await vi.waitFor(() => expect(checkAuth).toHaveBeenCalledTimes(1));
  });

  it('leaves checkAuth to the auth provider when the token is due for a refresh or there is no session', async () => {
    // 5 minutes left: due for a refresh, which only the asynchronous checkAuth does.
    saveLoginContent(loginContent(makeUser(1, ROLE_TEMPLATES[1]), fakeJwt(Math.floor(Date.now() / 1000) + 300)));
    const due = new QueryObserver(new AdminQueryClient(), {
      queryKey: ['auth', 'checkAuth', {}],
      queryFn: vi.fn(async () => true),
    });
    expect(due.getCurrentResult()).toMatchObject({ isPending: true, data: undefined });

    vi.stubGlobal('sessionStorage', new MemoryStorage());
    const checkAuth = vi.fn(async () => {
      throw new Error('no session');
    });
    const loggedOut = new QueryObserver(new AdminQueryClient(), {
      queryKey: ['auth', 'checkAuth', {}],
      queryFn: checkAuth,
      retry: false,
    });
    const unsubscribe = loggedOut.subscribe(() => {});
    expect(loggedOut.getCurrentResult()).toMatchObject({ isPending: true, data: undefined });
    await vi.waitFor(() => expect(loggedOut.getCurrentResult().isError).toBe(true));
    expect(checkAuth).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("a seeded list page is what react-admin's list key finds, fresh at mount, asked again once it is old", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    loginAs(1);
    const client = new AdminQueryClient();
    const params = { pagination: { page: 1, perPage: 25 }, sort: { field: 'createTime', order: 'DESC' }, filter: {} };
    const seeded = { data: [{ id: 7, name: '深圳甲公司' }], total: 1 };
    client.seedList('adMerchant', params, seeded);
    // ra-core useGetList's key; the meta it adds is undefined.
    const queryKey = ['adMerchant', 'getList', { ...params, meta: undefined }];
    const getList = vi.fn(async () => ({ data: [], total: 0 }));
    const mount = () => {
      const observer = new QueryObserver(client, { queryKey, queryFn: getList });
      const unsubscribe = observer.subscribe(() => {});
      return { result: observer.getCurrentResult(), unsubscribe };
    };
    const first = mount();
    expect(first.result).toMatchObject({ isPending: false, isFetching: false, data: seeded });
    first.unsubscribe();
    await Promise.resolve();
    expect(getList).not.toHaveBeenCalled();
    // Another page of the same list is asked for as usual.
    const other = new QueryObserver(client, {
      queryKey: ['adMerchant', 'getList', { ...params, pagination: { page: 2, perPage: 25 }, meta: undefined }],
      queryFn: getList,
    });
    const unsubscribeOther = other.subscribe(() => {});
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(1));
    unsubscribeOther();
    vi.setSystemTime(Date.now() + 15_001);
    mount().unsubscribe();
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
  });

  it('after its first answer a seeded list is an ordinary one: stale at once, asked again on the next mount', async () => {
    loginAs(1);
    const client = new AdminQueryClient();
    const params = {
      pagination: { page: 1, perPage: 25 },
      sort: { field: 'id', order: 'ASC' },
      filter: { name: '甲' },
    };
    client.seedList('adMerchant', params, { data: [], total: 0 });
    const queryKey = ['adMerchant', 'getList', params];
    const getList = vi.fn(async () => ({ data: [{ id: 1 }], total: 1 }));
    await client.refetchQueries({ queryKey });
    expect(getList).not.toHaveBeenCalled();
    await client.fetchQuery({ queryKey, queryFn: getList, staleTime: 0 });
    expect(getList).toHaveBeenCalledTimes(1);
    const observer = new QueryObserver(client, { queryKey, queryFn: getList });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
    unsubscribe();
  });
});

describe('react-query notifications', () => {
  it('reach a component in the same task as the change, ahead of a task queued before it', async () => {
    const client = new AdminQueryClient();
    const observer = new QueryObserver(client, { queryKey: ['notified'], enabled: false });
    const seen: unknown[] = [];
    // As useQuery subscribes its component.
    const unsubscribe = observer.subscribe(notifyManager.batchCalls((result) => seen.push(result.data)));
    let earlierTaskRan = false;
    setTimeout(() => {
      earlierTaskRan = true;
    }, 0);
    client.setQueryData(['notified'], 'rows');
    await Promise.resolve();
    expect(seen).toEqual(['rows']);
    expect(earlierTaskRan).toBe(false);
    unsubscribe();
  });
});
