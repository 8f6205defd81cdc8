import { INDUSTRY_PROCESS_STATUS } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

const CODES = ['ADM_INDUSTRY_MGR'] as const;

/**
 * Industry management: /adIndustrymanagement (ADM_INDUSTRY_MGR). An industry in use (processStatus 2, or
 * named by a company) cannot be deleted; the server answers 该行业正在使用中，不能删除.
 */
export const industries: ResourceDeclaration = {
  name: 'adIndustrymanagement',
  label: '行业',
  recordTitle: 'nm',
  api: {
    list: '/api/v1/industry/search',
    one: '/api/v1/industry/v/:id',
    create: '/api/v1/industry',
    update: '/api/v1/industry/:id',
    delete: '/api/v1/industry/:id',
  },
  permissions: { list: CODES, create: CODES, edit: CODES, delete: CODES },
  views: { create: true, edit: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '行业编号', type: 'number', sortable: true },
    {
      source: 'nm',
      label: '行业名称',
      type: 'text',
      sortable: true,
      form: true,
      required: true,
      validate: 'industryName',
    },
    { source: 'processStatus', label: '处理状态', type: 'enum', choices: INDUSTRY_PROCESS_STATUS, form: true },
    { source: 'remark', label: '备注', type: 'longtext', form: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'nm', label: '行业名称', type: 'text', alwaysOn: true },
    { key: 'processStatus', label: '处理状态', type: 'enum', choices: INDUSTRY_PROCESS_STATUS, alwaysOn: true },
  ],
};
