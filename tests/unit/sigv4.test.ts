import { describe, expect, it } from 'vitest';
import {
  canonicalRequest,
  expectedSignature,
  parseAuthorization,
  type SignedRequest,
  sha256Hex,
  signingKey,
  stringToSign,
  verifyRequest,
} from '../support/sigv4';

/**
 * The S3 fake's signature check (tests/support/sigv4.ts) against AWS's published worked example: "Example: GET
 * Object" of the S3 API reference (Signature Version 4, Authorization header), its canonical request, the hash
 * of it in the string to sign, and the final signature.
 */
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const EMPTY_SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const AWS_SIGNATURE = 'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41';
const SIGNED_AT = Date.UTC(2013, 4, 24, 0, 0, 0);

function awsExample(signature = AWS_SIGNATURE, overrides: Partial<SignedRequest['headers']> = {}): SignedRequest {
  return {
    method: 'GET',
    path: '/test.txt',
    query: '',
    headers: {
      host: 'examplebucket.s3.amazonaws.com',
      range: 'bytes=0-9',
      'x-amz-content-sha256': EMPTY_SHA256,
      'x-amz-date': '20130524T000000Z',
      authorization: `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=${signature}`,
      ...overrides,
    },
  };
}

describe('AWS Signature V4 verifier of the S3 fake', () => {
  it('computes the canonical request, string to sign and signature of AWS’s GET Object example', () => {
    const request = awsExample();
    const auth = parseAuthorization(request.headers.authorization as string);
    expect(auth).toMatchObject({ accessKeyId: 'AKIAIOSFODNN7EXAMPLE', date: '20130524', region: 'us-east-1' });
    if (!auth) return;
    const canonical = canonicalRequest(request, auth.signedHeaders);
    // The canonical request exactly as the AWS document prints it.
    expect(canonical).toBe(
      [
        'GET',
        '/test.txt',
        '',
        'host:examplebucket.s3.amazonaws.com',
        'range:bytes=0-9',
        `x-amz-content-sha256:${EMPTY_SHA256}`,
        'x-amz-date:20130524T000000Z',
        '',
        'host;range;x-amz-content-sha256;x-amz-date',
        EMPTY_SHA256,
      ].join('\n'),
    );
    expect(stringToSign('20130524T000000Z', '20130524/us-east-1/s3/aws4_request', canonical)).toBe(
      [
        'AWS4-HMAC-SHA256',
        '20130524T000000Z',
        '20130524/us-east-1/s3/aws4_request',
        '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
      ].join('\n'),
    );
    expect(signingKey(SECRET, '20130524', 'us-east-1', 's3')).toHaveLength(32);
    expect(expectedSignature(request, auth, SECRET)).toBe(AWS_SIGNATURE);
    expect(sha256Hex('')).toBe(EMPTY_SHA256);
  });

  it('accepts the example and refuses another secret, a changed header, an unsigned request and an old date', () => {
    const credentials = { AKIAIOSFODNN7EXAMPLE: SECRET };
    expect(verifyRequest(awsExample(), credentials, SIGNED_AT)).toEqual({
      ok: true,
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    });
    expect(verifyRequest(awsExample(), { AKIAIOSFODNN7EXAMPLE: `${SECRET}x` }, SIGNED_AT)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(verifyRequest(awsExample(AWS_SIGNATURE, { range: 'bytes=0-99' }), credentials, SIGNED_AT)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(verifyRequest({ ...awsExample(), path: '/other.txt' }, credentials, SIGNED_AT)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      verifyRequest(awsExample(AWS_SIGNATURE, { authorization: undefined }), credentials, SIGNED_AT),
    ).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(verifyRequest(awsExample(), { OTHERKEY: SECRET }, SIGNED_AT)).toMatchObject({
      ok: false,
      code: 'InvalidAccessKeyId',
    });
    expect(verifyRequest(awsExample(), credentials, SIGNED_AT + 20 * 60_000)).toMatchObject({
      ok: false,
      code: 'RequestTimeTooSkewed',
    });
  });
});
