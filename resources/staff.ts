import { ENABLED_STATUS } from '../src/domain/enums';
import { STAFF_VIEWS, type StaffView } from '../src/domain/staff';
import type { ResourceDeclaration } from './types';

/**
 * 客服 / 财务人员 / 合伙人 management, standard and small-scale: one list per page of STAFF_VIEWS, served by
 * server/people/staff.routes.ts (which takes its filter keys and sort fields from here). The generator draws the
 * list; the account form (role, departments and branches picked by name) and the row actions that depend on who
 * is looking are src/pages/system/StaffList.tsx.
 */
function staffDeclaration(view: StaffView): ResourceDeclaration {
  const base = `/api/v1/staff/${view.name}`;
  return {
    name: view.name,
    label: view.noun,
    recordTitle: 'username',
    api: { list: base, one: `${base}/:id` },
    permissions: { list: view.codes, create: view.codes, edit: view.codes },
    views: {},
    customList: 'StaffList',
    customRowActions: true,
    defaultSort: { field: 'id', order: 'DESC' },
    fields: [
      { source: 'id', label: '编号', type: 'number', sortable: true, hidden: true },
      { source: 'username', label: '用户名', type: 'text' },
      { source: 'displayName', label: '姓名', type: 'text' },
      { source: 'mobile', label: '手机号', type: 'text' },
      { source: 'roleName', label: '角色', type: 'text' },
      { source: 'departmentNames', label: '部门', type: 'text' },
      { source: 'subsidiaryNames', label: '分公司', type: 'text' },
      { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS },
      { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
    ],
    filters: [
      { key: 'username', label: '用户名', type: 'text', alwaysOn: true },
      { key: 'displayName', label: '姓名', type: 'text' },
      { key: 'mobile', label: '手机号', type: 'text', alwaysOn: true },
      { key: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, alwaysOn: true },
    ],
    actions: [
      {
        name: 'disable',
        label: '停用',
        method: 'PATCH',
        path: `${base}/:id/status`,
        body: { status: 0 },
        confirm: '停用后该账号立即退出登录且无法登录，确定停用吗？',
        visibleWhen: { field: 'status', in: [1] },
      },
      {
        name: 'enable',
        label: '启用',
        method: 'PATCH',
        path: `${base}/:id/status`,
        body: { status: 1 },
        confirm: '启用后该账号可以重新登录，确定启用吗？',
        visibleWhen: { field: 'status', in: [0] },
      },
      {
        name: 'resetPassword',
        label: '重置密码',
        method: 'POST',
        path: `${base}/:id/resetpwd`,
        body: {},
        confirm: '新密码将通过短信发送到该账号的手机，其所有登录将失效，确定重置吗？',
      },
    ],
  };
}

export const STAFF_RESOURCES: readonly ResourceDeclaration[] = STAFF_VIEWS.map(staffDeclaration);

export function staffDeclarationOf(name: string): ResourceDeclaration | undefined {
  return STAFF_RESOURCES.find((declaration) => declaration.name === name);
}
