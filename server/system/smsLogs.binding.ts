import { noteSendStatus } from '../../resources/smsLogs';
import type { ResourceBinding } from '../engine/binding';

/**
 * /noteSendStatus on the engine, read-only. The list shows the masked number; the number filter matches the
 * full number exactly (a partial number would let anyone enumerate numbers digit by digit).
 */
export const smsLogsBinding: ResourceBinding = {
  declaration: noteSendStatus,
  table: 'sms_logs',
  columns: { mobile: 'sms_logs.mobile_masked' },
  filters: {
    mobile: { column: 'sms_logs.mobile', match: 'equals' },
    stime: { column: 'sms_logs.create_time' },
  },
  messages: { notFound: '短信记录不存在', idLabel: '短信记录编号' },
};
