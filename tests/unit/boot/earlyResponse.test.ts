import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { publishEarlyResponse, takeEarlyResponse } from '../../../providers/earlyResponse';

describe('early response (the first paint’s request, handed to the app)', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {});
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('is taken once, by a call to exactly the same URL', () => {
    const response = Promise.resolve(new Response('{}'));
    publishEarlyResponse('/api/v1/companies/search?page=0&size=25', response);
    expect(takeEarlyResponse('/api/v1/companies/search?page=0&size=10')).toBeUndefined();
    expect(takeEarlyResponse('/api/v1/companies/search?page=0&size=25')).toBe(response);
    expect(takeEarlyResponse('/api/v1/companies/search?page=0&size=25')).toBeUndefined();
  });

  it('is not taken once it is stale', () => {
    publishEarlyResponse('/a', Promise.resolve(new Response('{}')));
    vi.advanceTimersByTime(16_000);
    expect(takeEarlyResponse('/a')).toBeUndefined();
  });
});
