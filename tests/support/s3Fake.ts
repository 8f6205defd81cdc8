import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestObjectStore } from './s3rver';
import { sha256Hex, verifyRequest } from './sigv4';

/**
 * A loopback S3 that checks signatures: one bucket in memory, path-style addressing (`/bucket/key`), PutObject,
 * GetObject (with Range), HeadObject, DeleteObject and ListObjectsV2. Every request must carry an AWS Signature V4
 * that the fake recomputes itself (sigv4.ts, not the SDK), and a signed payload hash must match the body; otherwise
 * it answers S3's XML error (403 SignatureDoesNotMatch, ...) and records the refusal.
 *
 * The object-storage tests run against a real S3 implementation (s3rver.ts); this fake stays for what s3rver does
 * not check: s3rver accepts any signature from a known key and any payload hash, so a client that signs wrongly, or
 * with another secret, passes there and only this fake refuses it.
 */
export interface S3Fake extends TestObjectStore {
  objects: Map<string, { body: Buffer; contentType: string; lastModified: Date }>;
  /** Refused requests, by S3 error code. */
  refusals: string[];
}

const xmlEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function errorXml(code: string, message: string, resource: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><Resource>${xmlEscape(resource)}</Resource><RequestId>fake</RequestId></Error>`;
}

const ERROR_STATUS: Record<string, number> = {
  SignatureDoesNotMatch: 403,
  AccessDenied: 403,
  InvalidAccessKeyId: 403,
  RequestTimeTooSkewed: 403,
  XAmzContentSHA256Mismatch: 400,
  NoSuchKey: 404,
  NoSuchBucket: 404,
  InvalidRange: 416,
  NotImplemented: 501,
};

export async function startS3Fake(
  options: { bucket?: string; accessKeyId?: string; secretAccessKey?: string; region?: string } = {},
): Promise<S3Fake> {
  const bucket = options.bucket ?? 'lg-files';
  const accessKeyId = options.accessKeyId ?? 'AKIALOOPBACKFAKE0001';
  const secretAccessKey = options.secretAccessKey ?? 'loopback/fake/secret/key/0123456789abcdefgh';
  const region = options.region ?? 'cn-test-1';
  const objects: S3Fake['objects'] = new Map();
  const refusals: string[] = [];

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const url = request.url ?? '/';
      const at = url.indexOf('?');
      const path = at < 0 ? url : url.slice(0, at);
      const query = at < 0 ? '' : url.slice(at + 1);
      const fail = (code: string, message: string) => {
        refusals.push(code);
        const xml = errorXml(code, message, path);
        response.writeHead(ERROR_STATUS[code] ?? 400, { 'content-type': 'application/xml' });
        response.end(request.method === 'HEAD' ? undefined : xml);
      };
      const verdict = verifyRequest(
        { method: request.method ?? 'GET', path, query, headers: request.headers },
        {
          [accessKeyId]: secretAccessKey,
        },
      );
      if (!verdict.ok) return fail(verdict.code, verdict.message);
      const declared = request.headers['x-amz-content-sha256'];
      if (typeof declared === 'string' && /^[0-9a-f]{64}$/.test(declared) && declared !== sha256Hex(body)) {
        return fail(
          'XAmzContentSHA256Mismatch',
          'The provided x-amz-content-sha256 header does not match what was computed',
        );
      }
      const [, bucketName = '', ...keyParts] = path.split('/');
      if (bucketName !== bucket) return fail('NoSuchBucket', 'The specified bucket does not exist');
      const key = decodeURIComponent(keyParts.join('/'));
      const params = new URLSearchParams(query);

      if (key === '' && request.method === 'GET' && params.get('list-type') === '2') {
        const prefix = params.get('prefix') ?? '';
        const keys = [...objects.keys()].filter((name) => name.startsWith(prefix)).sort();
        const contents = keys
          .map((name) => {
            const object = objects.get(name);
            return `<Contents><Key>${xmlEscape(name)}</Key><LastModified>${object?.lastModified.toISOString()}</LastModified><Size>${object?.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        response.writeHead(200, { 'content-type': 'application/xml' });
        return response.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${keys.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`,
        );
      }
      if (key === '') return fail('NotImplemented', 'Only object operations and ListObjectsV2 are implemented');

      const object = objects.get(key);
      const etag = object ? `"${createHash('md5').update(object.body).digest('hex')}"` : '';
      switch (request.method) {
        case 'PUT': {
          if (request.headers['content-encoding']?.includes('aws-chunked')) {
            return fail('NotImplemented', 'aws-chunked uploads are not implemented by the fake');
          }
          objects.set(key, {
            body,
            contentType: String(request.headers['content-type'] ?? 'application/octet-stream'),
            lastModified: new Date(),
          });
          response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` });
          return response.end();
        }
        case 'GET':
        case 'HEAD': {
          if (!object) {
            if (request.method === 'HEAD') {
              response.writeHead(404);
              return response.end();
            }
            return fail('NoSuchKey', 'The specified key does not exist.');
          }
          const headers: http.OutgoingHttpHeaders = {
            'content-type': object.contentType,
            etag,
            'last-modified': object.lastModified.toUTCString(),
            'accept-ranges': 'bytes',
          };
          const range = /^bytes=(\d+)-(\d*)$/.exec(String(request.headers.range ?? ''));
          let content = object.body;
          let status = 200;
          if (range) {
            const start = Number(range[1]);
            const end = range[2] === '' ? object.body.length - 1 : Math.min(Number(range[2]), object.body.length - 1);
            if (start >= object.body.length || start > end)
              return fail('InvalidRange', 'The requested range is not satisfiable');
            content = object.body.subarray(start, end + 1);
            headers['content-range'] = `bytes ${start}-${end}/${object.body.length}`;
            status = 206;
          }
          headers['content-length'] = String(content.length);
          response.writeHead(status, headers);
          return response.end(request.method === 'HEAD' ? undefined : content);
        }
        case 'DELETE':
          objects.delete(key);
          response.writeHead(204);
          return response.end();
        default:
          return fail('NotImplemented', `${request.method} is not implemented`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    bucket,
    accessKeyId,
    secretAccessKey,
    region,
    objects,
    refusals,
    env: () => ({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
    }),
    read: async (key) => objects.get(key)?.body ?? null,
    keys: async () => [...objects.keys()].sort(),
    drop: async (key) => {
      objects.delete(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
