import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backfillUploadPurposes } from '../../server/db/migrations/130_upload_purpose';
import { call, clientOf, OK, uploadFile } from './support/invoiceTestKit';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * Migration 130 gives the files existing records hold the purpose of those records, so attachFile refuses them for
 * any other purpose from the start (server/files/fileReferences.ts).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const idOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('file'));

async function purposeOf(id: number): Promise<string | null> {
  const row = await t.db.selectFrom('uploads').select('purpose').where('id', '=', id).executeTakeFirstOrThrow();
  return row.purpose;
}

describe('migration 130: purposes of the files records already hold', () => {
  it('certificates, invoices, notices and help images get their record’s purpose; a free upload none', async () => {
    const kefu = await clientOf(t.app, 'kefu');
    const admin = await clientOf(t.app, 'admin');
    const annex = await uploadFile(kefu, '手册.pdf');
    const notice = await call(kefu, 'POST', '/api/v1/notifications/savenotifications', {
      title: '迁移测试公告',
      body: '内容',
      platformmark: 1,
      annexUrl: annex.url,
    });
    expect(notice.code, notice.message).toBe(OK);
    const image = await uploadFile(admin, '示意图.png', 'png');
    const category = await t.db.selectFrom('help_categories').select('id').orderBy('id').executeTakeFirstOrThrow();
    const article = await call(admin, 'POST', '/api/v1/help/articles', {
      title: '迁移测试文章',
      body: `![图](${image.url})`,
      categoryId: category.id,
      sort: 1,
    });
    expect(article.code, article.message).toBe(OK);
    const free = await uploadFile(admin, '未使用.pdf');
    const certificate = await t.db.selectFrom('tax_certificates').select('file_url').executeTakeFirstOrThrow();
    const invoice = await t.db
      .selectFrom('invoices')
      .select('invoice_file_url')
      .where('invoice_file_url', 'is not', null)
      .executeTakeFirstOrThrow();

    // As before the migration: no file has a purpose yet.
    await t.db.updateTable('uploads').set({ purpose: null }).execute();
    await backfillUploadPurposes(t.db);

    expect(await purposeOf(idOf(certificate.file_url))).toBe('tax_certificate');
    expect(await purposeOf(idOf(invoice.invoice_file_url as string))).toBe('invoice_file');
    expect(await purposeOf(annex.id)).toBe('notice');
    expect(await purposeOf(image.id)).toBe('help_image');
    expect(await purposeOf(free.id)).toBeNull();
  });
});
