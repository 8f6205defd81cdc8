import { ENABLED_STATUS } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

const CODES = ['UI_SYSTEM_MAINTAIN_ADMIN_JCY'] as const;

/**
 * Maintenance windows: /adSystemMaintainAdmin. While an enabled window covers the current time the login
 * page shows 系统维护中，请稍后访问 and the server refuses logins (except with index=1).
 */
export const systemMaintain: ResourceDeclaration = {
  name: 'adSystemMaintainAdmin',
  label: '系统维护',
  recordTitle: 'title',
  api: {
    list: '/api/v1/system/upgradehtml/findall',
    one: '/api/v1/system/upgradehtml/:id',
    create: '/api/v1/system/upgradehtml/create',
    update: '/api/v1/system/upgradehtml/update/:id/0',
  },
  permissions: { list: CODES, create: CODES, edit: CODES },
  views: { create: true, edit: true },
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number' },
    { source: 'title', label: '标题', type: 'text', form: true, required: true },
    // spec §3 upgrade notice: startTime, endTime, key, status. The key names the notice for other clients.
    { source: 'key', label: '公告标识（key）', type: 'text', form: true },
    { source: 'content', label: '说明', type: 'longtext', form: true },
    { source: 'startTime', label: '开始时间', type: 'datetime', form: true, required: true },
    { source: 'endTime', label: '结束时间', type: 'datetime', form: true, required: true },
    { source: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, form: true, required: true },
    { source: 'createTime', label: '创建时间', type: 'datetime', sortable: true },
  ],
  filters: [{ key: 'status', label: '状态', type: 'enum', choices: ENABLED_STATUS, alwaysOn: true }],
};
