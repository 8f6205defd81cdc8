import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A real S3-compatible server for tests: s3rver (npm), an implementation of S3's REST API on the file system, started
 * on loopback on a free port with one bucket in a fresh directory, removed on close. The server under test reaches
 * it through @aws-sdk/client-s3 exactly as it reaches AWS, OSS or MinIO: S3's XML errors, HEAD answers without a
 * body, ranges and listings are s3rver's, not ours.
 *
 * What s3rver does not check: it accepts any Signature V4 from a known access key (only S3RVER/S3RVER exists) and does
 * not compare the signed payload hash with the body, and it serves requests without any signature. Signing is
 * therefore tested against tests/support/s3Fake.ts, which recomputes every signature from AWS's algorithm. The test
 * side reads and removes objects here with plain unsigned HTTP, so what it sees never comes through the SDK under test.
 */
export interface TestObjectStore {
  url: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Settings for a server (FILE_STORAGE=s3 …). */
  env(): Record<string, string>;
  /** The bytes stored under `key`, or null when there is no such object. */
  read(key: string): Promise<Buffer | null>;
  /** Every key in the bucket, in order. */
  keys(): Promise<string[]>;
  /** Removes `key` behind the server's back (a file gone from the bucket). */
  drop(key: string): Promise<void>;
  close(): Promise<void>;
}

const xmlUnescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

const objectUrl = (url: string, bucket: string, key: string) =>
  `${url}/${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;

export async function startS3rver(options: { bucket?: string } = {}): Promise<TestObjectStore> {
  const bucket = options.bucket ?? 'lg-files';
  const directory = mkdtempSync(path.join(tmpdir(), 'lg-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only (S3_FORCE_PATH_STYLE=1): the host is 127.0.0.1:port, never a bucket name.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  const region = 'cn-test-1';
  return {
    url,
    bucket,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    region,
    env: () => ({
      FILE_STORAGE: 's3',
      S3_ENDPOINT: url,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    }),
    async read(key) {
      const answer = await fetch(objectUrl(url, bucket, key));
      if (answer.status === 404) return null;
      if (!answer.ok) throw new Error(`s3rver GET ${key}: HTTP ${answer.status}`);
      return Buffer.from(await answer.arrayBuffer());
    },
    async keys() {
      const keys: string[] = [];
      let token: string | null = null;
      do {
        const query: URLSearchParams = new URLSearchParams({
          'list-type': '2',
          ...(token ? { 'continuation-token': token } : {}),
        });
        const answer: Response = await fetch(`${url}/${bucket}?${query}`);
        if (!answer.ok) throw new Error(`s3rver ListObjectsV2: HTTP ${answer.status}`);
        const xml: string = await answer.text();
        for (const match of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(xmlUnescape(match[1]));
        token = /<IsTruncated>true<\/IsTruncated>/.test(xml)
          ? xmlUnescape(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
          : null;
      } while (token);
      return keys.sort();
    },
    async drop(key) {
      const answer = await fetch(objectUrl(url, bucket, key), { method: 'DELETE' });
      if (answer.status !== 204) throw new Error(`s3rver DELETE ${key}: HTTP ${answer.status}`);
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
