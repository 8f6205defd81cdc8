import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adCategoryManger } from '../../resources/invoiceCategories';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { checkedValues, choiceFilter, type FieldCheck, lengthBetween } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  type CategoryRecord,
  type CategoryValues,
  categoryNameTaken,
  deleteCategoryUnlessUsed,
  EDITABLE_COLUMNS,
  type EditableSource,
  findCategory,
  insertCategory,
  searchCategories,
  updateCategory,
} from './invoiceCategories.repository';
import { assertEdition, CATEGORY_EDITION_CODES } from './services/invoiceEditions';

/**
 * Invoice categories per edition, driven by resources/invoiceCategories.ts (both editions' declarations share
 * fields and filters; the edition is in the path and decides the code: UI_BILLING_CATEGORY_MGR for 1,
 * UI_XGM_BILLING_CATEGORY_MGR for 3):
 * - GET    /api/v1/invoicecategories/platform/:mark/search?q=name:…;status:…  one page;
 * - POST   /api/v1/invoicecategories/platform/:mark                          create (name 2-64, unique per edition);
 * - GET    /api/v1/invoicecategories/:id                                     one category;
 * - PUT    /api/v1/invoicecategories/:id                                     change the fields sent;
 * - DELETE /api/v1/invoicecategories/:id                                     delete, unless an application names it.
 */

const LIST_SPEC = {
  filterKeys: filterKeys(adCategoryManger),
  sortFields: sortFields(adCategoryManger),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

const FORM_FIELDS = adCategoryManger.fields.filter(
  (field): field is FieldDeclaration & { source: EditableSource } =>
    !!field.form && !field.readOnly && field.source in EDITABLE_COLUMNS,
);

const MAX_CHARS: Partial<Record<EditableSource, number>> = { taxCode: 32, remark: 128 };
export const MSG_NAME_LENGTH = '请输入2-64位类目名称';
export const MSG_NAME_TAKEN = '该开票类目已存在';
export const MSG_IN_USE = '该开票类目已被发票申请使用，不能删除（可将其停用）';
const TAX_CODE = /^\d{1,32}$/;

function markOf(request: FastifyRequest): 1 | 3 {
  const raw = (request.params as { mark: string }).mark;
  if (raw === '1') return 1;
  if (raw === '3') return 3;
  fail('版本格式不正确（只能是 1 或 3）');
}

function checks(db: Db, platformMark: number, exceptId?: number): Partial<Record<EditableSource, FieldCheck>> {
  const length = lengthBetween(2, 64, MSG_NAME_LENGTH);
  return {
    name: async (value) =>
      length(value) ??
      ((await categoryNameTaken(db, platformMark, String(value), exceptId)) ? MSG_NAME_TAKEN : undefined),
    taxCode: (value) => (TAX_CODE.test(String(value)) ? undefined : '税收分类编码只能是数字'),
  };
}

async function categoryOrFail(db: Db, id: number): Promise<CategoryRecord> {
  const category = await findCategory(db, id);
  if (!category) fail('开票类目不存在');
  return category;
}

export async function invoiceCategoriesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  // Either edition's code reaches the handlers, which then check the code of the edition concerned.
  const access = {
    config: { access: { permissions: [...CATEGORY_EDITION_CODES[1], ...CATEGORY_EDITION_CODES[3]] } },
  };

  /** The category of :id, after the caller's code for its edition was checked. */
  const managed = async (request: FastifyRequest) => {
    const id = parseId((request.params as { id: string }).id, '类目编号');
    const category = await categoryOrFail(db, id);
    assertEdition(requireAuth(request), CATEGORY_EDITION_CODES, category.platformMark);
    return category;
  };

  app.get('/api/v1/invoicecategories/platform/:mark/search', access, async (request) => {
    const platformMark = markOf(request);
    assertEdition(requireAuth(request), CATEGORY_EDITION_CODES, platformMark);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, adCategoryManger.filters);
    const { rows, total } = await searchCategories(
      db,
      {
        platformMark,
        name: read.text('name'),
        status: choiceFilter(adCategoryManger.filters, 'status', read.number('status')),
      },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.post('/api/v1/invoicecategories/platform/:mark', access, async (request) => {
    const platformMark = markOf(request);
    assertEdition(requireAuth(request), CATEGORY_EDITION_CODES, platformMark);
    const values: CategoryValues = await checkedValues(request.body, FORM_FIELDS, {
      requireAll: true,
      maxChars: MAX_CHARS,
      checks: checks(db, platformMark),
    });
    const id = await insertCategory(db, platformMark, values, chinaTime());
    return ok(await categoryOrFail(db, id), '新增成功');
  });

  app.get('/api/v1/invoicecategories/:id', access, async (request) => ok(await managed(request)));

  app.put('/api/v1/invoicecategories/:id', access, async (request) => {
    const category = await managed(request);
    const values: CategoryValues = await checkedValues(request.body, FORM_FIELDS, {
      maxChars: MAX_CHARS,
      checks: checks(db, category.platformMark, category.id),
    });
    await updateCategory(db, category.id, values);
    return ok(await categoryOrFail(db, category.id), '保存成功');
  });

  app.delete('/api/v1/invoicecategories/:id', access, async (request) => {
    const category = await managed(request);
    if (!(await deleteCategoryUnlessUsed(db, category.id))) {
      await categoryOrFail(db, category.id);
      fail(MSG_IN_USE);
    }
    return ok(category, '删除成功');
  });
}
