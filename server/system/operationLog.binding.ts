import { sql } from 'kysely';
import { operationLog } from '../../resources/operationLog';
import type { ResourceBinding } from '../engine/binding';
import { describeOperation } from './operationLogText';

const SHOWN_LATER = sql`NULL`;

/**
 * /adOperationLog on the resource engine: read-only (the declaration has no write paths). 页面, 操作, 记录 and
 * 变更内容 are worked out from the stored entry when it is read (operationLogText.ts), old entries included.
 */
export const operationLogBinding: ResourceBinding = {
  declaration: operationLog,
  table: 'operation_logs',
  computed: { pageName: SHOWN_LATER, actionText: SHOWN_LATER, recordText: SHOWN_LATER, changeText: SHOWN_LATER },
  filters: {
    username: { column: 'operation_logs.username', match: 'equals' },
    stime: { column: 'operation_logs.create_time' },
  },
  present: (row) => {
    const text = describeOperation({
      resource: (row.resource as string | null) ?? null,
      action: String(row.action ?? ''),
      method: String(row.method ?? ''),
      path: String(row.path ?? ''),
      recordId: row.recordId === null || row.recordId === undefined ? null : Number(row.recordId),
      recordTitle: (row.recordTitle as string | null) ?? null,
      changes: String(row.changes ?? '{}'),
    });
    return {
      ...row,
      pageName: text.page,
      actionText: text.action,
      recordText: text.record,
      changeText: text.changes,
    };
  },
  messages: { notFound: '日志不存在', idLabel: '日志编号' },
};
