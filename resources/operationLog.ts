import { ROLE_CHOICES } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

/**
 * The operation log: /adOperationLog (UI_OPERATION_LOG, under 系统设置). Every write leaves one entry (who, role,
 * when, the API path, the record, the fields before → after, the client's IP); nobody can change or delete one.
 * The columns an operator reads (页面, 操作, 记录, 变更内容) are the stored entry in words
 * (server/system/operationLogText.ts); the stored method, path, action and JSON stay as hidden columns.
 */
export const operationLog: ResourceDeclaration = {
  name: 'adOperationLog',
  label: '操作日志',
  recordTitle: 'id',
  api: { list: '/api/v1/operationlogs/search', one: '/api/v1/operationlogs/:id' },
  permissions: { list: ['UI_OPERATION_LOG'] },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  pageSizes: [50, 100, 200],
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'createTime', label: '操作时间', type: 'datetime', sortable: true },
    { source: 'username', label: '操作人', type: 'text' },
    { source: 'roleId', label: '角色', type: 'enum', choices: ROLE_CHOICES },
    { source: 'pageName', label: '页面', type: 'text' },
    { source: 'actionText', label: '操作', type: 'text' },
    { source: 'recordText', label: '记录', type: 'text' },
    { source: 'changeText', label: '变更内容（修改前 → 修改后）', type: 'longtext' },
    { source: 'ip', label: '客户端IP', type: 'text' },
    { source: 'action', label: '操作代码', type: 'text', hidden: true },
    { source: 'method', label: '请求方式', type: 'text', hidden: true },
    { source: 'path', label: '接口', type: 'text', hidden: true },
    { source: 'resource', label: '资源', type: 'text', hidden: true },
    { source: 'recordId', label: '记录编号', type: 'number', hidden: true },
    { source: 'recordTitle', label: '记录名称', type: 'text', hidden: true },
    { source: 'changes', label: '变更数据', type: 'longtext', hidden: true },
  ],
  filters: [
    { key: 'username', label: '操作人', type: 'text', alwaysOn: true },
    { key: 'path', label: '接口', type: 'text' },
    { key: 'stime', endKey: 'etime', label: '操作时间', type: 'dateRange', alwaysOn: true },
    { key: 'recordId', label: '记录编号', type: 'number' },
  ],
};
