import { ENABLED_STATUS } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

/**
 * /teamAdmin 团队管理: the company owner's sub-accounts (server/accounts/subaccounts.routes.ts, which takes its
 * filter keys and sort fields from here; only the owner reaches it, routes.ts ownerOnly). The generator draws the
 * list; the add form (the owner's codes to grant) and 停用 / 启用 are src/pages/merchant/TeamAdmin.tsx.
 */
export const teamAdmin: ResourceDeclaration = {
  name: 'teamAdmin',
  label: '子账号',
  recordTitle: 'username',
  api: { list: '/api/v1/company/subaccounts/search', one: '/api/v1/company/subaccounts/:id' },
  permissions: { list: [] },
  views: {},
  customList: 'TeamAdmin',
  customRowActions: true,
  defaultSort: { field: 'id', order: 'ASC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true, hidden: true },
    { source: 'username', label: '用户名', type: 'text' },
    { source: 'mobile', label: '手机号', type: 'text' },
    { source: 'authorityNames', label: '权限', type: 'text' },
    { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [
    { key: 'username', label: '用户名', type: 'text', alwaysOn: true },
    { key: 'mobile', label: '手机号', type: 'text', alwaysOn: true },
    { key: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, alwaysOn: true },
  ],
};
