import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../providers/appConfig';
import { takeEarlyResponse } from '../../providers/earlyResponse';
import { saveLoginContent } from '../../providers/sessionStore';
import { ROLE_TEMPLATES } from '../../src/domain/roleTemplates';
import { prefetchList } from '../../src/layout/prefetchList';
import { fakeJwt, loginContent, MemoryStorage, makeUser } from './providers/helpers';

const COMPANIES_FIRST_PAGE = '/api/v1/companies/search?page=0&size=10&sort=createTime%2Cdesc';

let fetchMock: ReturnType<typeof vi.fn>;

function at(pathname: string) {
  vi.stubGlobal('window', { location: { pathname, search: '' } });
}

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('localStorage', new MemoryStorage());
  fetchMock = vi.fn(async () => new Response('{}'));
  vi.stubGlobal('fetch', fetchMock);
  setAppConfig({ apiBase: '' });
  at('/adTheMainInformation');
  saveLoginContent(loginContent(makeUser(1, ROLE_TEMPLATES[1]), fakeJwt(Math.floor(Date.now() / 1000) + 1800)));
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('prefetchList (a menu link to a list, pressed)', () => {
  it('asks for the first page the list will ask for, once, and hands it to the list’s request', async () => {
    prefetchList('/adMerchant');
    prefetchList('/adMerchant');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(COMPANIES_FIRST_PAGE);
    expect((init.headers as Record<string, string>).Authorization).toMatch(/^Bearer /);
    expect(takeEarlyResponse(COMPANIES_FIRST_PAGE)).toBe(fetchMock.mock.results[0].value);
  });

  it('asks for the page, sort and filters kept from the last visit', () => {
    localStorage.setItem(
      'RaStore.adMerchant.listParams',
      JSON.stringify({ sort: 'id', order: 'ASC', page: 3, perPage: 25, filter: { coname: '星河' } }),
    );
    prefetchList('/adMerchant');
    expect(fetchMock.mock.calls[0][0]).toBe(
      `/api/v1/companies/search?q=${encodeURIComponent('coname:星河')}&page=2&size=25&sort=id%2Casc`,
    );
  });

  it('asks nothing for the page already shown, a page that is not a list, or without a session', () => {
    at('/adMerchant');
    prefetchList('/adMerchant');
    at('/adTheMainInformation');
    prefetchList('/adRoleSettings');
    sessionStorage.clear();
    prefetchList('/adMerchant');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not taken once the list has had time to ask by itself', () => {
    vi.useFakeTimers();
    prefetchList('/adMerchant');
    vi.advanceTimersByTime(6_000);
    expect(takeEarlyResponse(COMPANIES_FIRST_PAGE)).toBeUndefined();
  });
});
