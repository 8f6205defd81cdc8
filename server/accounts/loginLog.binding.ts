import { loginLog } from '../../resources/loginLog';
import type { ResourceBinding } from '../engine/binding';

/** /adLoginLog on the engine, read-only (rows are written by loginRecords.ts only); exported as .xlsx like every list. */
export const loginLogBinding: ResourceBinding = {
  declaration: loginLog,
  table: 'login_logs',
  columns: { mobile: 'login_logs.mobile_masked' },
  filters: {
    ip: { column: 'login_logs.ip', match: 'prefix' },
    stime: { column: 'login_logs.create_time' },
  },
  messages: { notFound: '登录记录不存在', idLabel: '登录记录编号' },
};
