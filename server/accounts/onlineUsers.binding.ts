import { onlineUsers } from '../../resources/onlineUsers';
import type { ResourceBinding } from '../engine/binding';
import { aliveSession } from './onlineSessions';

/**
 * /adOnlineUser on the engine: the alive sessions only (onlineSessions.ts `aliveSession`, evaluated in SQL at each
 * read). 强退 is hand-written (onlineUsers.routes.ts): it revokes the session, which the engine's actions do not.
 */
export const onlineUsersBinding: ResourceBinding = {
  declaration: onlineUsers,
  table: 'user_sessions',
  columns: { roleName: 'roles.name', companyName: 'companies.name' },
  joins: [
    { table: 'roles', on: ['roles.id', 'user_sessions.role_id'] },
    { table: 'companies', on: ['companies.id', 'user_sessions.company_id'] },
  ],
  where: aliveSession,
  // A scope of every company lists every session (staff too); any narrower scope only its companies' merchants.
  scope: { kind: 'company', column: 'user_sessions.company_id' },
  filters: {
    username: { column: 'user_sessions.username', match: 'contains' },
    ip: { column: 'user_sessions.ip', match: 'prefix' },
  },
  handWritten: ['forceLogout'],
  messages: { notFound: '该会话已下线或已过期', idLabel: '会话编号' },
};
