import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import { FORCE_LOGOUT_MSG, LOGIN_MODE_CHOICES, SESSION_END } from '../src/domain/loginLog';
import type { ResourceDeclaration } from './types';

const CODES = ['UI_ONLINE_USER'];

/**
 * 在线用户: /adOnlineUser (UI_ONLINE_USER, under 系统设置). The sessions alive now — the ones every server process
 * would admit at their next request (server/accounts/onlineSessions.ts) — with account, role, company, where
 * from, when they logged in and were last seen (kept to the minute). 强退 ends one: its next request, on any process,
 * is refused and the browser returns to the login page (server/accounts/onlineUsers.routes.ts).
 */
export const onlineUsers: ResourceDeclaration = {
  name: 'adOnlineUser',
  label: '在线会话',
  recordTitle: 'username',
  api: { list: '/api/v1/onlineusers/search', one: '/api/v1/onlineusers/:id' },
  permissions: { list: CODES, edit: CODES },
  views: {},
  defaultSort: { field: 'lastSeenTime', order: 'DESC' },
  fields: [
    { source: 'username', label: '账号', type: 'text', sortable: true },
    { source: 'roleName', label: '角色', type: 'text' },
    { source: 'companyName', label: '公司', type: 'text' },
    { source: 'platformMark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES },
    { source: 'mode', label: '登录方式', type: 'enum', choices: LOGIN_MODE_CHOICES },
    { source: 'ip', label: '登录IP', type: 'text' },
    { source: 'browser', label: '浏览器', type: 'text' },
    { source: 'os', label: '操作系统', type: 'text', hidden: true },
    { source: 'loginTime', label: '登录时间', type: 'datetime', sortable: true },
    { source: 'lastSeenTime', label: '最后访问时间', type: 'datetime', sortable: true },
    { source: 'expireTime', label: '会话到期时间', type: 'datetime', hidden: true },
    { source: 'id', label: '会话编号', type: 'number', hidden: true },
    {
      source: 'endReason',
      label: '下线方式',
      type: 'enum',
      hidden: true,
      choices: [
        { id: SESSION_END.logout, name: '退出登录' },
        { id: SESSION_END.forced, name: '强制下线' },
      ],
    },
  ],
  filters: [
    { key: 'username', label: '账号', type: 'text', alwaysOn: true },
    { key: 'ip', label: '登录IP', type: 'text', alwaysOn: true },
    { key: 'mode', label: '登录方式', type: 'enum', choices: LOGIN_MODE_CHOICES },
  ],
  actions: [
    {
      name: 'forceLogout',
      label: '强退',
      method: 'POST',
      path: '/api/v1/onlineusers/:id/forcelogout',
      confirm: '确定强制该会话下线吗？该账号在这个浏览器里的下一次操作将回到登录页，需要重新登录。',
      success: FORCE_LOGOUT_MSG.done,
      permissions: CODES,
    },
  ],
};
