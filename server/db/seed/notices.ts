import type { Db } from '../database';
import { chinaTime } from '../time';
import type { Random } from './random';

/**
 * 25 more notices beside the 5 of demo.ts: both editions, some drafts, some acknowledged by the standard
 * merchant. Which are published and read is fixed (tests count them); only the minutes vary.
 *
 * Unread counts after seeding: merchant 7 (2 of demo.ts + 5 here), xgm 9 (2 + 7), standard staff 14 (3 + 11).
 */
const NOTICES: readonly { title: string; mark: 1 | 3; days: number; published: boolean; readByMerchant?: true }[] = [
  { title: '关于调整个人所得税代扣代缴流程的通知', mark: 1, days: 120, published: true, readByMerchant: true },
  { title: '平台结算周期调整说明', mark: 1, days: 110, published: true, readByMerchant: true },
  { title: '五一劳动节期间打款安排', mark: 1, days: 95, published: true, readByMerchant: true },
  { title: '关于加强灵活用工人员实名认证的通知', mark: 1, days: 88, published: true },
  { title: '电子合同签署功能上线公告', mark: 1, days: 75, published: true, readByMerchant: true },
  { title: '银行通道维护通知（工商银行）', mark: 1, days: 62, published: true, readByMerchant: true },
  { title: '增值税专用发票开具规则变更', mark: 1, days: 50, published: true },
  { title: '国庆节期间客服服务时间安排', mark: 1, days: 35, published: true, readByMerchant: true },
  { title: '批量打款模板更新说明', mark: 1, days: 14, published: true },
  { title: '关于防范电信诈骗的风险提示', mark: 1, days: 8, published: true },
  { title: '年度对账单下载功能上线', mark: 1, days: 2, published: true },
  { title: '关于规范任务发布内容的通知（草稿）', mark: 1, days: 4, published: false },
  { title: '系统升级维护预告', mark: 1, days: 1, published: false },
  { title: '2026年春节放假安排', mark: 1, days: 0, published: false },
  { title: '合作伙伴激励政策说明', mark: 1, days: 0, published: false },
  { title: '小规模纳税人增值税减免政策解读', mark: 3, days: 100, published: true },
  { title: '小规模版开票额度调整通知', mark: 3, days: 80, published: true },
  { title: '小规模版充值到账时间说明', mark: 3, days: 60, published: true },
  { title: '小规模版个人收款统计功能上线', mark: 3, days: 42, published: true },
  { title: '小规模版切换企业功能使用说明', mark: 3, days: 25, published: true },
  { title: '小规模版异常资金处理流程', mark: 3, days: 12, published: true },
  { title: '小规模版客服热线变更通知', mark: 3, days: 6, published: true },
  { title: '小规模版发票邮寄服务调整（草稿）', mark: 3, days: 3, published: false },
  { title: '小规模版年度汇算清缴提醒', mark: 3, days: 1, published: false },
  { title: '小规模版新功能预告', mark: 3, days: 0, published: false },
];

const BODIES: readonly string[] = [
  '为进一步提升服务质量，平台将于近期对相关业务流程进行调整。具体安排如下，请各位用户提前做好准备。',
  '根据国家相关法律法规及监管要求，平台对以下事项作出说明，请仔细阅读并按要求执行。',
  '感谢您一直以来对平台的支持与信任。现将有关事项通知如下，如有疑问请联系您的专属客服。',
  '为保障资金安全与结算效率，请各企业在规定时间内完成相关操作，逾期可能影响正常打款。',
];

const PUBLISHERS = ['系统管理员', '客服小王'];

export async function seedNotices(db: Db, random: Random): Promise<void> {
  const now = Date.now();
  const merchant = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'merchant')
    .executeTakeFirstOrThrow();
  for (const notice of NOTICES) {
    const created = now - notice.days * 86400_000 - random.int(60, 600) * 60_000;
    const released = notice.published ? created + random.int(10, 50) * 60_000 : null;
    const row = await db
      .insertInto('notices')
      .values({
        title: notice.title,
        body: `${random.pick(BODIES)}\n\n${notice.title}：请登录平台查看详情，并及时转告贵司相关负责人。`,
        image_url: null,
        annex_url: null,
        annex_name: null,
        platform_mark: notice.mark,
        publisher: random.pick(PUBLISHERS),
        status: notice.published ? 1 : 0,
        release_time: released === null ? null : chinaTime(released),
        create_time: chinaTime(created),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (notice.readByMerchant && released !== null) {
      await db
        .insertInto('notice_reads')
        .values({ notice_id: Number(row.id), user_id: Number(merchant.id), read_time: chinaTime(released + 3600_000) })
        .execute();
    }
  }
}
