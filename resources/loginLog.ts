import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { LOGIN_MODE_CHOICES, LOGIN_RESULT_CHOICES } from '../src/domain/loginLog';
import type { ResourceDeclaration } from './types';

/**
 * 登录日志: /adLoginLog (UI_LOGIN_LOG, under 系统设置). Every login attempt on every login path — password, SMS,
 * the small-scale tab, SSO, a company switch — with the account, how, from where (IP, browser), how it ended and
 * why (server/accounts/loginRecords.ts). Read-only; kept LOGIN_LOG_RETENTION_DAYS (180). Never a password or code.
 */
export const loginLog: ResourceDeclaration = {
  name: 'adLoginLog',
  label: '登录日志',
  recordTitle: 'username',
  api: { list: '/api/v1/loginlogs/search', one: '/api/v1/loginlogs/:id' },
  permissions: { list: ['UI_LOGIN_LOG'] },
  views: {},
  // By id: attempts in the same second keep the order they happened in (createTime has whole seconds).
  defaultSort: { field: 'id', order: 'DESC' },
  pageSizes: [50, 100, 200],
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'createTime', label: '登录时间', type: 'datetime', sortable: true },
    { source: 'username', label: '账号', type: 'text', sortable: true },
    { source: 'mobile', label: '手机号', type: 'text' },
    { source: 'mode', label: '登录方式', type: 'enum', choices: LOGIN_MODE_CHOICES },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { source: 'result', label: '结果', type: 'enum', choices: LOGIN_RESULT_CHOICES },
    { source: 'message', label: '说明', type: 'text' },
    { source: 'ip', label: '登录IP', type: 'text' },
    { source: 'browser', label: '浏览器', type: 'text' },
    { source: 'os', label: '操作系统', type: 'text' },
    { source: 'userAgent', label: '浏览器标识（User-Agent）', type: 'text', hidden: true },
    { source: 'userId', label: '用户编号', type: 'number', hidden: true },
  ],
  filters: [
    { key: 'username', label: '账号', type: 'text', alwaysOn: true },
    { key: 'result', label: '结果', type: 'enum', choices: LOGIN_RESULT_CHOICES, alwaysOn: true },
    { key: 'stime', endKey: 'etime', label: '登录时间', type: 'dateRange', alwaysOn: true },
    { key: 'mode', label: '登录方式', type: 'enum', choices: LOGIN_MODE_CHOICES },
    { key: 'ip', label: '登录IP', type: 'text' },
  ],
};
