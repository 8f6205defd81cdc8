import { operationLog } from '../../resources/operationLog';
import type { ResourceBinding } from '../engine/binding';

/** /adOperationLog on the resource engine: read-only (the declaration has no write paths). */
export const operationLogBinding: ResourceBinding = {
  declaration: operationLog,
  table: 'operation_logs',
  filters: {
    username: { column: 'operation_logs.username', match: 'equals' },
    stime: { column: 'operation_logs.create_time' },
  },
  messages: { notFound: '日志不存在', idLabel: '日志编号' },
};
