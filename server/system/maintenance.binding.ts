import { systemMaintain } from '../../resources/upgradeNotices';
import type { ResourceBinding } from '../engine/binding';
import { fail } from '../http/errors';
import { lengthBetween } from '../http/fieldChecks';

const TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const time = (label: string) => (value: string | number) =>
  TIME.test(String(value)) ? undefined : `${label}格式应为 YYYY-MM-DD HH:mm:ss`;

/**
 * /adSystemMaintainAdmin (resources/upgradeNotices.ts) on the resource engine: a title of 1-64 characters, a
 * window whose start is before its end (also after an update of one end). The public status and the login
 * refusal during a window are maintenance.routes.ts.
 */
export const maintenanceBinding: ResourceBinding = {
  declaration: systemMaintain,
  table: 'upgrade_notices',
  timestamps: { create: 'create_time' },
  columns: { key: 'upgrade_notices.notice_key' },
  maxChars: { content: 500, key: 32 },
  checks: () => ({
    title: lengthBetween(1, 64, '请输入1-64位标题'),
    startTime: time('开始时间'),
    endTime: time('结束时间'),
    key: (value: string | number) =>
      /^[A-Za-z0-9_-]{1,32}$/.test(String(value)) ? undefined : '公告标识只能包含字母、数字、- 和 _（1-32位）',
  }),
  beforeSave: async ({ db, id }, values) => {
    const current =
      id === undefined
        ? undefined
        : await db
            .selectFrom('upgrade_notices')
            .select(['start_time', 'end_time'])
            .where('id', '=', id)
            .executeTakeFirst();
    const start = values.start_time ?? current?.start_time;
    const end = values.end_time ?? current?.end_time;
    if (String(start) >= String(end)) fail('开始时间必须早于结束时间');
    return undefined;
  },
  messages: { notFound: '维护公告不存在', idLabel: '编号' },
};
