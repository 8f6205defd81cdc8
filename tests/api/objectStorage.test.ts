import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { insertUpload } from '../../server/files/uploads.repository';
import { runLogRetention } from '../../server/system/logRetention';
import { DOWNLOAD_STATUS } from '../../src/domain/workers';
import { type S3Fake, startS3Fake } from '../support/s3Fake';
import { fileBytes, multipartRequest } from './support/multipart';
import { authed, createTestApp, envelopeOf, login, type TestApp } from './support/testApp';

/**
 * FILE_STORAGE=s3 (issue 35 §7): the routes and the clean-up go through the object store, here the loopback fake
 * that verifies every signature; nothing lands in DATA_DIR.
 */
let store: S3Fake;
let t: TestApp;

beforeAll(async () => {
  store = await startS3Fake();
  t = await createTestApp(store.env());
});

afterAll(async () => {
  await t?.close();
  await store?.close();
});

describe('stored files in an S3-compatible bucket', () => {
  it('an upload goes to the bucket and downloads from it; a file gone from the bucket is 文件不存在', async () => {
    const answer = await login(t.app, 'admin');
    const admin = authed(t.app, answer.content.token, 1);
    const content = fileBytes('png', 3000);
    const uploaded = envelopeOf<{ id: number; url: string }>(
      await admin({
        method: 'POST',
        url: '/api/v1/common/uploadfiles',
        ...multipartRequest([{ name: 'file', filename: '身份证.png', content }]),
      }),
    );
    expect(uploaded.code, uploaded.message).toBe(1020000);
    const row = await t.db
      .selectFrom('uploads')
      .select('stored_name')
      .where('id', '=', uploaded.content?.id as number)
      .executeTakeFirstOrThrow();
    expect(store.objects.get(`uploads/${row.stored_name}`)?.body.equals(content)).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', row.stored_name))).toBe(false);

    const download = await admin({ method: 'GET', url: uploaded.content?.url as string });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    store.objects.delete(`uploads/${row.stored_name}`);
    const gone = await admin({ method: 'GET', url: uploaded.content?.url as string });
    expect(envelopeOf(gone).message).toBe('文件不存在');
    expect(store.refusals.filter((code) => code !== 'NoSuchKey')).toEqual([]);
  });

  it('the clean-up deletes an old download job’s zip from the bucket', async () => {
    const storedName = `${'ab'.repeat(16)}.zip`;
    await t.app.files.put(storedName, Buffer.from('PK\x05\x06'));
    const old = chinaTime(Date.now() - 30 * 24 * 3600_000);
    const fileId = await insertUpload(t.db, {
      storedName,
      originalName: 'old.zip',
      mime: 'application/zip',
      size: 4,
      ownerUserId: 0,
      ownerCompanyId: 1,
      createTime: old,
    });
    await t.db
      .insertInto('worker_downloads')
      .values({
        company_id: 1,
        enterprise_id: null,
        sign_status: null,
        status: DOWNLOAD_STATUS.done,
        file_id: fileId,
        message: null,
        create_user: 'objectStorage.test',
        create_time: old,
        finish_time: old,
      })
      .execute();
    expect(store.objects.has(`uploads/${storedName}`)).toBe(true);
    const run = await runLogRetention(t.db, t.config.logRetention, t.app.files);
    expect(run.downloadsDeleted).toBeGreaterThanOrEqual(1);
    expect(store.objects.has(`uploads/${storedName}`)).toBe(false);
  });
});
