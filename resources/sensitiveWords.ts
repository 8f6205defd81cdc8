import type { ResourceDeclaration } from './types';

/**
 * Sensitive-word lists (敏感词), two views of one table: /adSensitiveWords (UI_SENSITIVE_WORDS, list 1: notice
 * titles and bodies, feedback) and /topUpSideSensitiveWord (UI_RECHARGE_SENSITIVE_WORD, list 2: top-up and
 * payout remarks). Words are matched ignoring case and full/half width; a text file (one word a line) adds many
 * at once (POST …/import, the custom list's 导入 button).
 */
function sensitiveWordList(name: string, label: string, code: string, path: string): ResourceDeclaration {
  const codes = [code];
  return {
    name,
    label,
    recordTitle: 'word',
    api: {
      list: `/api/v1/sensitivewords/${path}/search`,
      one: `/api/v1/sensitivewords/${path}/:id`,
      create: `/api/v1/sensitivewords/${path}`,
      update: `/api/v1/sensitivewords/${path}/:id`,
      delete: `/api/v1/sensitivewords/${path}/:id`,
    },
    permissions: { list: codes, create: codes, edit: codes, delete: codes },
    views: { create: true, edit: true },
    defaultSort: { field: 'createTime', order: 'DESC' },
    fields: [
      { source: 'id', label: '编号', type: 'number', sortable: true },
      { source: 'word', label: '敏感词', type: 'text', sortable: true, form: true, required: true },
      { source: 'creator', label: '添加人', type: 'text' },
      { source: 'createTime', label: '添加时间', type: 'datetime', sortable: true },
    ],
    filters: [
      { key: 'word', label: '敏感词', type: 'text', alwaysOn: true },
      { key: 'stime', endKey: 'etime', label: '添加时间', type: 'dateRange' },
    ],
    customList: 'SensitiveWordList',
  };
}

export const adSensitiveWords = sensitiveWordList('adSensitiveWords', '敏感词', 'UI_SENSITIVE_WORDS', 'general');
export const topUpSideSensitiveWord = sensitiveWordList(
  'topUpSideSensitiveWord',
  '充值端敏感词',
  'UI_RECHARGE_SENSITIVE_WORD',
  'topup',
);

export const SENSITIVE_WORD_RESOURCES: readonly ResourceDeclaration[] = [adSensitiveWords, topUpSideSensitiveWord];
