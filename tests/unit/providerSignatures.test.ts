import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acs3CanonicalRequest, acs3Signature, checkAcs3Request } from '../support/fakes/aliyunSignature';
import { checkTc3Request, tc3Signature } from '../support/fakes/tencentSignature';

/**
 * Known answers: the worked examples the providers publish, run through the loopback fakes' own verifiers
 * (tests/support/fakes), which the SMS and identity API tests rely on to check the SDKs' signatures.
 */
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');

describe('Aliyun ACS3-HMAC-SHA256 (help.aliyun.com v3-request-structure-and-signature, RunInstances example)', () => {
  const headers = {
    host: 'ecs.cn-shanghai.aliyuncs.com',
    'x-acs-action': 'RunInstances',
    'x-acs-version': '2014-05-26',
    'x-acs-date': '2023-10-26T10:22:32Z',
    'x-acs-signature-nonce': '3156853299f313e23d1673dc12e1703d',
    'x-acs-content-sha256': EMPTY_SHA256,
  };
  const signed = [
    'host',
    'x-acs-action',
    'x-acs-content-sha256',
    'x-acs-date',
    'x-acs-signature-nonce',
    'x-acs-version',
  ];
  const published = '06563a9e1b43f5dfe96b81484da74bceab24a1d853912eee15083a6f0f3283c0';
  const url = '/?ImageId=win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd&RegionId=cn-shanghai';

  it('computes the published signature', () => {
    const canonical = acs3CanonicalRequest({
      method: 'POST',
      path: '/',
      query: [
        ['RegionId', 'cn-shanghai'],
        ['ImageId', 'win2019_1809_x64_dtc_zh-cn_40G_alibase_20230811.vhd'],
      ],
      headers,
      signedHeaders: signed,
      hashedPayload: EMPTY_SHA256,
    });
    expect(acs3Signature('YourAccessKeySecret', canonical)).toBe(published);
  });

  it('accepts the published request and refuses it altered', () => {
    const request = {
      method: 'POST',
      url,
      headers: {
        ...headers,
        authorization: `ACS3-HMAC-SHA256 Credential=YourAccessKeyId,SignedHeaders=${signed.join(';')},Signature=${published}`,
      },
      body: Buffer.alloc(0),
    };
    const secrets = { YourAccessKeyId: 'YourAccessKeySecret' };
    const at = Date.parse('2023-10-26T10:22:40Z');
    expect(checkAcs3Request(request, secrets, at)).toBeNull();
    expect(checkAcs3Request({ ...request, url: url.replace('cn-shanghai', 'cn-beijing') }, secrets, at)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(checkAcs3Request(request, secrets, at + 3600_000)).toMatchObject({ code: 'InvalidTimeStamp.Expired' });
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256 (cloud.tencent.com 签名方法 v3, CVM DescribeInstances GET example)', () => {
  const published = '5da7a33f6993f0614b047e5df4582db9e9bf4672ba50567dba16c6ccf174c474';
  const headers = { 'content-type': 'application/x-www-form-urlencoded', host: 'cvm.tencentcloudapi.com' };

  it('computes the published signature', () => {
    expect(
      tc3Signature({
        secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
        method: 'GET',
        path: '/',
        query: 'Limit=10&Offset=0',
        headers,
        signedHeaders: ['content-type', 'host'],
        payload: '',
        timestamp: 1539084154,
        service: 'cvm',
      }),
    ).toBe(published);
  });

  it('accepts the published request and refuses it altered', () => {
    const request = {
      method: 'GET',
      url: '/?Limit=10&Offset=0',
      headers: {
        ...headers,
        'x-tc-action': 'DescribeInstances',
        'x-tc-timestamp': '1539084154',
        authorization: `TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2018-10-09/cvm/tc3_request, SignedHeaders=content-type;host, Signature=${published}`,
      },
      body: Buffer.alloc(0),
    };
    const secrets = { AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE' };
    const at = 1539084154 * 1000 + 5000;
    expect(checkTc3Request(request, secrets, 'cvm', at)).toBeNull();
    expect(checkTc3Request({ ...request, url: '/?Limit=100&Offset=0' }, secrets, 'cvm', at)).toBe(
      'AuthFailure.SignatureFailure',
    );
    expect(checkTc3Request(request, secrets, 'sms', at)).toBe('AuthFailure.SignatureFailure');
    expect(checkTc3Request(request, secrets, 'cvm', at + 3600_000)).toBe('AuthFailure.SignatureExpire');
  });
});
