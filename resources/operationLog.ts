import { ROLE_CHOICES } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

/**
 * The operation log: /adOperationLog (UI_OPERATION_LOG, under 系统设置). Every write leaves one entry (who, role,
 * when, the API path, the record, the fields before → after, the client's IP); nobody can change or delete one.
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
    { source: 'action', label: '操作', type: 'text' },
    { source: 'method', label: '请求方式', type: 'text', hidden: true },
    { source: 'path', label: '接口', type: 'text' },
    { source: 'resource', label: '页面', type: 'text', hidden: true },
    { source: 'recordId', label: '记录编号', type: 'number' },
    { source: 'changes', label: '变更内容（修改前 → 修改后）', type: 'longtext' },
    { source: 'ip', label: '客户端IP', type: 'text' },
  ],
  filters: [
    { key: 'username', label: '操作人', type: 'text', alwaysOn: true },
    { key: 'path', label: '接口', type: 'text', alwaysOn: true },
    { key: 'stime', endKey: 'etime', label: '操作时间', type: 'dateRange', alwaysOn: true },
    { key: 'recordId', label: '记录编号', type: 'number' },
  ],
};
