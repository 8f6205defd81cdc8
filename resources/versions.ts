import { PLATFORM_MARK_CHOICES } from '../src/domain/enums';
import type { ResourceDeclaration } from './types';

const CODES = ['UI_VERSION_UPDATE_JCY'] as const;

/** Version history: /adVersionUpdate (UI_VERSION_UPDATE_JCY); everyone reads it at /versionUpdate. */
export const versionUpdate: ResourceDeclaration = {
  name: 'adVersionUpdate',
  label: '版本',
  recordTitle: 'version',
  api: {
    list: '/api/v1/versions/search',
    one: '/api/v1/versions/:id',
    create: '/api/v1/versions',
    update: '/api/v1/versions/:id',
    delete: '/api/v1/versions/:id',
  },
  permissions: { list: CODES, create: CODES, edit: CODES, delete: CODES },
  views: { create: true, edit: true },
  defaultSort: { field: 'releaseDate', order: 'DESC' },
  fields: [
    { source: 'id', label: '编号', type: 'number' },
    { source: 'version', label: '版本号', type: 'text', form: true, required: true },
    { source: 'releaseDate', label: '发布日期', type: 'date', sortable: true, form: true, required: true },
    { source: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, form: true, required: true },
    { source: 'content', label: '更新内容', type: 'longtext', form: true, required: true },
    { source: 'createTime', label: '创建时间', type: 'datetime' },
  ],
  filters: [{ key: 'platformmark', label: '版本', type: 'enum', choices: PLATFORM_MARK_CHOICES, alwaysOn: true }],
};

const SMALL_CODES = ['UI_XGM_VERSION_UPDATE'] as const;
const SMALL_BASE = '/api/v1/versions/platform/3';

/**
 * The small-scale twin: /adSmallVersionUpdate (UI_XGM_VERSION_UPDATE) keeps the history of edition 3 only; its
 * paths name the edition and new entries are written for it (the form has no edition field).
 */
export const smallVersionUpdate: ResourceDeclaration = {
  ...versionUpdate,
  name: 'adSmallVersionUpdate',
  label: '小规模版本',
  api: {
    list: `${SMALL_BASE}/search`,
    one: `${SMALL_BASE}/:id`,
    create: SMALL_BASE,
    update: `${SMALL_BASE}/:id`,
    delete: `${SMALL_BASE}/:id`,
  },
  permissions: { list: SMALL_CODES, create: SMALL_CODES, edit: SMALL_CODES, delete: SMALL_CODES },
  fields: versionUpdate.fields.filter((field) => field.source !== 'platformmark'),
  filters: [],
};
