import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_IN_USE, MSG_NAME_LENGTH, MSG_NAME_TAKEN } from '../../server/invoices/invoiceCategories.routes';
import { BUSINESS, call, clientOf, OK, staffAccount } from './support/invoiceTestKit';
import { insertBatch, setAsideEligibleBatches } from './support/payoutFixtures';
import type { AuthedClient, TestApp } from './support/testApp';
import { createTestApp } from './support/testApp';

let t: TestApp;
let admin: AuthedClient;
let caiwu: AuthedClient; // UI_BILLING_CATEGORY_MGR only (edition 1)
let merchant: AuthedClient;
let xgm: AuthedClient;

const STANDARD = '/api/v1/invoicecategories/platform/1';
const SMALL = '/api/v1/invoicecategories/platform/3';

beforeAll(async () => {
  t = await createTestApp();
  admin = await clientOf(t.app, 'admin');
  caiwu = await clientOf(t.app, 'caiwu');
  merchant = await clientOf(t.app, 'merchant');
  xgm = await clientOf(t.app, 'xgm', 3);
});
afterAll(() => t?.close());

describe('invoice category management', () => {
  it('lists one edition per code: finance holds the standard code only', async () => {
    const standard = await call(caiwu, 'GET', `${STANDARD}/search?size=100`);
    expect(standard.code).toBe(OK);
    expect(standard.content.totalElements).toBeGreaterThan(0);
    expect(standard.content.content.every((row: { platformMark: number }) => row.platformMark === 1)).toBe(true);
    expect((await call(caiwu, 'GET', `${SMALL}/search`)).status).toBe(403);
    const small = await call(admin, 'GET', `${SMALL}/search?size=100`);
    expect(small.content.content.every((row: { platformMark: number }) => row.platformMark === 3)).toBe(true);
    const xgmManager = await staffAccount(t, 'cat_xgm', ['UI_XGM_BILLING_CATEGORY_MGR'], { roleId: 5 });
    expect((await call(xgmManager, 'GET', `${SMALL}/search`)).code).toBe(OK);
    expect((await call(xgmManager, 'GET', `${STANDARD}/search`)).status).toBe(403);
    expect((await call(merchant, 'GET', `${STANDARD}/search`)).status).toBe(403);
    expect((await call(admin, 'GET', '/api/v1/invoicecategories/platform/2/search')).message).toContain(
      '版本格式不正确',
    );
  });

  it('filters by name and status', async () => {
    const disabled = await call(caiwu, 'GET', `${STANDARD}/search?q=${encodeURIComponent('status:0')}`);
    expect(disabled.content.totalElements).toBeGreaterThan(0);
    expect(disabled.content.content.every((row: { status: number }) => row.status === 0)).toBe(true);
    const named = await call(caiwu, 'GET', `${STANDARD}/search?q=${encodeURIComponent('name:人力资源')}`);
    expect(named.content.content.map((row: { name: string }) => row.name)).toEqual(['现代服务*人力资源服务']);
  });

  it('creates with the name rule, unique per edition, enabled by default', async () => {
    const missing = await call(caiwu, 'POST', STANDARD, { taxCode: '123' });
    expect(missing).toMatchObject({ code: BUSINESS, message: '请输入类目名称' });
    expect((await call(caiwu, 'POST', STANDARD, { name: '类' })).message).toBe(MSG_NAME_LENGTH);
    expect((await call(caiwu, 'POST', STANDARD, { name: '类'.repeat(65) })).message).toBe(MSG_NAME_LENGTH);
    const taken = await call(caiwu, 'POST', STANDARD, { name: '现代服务*人力资源服务' });
    expect(taken).toMatchObject({
      code: BUSINESS,
      message: MSG_NAME_TAKEN,
      content: { errors: { name: MSG_NAME_TAKEN } },
    });
    expect((await call(caiwu, 'POST', STANDARD, { name: '现代服务*咨询服务', taxCode: 'abc' })).message).toBe(
      '税收分类编码只能是数字',
    );
    const created = await call(caiwu, 'POST', STANDARD, { name: '现代服务*咨询服务', taxCode: '3040300000000000000' });
    expect(created.code).toBe(OK);
    expect(created.content).toMatchObject({
      name: '现代服务*咨询服务',
      platformMark: 1,
      status: 1,
      taxCode: '3040300000000000000',
    });
    // The same name is free in the other edition.
    expect((await call(admin, 'POST', SMALL, { name: '现代服务*咨询服务' })).code).toBe(OK);
    expect((await call(caiwu, 'POST', SMALL, { name: '现代服务*其他' })).status).toBe(403);
    expect((await call(merchant, 'POST', STANDARD, { name: '商户不能建' })).status).toBe(403);
  });

  it('edits and reads one category only with the code of its edition', async () => {
    const created = await call(caiwu, 'POST', STANDARD, { name: '现代服务*培训服务' });
    const id = created.content.id;
    const edited = await call(caiwu, 'PUT', `/api/v1/invoicecategories/${id}`, { status: 0, remark: '暂停' });
    expect(edited.content).toMatchObject({ id, status: 0, remark: '暂停', name: '现代服务*培训服务' });
    expect((await call(caiwu, 'GET', `/api/v1/invoicecategories/${id}`)).content.status).toBe(0);
    expect((await call(caiwu, 'PUT', `/api/v1/invoicecategories/${id}`, { status: 7 })).message).toBe(
      '状态的取值不正确',
    );
    const small = await call(admin, 'POST', SMALL, { name: '生活服务*家政服务' });
    expect((await call(caiwu, 'GET', `/api/v1/invoicecategories/${small.content.id}`)).status).toBe(403);
    expect((await call(caiwu, 'DELETE', `/api/v1/invoicecategories/${small.content.id}`)).status).toBe(403);
  });

  it('offers merchants the enabled categories of their edition only', async () => {
    const standard = await call(merchant, 'GET', '/api/v1/invoices/categories');
    const rows = await t.db.selectFrom('invoice_categories').select(['id', 'platform_mark', 'status']).execute();
    const expected = (mark: number) =>
      rows
        .filter((row) => row.platform_mark === mark && row.status === 1)
        .map((row) => Number(row.id))
        .sort((a, b) => a - b);
    expect(standard.content.map((row: { id: number }) => row.id)).toEqual(expected(1));
    const small = await call(xgm, 'GET', '/api/v1/invoices/categories');
    expect(small.content.map((row: { id: number }) => row.id)).toEqual(expected(3));
  });

  it('deletes a category no application names, and refuses one in use', async () => {
    const unused = await call(caiwu, 'POST', STANDARD, { name: '现代服务*待删除' });
    expect((await call(caiwu, 'DELETE', `/api/v1/invoicecategories/${unused.content.id}`)).code).toBe(OK);
    expect((await call(caiwu, 'GET', `/api/v1/invoicecategories/${unused.content.id}`)).message).toBe('开票类目不存在');

    const used = await call(caiwu, 'POST', STANDARD, { name: '现代服务*在用类目' });
    await t.db
      .updateTable('companies')
      .set({
        invoice_title: '上海灵动科技有限公司',
        invoice_tax_number: '91310000MA1FL0ABCD',
        invoice_bank: '招商银行上海分行',
        invoice_account: '121909876510101',
        invoice_address: '上海市浦东新区世纪大道100号',
        invoice_phone: '021-55556666',
      })
      .where('id', '=', 1)
      .execute();
    await setAsideEligibleBatches(t.db, 1);
    const batch = await insertBatch(t.db, { companyId: 1, platformMark: 1, amounts: [1_000_000] });
    const applied = await call(merchant, 'POST', '/api/v1/invoices', {
      batchIds: [batch.id],
      kind: 2,
      categoryId: used.content.id,
    });
    expect(applied.code, applied.message).toBe(OK);
    const refused = await call(caiwu, 'DELETE', `/api/v1/invoicecategories/${used.content.id}`);
    expect(refused).toMatchObject({ code: BUSINESS, message: MSG_IN_USE });
    expect((await call(caiwu, 'GET', `/api/v1/invoicecategories/${used.content.id}`)).code).toBe(OK);
  });
});
