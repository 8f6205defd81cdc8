import { ENABLED_STATUS, PLATFORM_MARK_CHOICES, YES_NO } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

const CODES = ['UI_BRANCH_OFFICE_MGR'] as const;

/**
 * Subsidiary (branch office) management: /adPartnerManageSub (UI_BRANCH_OFFICE_MGR). Companies refer to
 * their subsidiary, so a subsidiary is never deleted: it is enabled or disabled (PATCH ?status=1|0).
 */
export const subsidiaries: ResourceDeclaration = {
  name: 'adPartnerManageSub',
  label: '分公司',
  recordTitle: 'sname',
  api: {
    list: '/api/v1/subsidiary/search',
    one: '/api/v1/subsidiaries/mark/:id',
    create: '/api/v1/subsidiaries',
    update: '/api/v1/subsidiaries/:id',
  },
  permissions: { list: CODES, create: CODES, edit: CODES },
  views: { create: true, edit: true },
  // CRM binding and the virtual mark per row (src/pages/crm/SubsidiaryList.tsx), beside the actions below.
  customList: 'SubsidiaryList',
  customListFirstPaint: true,
  customRowActions: true,
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '分公司编号', type: 'number', sortable: true },
    {
      source: 'sname',
      label: '分公司名称',
      type: 'text',
      sortable: true,
      form: true,
      required: true,
      validate: 'subsidiaryName',
    },
    {
      source: 'departID',
      label: '所属部门',
      type: 'reference',
      reference: 'department',
      nameSource: 'departmentName',
      form: true,
      required: true,
    },
    // The name the department column shows (a join); not a column of its own.
    { source: 'departmentName', label: '所属部门名称', type: 'text', list: false },
    { source: 'crmCompanyName', label: 'CRM公司名称', type: 'text', form: true },
    { source: 'isVirtual', label: '是否虚拟', type: 'enum', choices: YES_NO, form: true },
    { source: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, form: true, required: true },
    { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'sname', label: '分公司名称', type: 'text', alwaysOn: true },
    { key: 'departID', label: '部门', type: 'reference', reference: 'department' },
    { key: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, alwaysOn: true },
    { key: 'isVirtual', label: '是否虚拟', type: 'enum', choices: YES_NO },
    { key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
  ],
  actions: [
    {
      name: 'enable',
      label: '启用',
      method: 'PATCH',
      path: '/api/v1/subsidiaries/:id',
      query: { status: 1 },
      visibleWhen: { field: 'status', in: [0] },
    },
    {
      name: 'disable',
      label: '停用',
      method: 'PATCH',
      path: '/api/v1/subsidiaries/:id',
      query: { status: 0 },
      visibleWhen: { field: 'status', in: [1] },
      confirm: '确定停用该分公司吗？停用后可以重新启用。',
    },
  ],
};
