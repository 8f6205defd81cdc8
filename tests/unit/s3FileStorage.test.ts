import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStorage } from '../../server/files/storage/s3FileStorage';
import { type S3Fake, startS3Fake } from '../support/s3Fake';
import { startS3rver, type TestObjectStore } from '../support/s3rver';

/**
 * The object-store FileStorage through the official SDK, against a real S3 implementation (s3rver) and against the
 * loopback fake, which recomputes every request's signature (s3rver accepts any; see tests/support/s3rver.ts).
 */
const storage = (store: TestObjectStore, secretAccessKey = store.secretAccessKey) =>
  s3FileStorage({
    endpoint: store.url,
    region: store.region,
    bucket: store.bucket,
    accessKeyId: store.accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
  });

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const servers: [string, () => Promise<TestObjectStore>][] = [
  ['s3rver, a real S3 server', () => startS3rver()],
  ['the signature-checking fake', () => startS3Fake()],
];

describe.each(servers)('S3 file storage on %s', (_, start) => {
  let store: TestObjectStore;
  beforeAll(async () => {
    store = await start();
  });
  afterAll(() => store?.close());

  it('puts bytes and streams, reads them back, knows their size, deletes them', async () => {
    const files = storage(store);
    await files.put('0123456789abcdef0123456789abcdef.pdf', Buffer.from('合同 PDF'));
    await files.put(
      'fedcba9876543210fedcba9876543210.zip',
      Readable.from([Buffer.from('zip '), Buffer.from('part')]),
      8,
    );
    expect(await store.keys()).toEqual([
      'uploads/0123456789abcdef0123456789abcdef.pdf',
      'uploads/fedcba9876543210fedcba9876543210.zip',
    ]);
    expect((await store.read('uploads/0123456789abcdef0123456789abcdef.pdf'))?.toString('utf8')).toBe('合同 PDF');
    expect(await files.size('0123456789abcdef0123456789abcdef.pdf')).toBe(Buffer.byteLength('合同 PDF'));
    expect(await text(await files.open('fedcba9876543210fedcba9876543210.zip'))).toBe('zip part');
    await files.remove('fedcba9876543210fedcba9876543210.zip');
    expect(await store.read('uploads/fedcba9876543210fedcba9876543210.zip')).toBeNull();
    expect(await files.open('fedcba9876543210fedcba9876543210.zip')).toBeNull();
    expect(await files.size('fedcba9876543210fedcba9876543210.zip')).toBeNull();
    // Removing what is gone is not an error (S3 answers 204 either way).
    await files.remove('fedcba9876543210fedcba9876543210.zip');
  });

  it('answers null for a name that was never stored, and an empty file has size 0', async () => {
    const files = storage(store);
    expect(await files.open('00000000000000000000000000000000.pdf')).toBeNull();
    expect(await files.size('00000000000000000000000000000000.pdf')).toBeNull();
    await files.put('11111111111111111111111111111111.txt', Buffer.alloc(0));
    expect(await files.size('11111111111111111111111111111111.txt')).toBe(0);
    expect(await text(await files.open('11111111111111111111111111111111.txt'))).toBe('');
  });
});

describe('S3 signatures (the fake: s3rver does not check them)', () => {
  let fake: S3Fake;
  beforeAll(async () => {
    fake = await startS3Fake();
  });
  afterAll(() => fake?.close());

  it('is refused by the store when signed with another secret, and an unsigned request gets S3’s XML 403', async () => {
    const before = fake.refusals.length;
    await expect(
      storage(fake, 'not-the-secret').put('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf', Buffer.from('x')),
    ).rejects.toMatchObject({
      name: 'SignatureDoesNotMatch',
    });
    const unsigned = await fetch(`${fake.url}/${fake.bucket}/uploads/0123456789abcdef0123456789abcdef.pdf`);
    expect(unsigned.status).toBe(403);
    expect(await unsigned.text()).toMatch(/<Code>SignatureDoesNotMatch<\/Code>/);
    expect(fake.refusals.slice(before)).toEqual(['SignatureDoesNotMatch', 'SignatureDoesNotMatch']);
    expect(fake.objects.has('uploads/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf')).toBe(false);
  });
});
