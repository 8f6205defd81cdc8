import type { Db } from '../database';
import { chinaTime } from '../time';

/** A short version history for /versionUpdate. */
export async function seedVersions(db: Db): Promise<void> {
  const time = chinaTime();
  const rows = [
    ['1.0.0', '2026-03-01', '灵工结算平台上线：商户管理、任务发布、批量发放、发票申请。'],
    ['1.1.0', '2026-06-15', '新增小规模版；合同管理支持电子签章。'],
    ['1.2.0', '2026-10-20', '新增自助注册与商户激活、找回密码、单点登录、系统维护公告。'],
  ] as const;
  await db
    .insertInto('versions')
    .values(
      rows.flatMap(([version, date, content]) =>
        [1, 3].map((mark) => ({ version, release_date: date, content, platform_mark: mark, create_time: time })),
      ),
    )
    .execute();
}
