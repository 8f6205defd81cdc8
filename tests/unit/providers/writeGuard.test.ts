import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAppConfig } from '../../../providers/appConfig';
import { request } from '../../../providers/httpClient';
import { resetWriteGuard } from '../../../providers/writeGuard';
import { TIMING } from '../../../src/domain/session';
import { MemoryStorage, ok } from './helpers';

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  setAppConfig({ apiBase: '' });
  resetWriteGuard();
  fetchMock = vi.fn(async () => ok({ saved: true }));
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the double-click guard on every write (spec §9, 3000 ms)', () => {
  it('sends two fast identical submits once, and both callers get the answer', async () => {
    const first = request('/api/v1/subsidiaries', { method: 'POST', json: { sname: '合肥分公司' } });
    const second = request('/api/v1/subsidiaries', { method: 'POST', json: { sname: '合肥分公司' } });
    expect((await first).content).toEqual({ saved: true });
    expect((await second).content).toEqual({ saved: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('sends the same write again once the guard time has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await request('/api/v1/x', { method: 'PATCH', json: { id: 1 } });
    vi.setSystemTime(Date.now() + TIMING.doubleClickGuardMs - 1);
    await request('/api/v1/x', { method: 'PATCH', json: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    vi.setSystemTime(Date.now() + 2);
    await request('/api/v1/x', { method: 'PATCH', json: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('never holds back a different write, a read, or a background call', async () => {
    await request('/api/v1/x', { method: 'PUT', json: { id: 1 } });
    await request('/api/v1/x', { method: 'PUT', json: { id: 2 } });
    await request('/api/v1/x', { method: 'PUT', query: { status: 0 } });
    await request('/api/v1/x');
    await request('/api/v1/x');
    await request('/refresh_token', { method: 'POST', background: true });
    await request('/refresh_token', { method: 'POST', background: true });
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('lets a write that failed be sent again at once (the server was away)', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request('/api/v1/x', { method: 'POST', json: { id: 1 } })).rejects.toBeDefined();
    const retried = await request('/api/v1/x', { method: 'POST', json: { id: 1 } });
    expect(retried.content).toEqual({ saved: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
