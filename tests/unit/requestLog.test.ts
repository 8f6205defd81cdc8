import { describe, expect, it } from 'vitest';
import { loggedPath } from '../../server/http/requestLog';

/** The path the server log shows for a request (server/http/requestLog.ts). */
describe('loggedPath', () => {
  const at = (url: string, route?: string) => loggedPath({ url, routeOptions: { url: route } });

  it('drops the query string and the fragment', () => {
    expect(at('/api/v1/companies/verifysecretkey?secretkey=lgk_abc', '/api/v1/companies/verifysecretkey')).toBe(
      '/api/v1/companies/verifysecretkey',
    );
    expect(at('/api-v1/dl#x?file=3&sig=abc', '/api-v1/dl')).toBe('/api-v1/dl');
  });

  it('masks the segments of parameters named like secrets, and keeps the others', () => {
    expect(at('/api/v1/open/worker_sign/Abc123/pdf?x=1', '/api/v1/open/worker_sign/:token/pdf')).toBe(
      '/api/v1/open/worker_sign/***/pdf',
    );
    expect(at('/api/v1/x/7/k9', '/api/v1/x/:id/:apiKey')).toBe('/api/v1/x/7/***');
    expect(at('/api/v1/industry/v/12', '/api/v1/industry/v/:id')).toBe('/api/v1/industry/v/12');
    // A trailing slash matches the route without it.
    expect(at('/api/v1/sms/receipts/aliyun/s3cret/', '/api/v1/sms/receipts/aliyun/:token')).toBe(
      '/api/v1/sms/receipts/aliyun/***/',
    );
  });

  it('outside a route (or under a wildcard) masks segments that look like tokens', () => {
    const token = 'q8Jf2kLm9Xv3Np7Rt5Wy1Zb4';
    expect(at(`/api/v1/open/worker_sign/${token}/nothing`)).toBe('/api/v1/open/worker_sign/***/nothing');
    expect(at(`/files/${token}/a.pdf`, '/files/*')).toBe('/files/***/a.pdf');
    expect(at('/api/v1/companies/verifysecretkey')).toBe('/api/v1/companies/verifysecretkey');
  });
});
