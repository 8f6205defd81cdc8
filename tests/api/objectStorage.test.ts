import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chinaTime } from '../../server/db/time';
import { insertUpload } from '../../server/files/uploads.repository';
import { runLogRetention } from '../../server/system/logRetention';
import { DOWNLOAD_STATUS } from '../../src/domain/workers';
import { startS3rver, type TestObjectStore } from '../support/s3rver';
import { fileBytes, multipartRequest } from './support/multipart';
import { authed, createTestApp, envelopeOf, login, type TestApp } from './support/testApp';

/**
 * FILE_STORAGE=s3: the routes and the clean-up go through the object store, here a real S3 server (s3rver) on
 * loopback reached through @aws-sdk/client-s3; nothing lands in DATA_DIR. Signatures are checked in
 * tests/unit/s3FileStorage.test.ts (s3rver accepts any).
 */
let store: TestObjectStore;
let t: TestApp;

beforeAll(async () => {
  store = await startS3rver();
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
    expect((await store.read(`uploads/${row.stored_name}`))?.equals(content)).toBe(true);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', row.stored_name))).toBe(false);

    const download = await admin({ method: 'GET', url: uploaded.content?.url as string });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);

    await store.drop(`uploads/${row.stored_name}`);
    const gone = await admin({ method: 'GET', url: uploaded.content?.url as string });
    expect(envelopeOf(gone).message).toBe('文件不存在');
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
    expect(await store.keys()).toContain(`uploads/${storedName}`);
    const run = await runLogRetention(t.db, t.config.logRetention, t.app.files);
    expect(run.downloadsDeleted).toBeGreaterThanOrEqual(1);
    expect(await store.keys()).not.toContain(`uploads/${storedName}`);
  });
});
