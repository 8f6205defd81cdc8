import { YES_NO } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

export const SMS_CODE_TYPES = [
  { id: 1, name: '登录' },
  { id: 2, name: '重置密码' },
  { id: 4, name: '设置支付密码' },
  { id: 6, name: '注册' },
] as const;

/** What the lookup shows instead of a code that still works (unused, unexpired, tries left). */
export const MASKED_SMS_CODE = '******';

/**
 * Verification code lookup: /adCodeQuery (UI_VERIFICATION_CODE), read-only over sms_codes. A code that still
 * works is shown masked; department-scoped staff see only mobiles of their departments' companies; only the
 * admin sees codes sent to staff accounts.
 */
export const codeQuery: ResourceDeclaration = {
  name: 'adCodeQuery',
  label: '验证码',
  recordTitle: 'mobile',
  api: { list: '/api/v1/sms/codes/search' },
  permissions: { list: ['UI_VERIFICATION_CODE'] },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'mobile', label: '手机号', type: 'text' },
    { source: 'code', label: '验证码', type: 'text' },
    { source: 'type', label: '类型', type: 'enum', choices: SMS_CODE_TYPES },
    { source: 'createTime', label: '发送时间', type: 'datetime', sortable: true },
    { source: 'used', label: '是否已使用', type: 'enum', choices: YES_NO },
  ],
  filters: [
    { key: 'mobile', label: '手机号', type: 'text', alwaysOn: true },
    { key: 'type', label: '类型', type: 'enum', choices: SMS_CODE_TYPES, alwaysOn: true },
  ],
};
