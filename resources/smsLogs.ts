import { SMS_LOG_STATUS, SMS_LOG_TYPE } from '../src/domain/smsLog';
import type { ResourceDeclaration } from './types';

const CODES = ['UI_BILLING_CATEGORY_MGR'];

/**
 * /noteSendStatus 短信发送状态 (UI_BILLING_CATEGORY_MGR): every text message the platform sent, with the
 * provider's delivery status. Numbers are masked and codes never stored; the number filter takes a full
 * mobile number.
 */
export const noteSendStatus: ResourceDeclaration = {
  name: 'noteSendStatus',
  label: '短信',
  recordTitle: 'mobile',
  api: { list: '/api/v1/smslogs/search', one: '/api/v1/smslogs/:id' },
  permissions: { list: CODES },
  views: {},
  defaultSort: { field: 'createTime', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number', sortable: true },
    { source: 'mobile', label: '手机号', type: 'text' },
    { source: 'type', label: '短信类型', type: 'enum', choices: SMS_LOG_TYPE },
    { source: 'template', label: '短信内容（已脱敏）', type: 'text' },
    { source: 'provider', label: '短信通道', type: 'text' },
    { source: 'status', label: '发送状态', type: 'enum', choices: SMS_LOG_STATUS },
    { source: 'reason', label: '失败原因', type: 'text' },
    { source: 'createTime', label: '发送时间', type: 'datetime', sortable: true },
    { source: 'updateTime', label: '状态更新时间', type: 'datetime', hidden: true },
  ],
  filters: [
    { key: 'mobile', label: '手机号', type: 'text', alwaysOn: true },
    { key: 'status', label: '发送状态', type: 'enum', choices: SMS_LOG_STATUS, alwaysOn: true },
    { key: 'type', label: '短信类型', type: 'enum', choices: SMS_LOG_TYPE },
    { key: 'stime', endKey: 'etime', label: '发送时间', type: 'dateRange' },
  ],
};
