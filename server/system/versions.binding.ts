import { smallVersionUpdate, versionUpdate } from '../../resources/versions';
import type { ResourceBinding } from '../engine/binding';
import { lengthBetween } from '../http/fieldChecks';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /adVersionUpdate (resources/versions.ts) on the resource engine: version 1-32 characters, content 1-2000,
 * a release day (a date-time is cut to its day). The public history is versions.routes.ts.
 */
export const versionsBinding: ResourceBinding = {
  declaration: versionUpdate,
  table: 'versions',
  columns: { platformmark: 'versions.platform_mark' },
  timestamps: { create: 'create_time' },
  normalize: { releaseDate: (value) => String(value).trim().slice(0, 10) },
  checks: () => ({
    version: lengthBetween(1, 32, '请输入1-32位版本号'),
    content: lengthBetween(1, 2000, '请输入1-2000字的更新内容'),
    releaseDate: (value) => (DATE.test(String(value)) ? undefined : '发布日期格式应为 YYYY-MM-DD'),
  }),
  messages: { notFound: '版本记录不存在', idLabel: '编号' },
};

/** /adSmallVersionUpdate: the same rows of edition 3 only; new entries are written for edition 3. */
export const smallVersionsBinding: ResourceBinding = {
  ...versionsBinding,
  declaration: smallVersionUpdate,
  fixed: { platform_mark: 3 },
};
