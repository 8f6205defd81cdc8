import { sql } from 'kysely';
import { adCategoryManger, adSmallCategoryManger } from '../../resources/invoiceCategories';
import type { ResourceDeclaration } from '../../resources/types';
import type { ResourceBinding } from '../engine/binding';
import { lengthBetween } from '../http/fieldChecks';

export const MSG_NAME_LENGTH = '请输入2-64位类目名称';
export const MSG_NAME_TAKEN = '该开票类目已存在';
export const MSG_IN_USE = '该开票类目已被发票申请使用，不能删除（可将其停用）';
const TAX_CODE = /^\d{1,32}$/;

/**
 * /adCategoryManger and /adSmallCategoryManger (resources/invoiceCategories.ts) on the resource engine: two
 * views of invoice_categories, each fixed to its edition. List and create carry the edition in their paths;
 * one, update and delete share /api/v1/invoicecategories/:id and answer as the record's edition, with its code.
 * Names are 2-64 characters, unique per edition; a category an application names cannot be deleted.
 */
function categoryBinding(declaration: ResourceDeclaration, platformMark: 1 | 3, edition: string): ResourceBinding {
  return {
    declaration,
    table: 'invoice_categories',
    fixed: { platform_mark: platformMark },
    computed: { platformMark: sql.ref('invoice_categories.platform_mark') },
    timestamps: { create: 'create_time' },
    maxChars: { taxCode: 32, remark: 128 },
    checks: () => ({
      name: lengthBetween(2, 64, MSG_NAME_LENGTH),
      taxCode: (value) => (TAX_CODE.test(String(value)) ? undefined : '税收分类编码只能是数字'),
    }),
    unique: { field: 'name', message: MSG_NAME_TAKEN },
    // A cleared status keeps the stored one (NOT NULL; a new category starts enabled).
    beforeSave: async (_context, values) => {
      if (values.status === null) delete values.status;
      return undefined;
    },
    deleteGuard: {
      unlessUsed: (eb, id) =>
        eb.not(eb.exists(eb.selectFrom('invoices').select('invoices.id').where('invoices.category_id', '=', id))),
      message: MSG_IN_USE,
    },
    messages: { notFound: '开票类目不存在', idLabel: '类目编号', denied: `无权处理${edition}的发票业务` },
  };
}

export const invoiceCategoryBindings: readonly ResourceBinding[] = [
  categoryBinding(adCategoryManger, 1, '标准版'),
  categoryBinding(adSmallCategoryManger, 3, '小规模版'),
];
