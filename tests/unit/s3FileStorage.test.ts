import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3FileStorage } from '../../server/files/storage/s3FileStorage';
import { type S3Fake, startS3Fake } from '../support/s3Fake';

/** The object-store FileStorage through the official SDK against the loopback fake, which checks every signature. */
let fake: S3Fake;
beforeAll(async () => {
  fake = await startS3Fake();
});
afterAll(() => fake.close());

const storage = (secretAccessKey = fake.secretAccessKey) =>
  s3FileStorage({
    endpoint: fake.url,
    region: fake.region,
    bucket: fake.bucket,
    accessKeyId: fake.accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
  });

async function text(stream: Readable | null): Promise<string | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('S3 file storage', () => {
  it('puts bytes and streams, reads them back, knows their size, deletes them', async () => {
    const files = storage();
    await files.put('0123456789abcdef0123456789abcdef.pdf', Buffer.from('合同 PDF'));
    await files.put(
      'fedcba9876543210fedcba9876543210.zip',
      Readable.from([Buffer.from('zip '), Buffer.from('part')]),
      8,
    );
    expect([...fake.objects.keys()].sort()).toEqual([
      'uploads/0123456789abcdef0123456789abcdef.pdf',
      'uploads/fedcba9876543210fedcba9876543210.zip',
    ]);
    expect(await files.size('0123456789abcdef0123456789abcdef.pdf')).toBe(Buffer.byteLength('合同 PDF'));
    expect(await text(await files.open('fedcba9876543210fedcba9876543210.zip'))).toBe('zip part');
    await files.remove('fedcba9876543210fedcba9876543210.zip');
    expect(await files.open('fedcba9876543210fedcba9876543210.zip')).toBeNull();
    expect(await files.size('fedcba9876543210fedcba9876543210.zip')).toBeNull();
    await files.remove('fedcba9876543210fedcba9876543210.zip');
  });

  it('is refused by the store when signed with another secret, and an unsigned request gets S3’s XML 403', async () => {
    const before = fake.refusals.length;
    await expect(
      storage('not-the-secret').put('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.pdf', Buffer.from('x')),
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
