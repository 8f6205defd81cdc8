import { ENABLED_STATUS } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

/**
 * Invoice categories (开票类目) per edition: /adCategoryManger (UI_BILLING_CATEGORY_MGR, edition 1) and
 * /adSmallCategoryManger (UI_XGM_BILLING_CATEGORY_MGR, edition 3). The edition is part of the list and create
 * paths; a merchant's application offers the enabled categories of its edition. A category named by an
 * application cannot be deleted (the server says so; it can be disabled instead).
 */
function categoryDeclaration(name: string, label: string, code: string, platformMark: 1 | 3): ResourceDeclaration {
  const codes = [code];
  return {
    name,
    label,
    recordTitle: 'name',
    api: {
      list: `/api/v1/invoicecategories/platform/${platformMark}/search`,
      one: '/api/v1/invoicecategories/:id',
      create: `/api/v1/invoicecategories/platform/${platformMark}`,
      update: '/api/v1/invoicecategories/:id',
      delete: '/api/v1/invoicecategories/:id',
    },
    permissions: { list: codes, create: codes, edit: codes, delete: codes },
    views: { create: true, edit: true },
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: [
      { source: 'id', label: '编号', type: 'number', sortable: true },
      { source: 'name', label: '类目名称', type: 'text', sortable: true, form: true, required: true },
      { source: 'taxCode', label: '税收分类编码', type: 'text', form: true },
      { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, form: true },
      { source: 'remark', label: '备注', type: 'longtext', form: true },
      { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
    ],
    filters: [
      { key: 'name', label: '类目名称', type: 'text', alwaysOn: true },
      { key: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, alwaysOn: true },
    ],
  };
}

export const adCategoryManger = categoryDeclaration('adCategoryManger', '开票类目', 'UI_BILLING_CATEGORY_MGR', 1);
export const adSmallCategoryManger = categoryDeclaration(
  'adSmallCategoryManger',
  '小规模开票类目',
  'UI_XGM_BILLING_CATEGORY_MGR',
  3,
);

/** The codes that manage one edition's categories. */
export const CATEGORY_EDITION_CODES: Readonly<Record<1 | 3, readonly string[]>> = {
  1: adCategoryManger.permissions.list,
  3: adSmallCategoryManger.permissions.list,
};

export const INVOICE_CATEGORY_RESOURCES: readonly ResourceDeclaration[] = [adCategoryManger, adSmallCategoryManger];
