import type { Db } from '../database';
import { chinaTime } from '../time';
import type { Random } from './random';

type Seeded = readonly [nm: string, processStatus: 0 | 1 | 2, remark: string | null];

/**
 * Demo industries in every processStatus. The first twelve are in use (2): ids 1-12, the ones the demo
 * contracts name. Companies take their industry from the in-use ones, except the last of them (in use by
 * status alone) and with two companies in an industry marked 已处理 (in use by a company alone), so the
 * delete rule has an example of each.
 */
const INDUSTRIES: readonly Seeded[] = [
  ['信息技术服务', 2, '平台主营行业'],
  ['物流运输', 2, null],
  ['家政服务', 2, null],
  ['外卖配送', 2, '按单结算'],
  ['直播带货', 2, '需核对主播身份信息'],
  ['教育培训', 2, null],
  ['建筑劳务', 2, '需提供项目施工合同'],
  ['网约车', 2, null],
  ['电商运营', 2, null],
  ['市场推广', 2, null],
  ['人力资源服务', 2, null],
  ['快递配送', 2, null],
  ['软件开发', 2, null],
  ['平面设计', 2, null],
  ['视频剪辑', 2, '新增需求，暂无企业使用'],
  ['翻译服务', 1, '已核实经营范围'],
  ['代驾服务', 1, null],
  ['保洁服务', 1, null],
  ['餐饮服务', 1, null],
  ['酒店服务', 1, null],
  ['摄影摄像', 1, null],
  ['文案策划', 1, null],
  ['咨询服务', 1, '已核实经营范围'],
  ['养老护理', 1, null],
  ['健身教练', 1, null],
  ['安保服务', 1, null],
  ['会展服务', 1, null],
  ['仓储搬运', 1, null],
  ['医疗护理', 0, '待补充资质要求'],
  ['美容美发', 0, null],
  ['农业种植', 0, null],
  ['跑腿代办', 0, '企业注册时填写，待审核'],
  ['客服外包', 0, null],
  ['数据标注', 0, null],
  ['游戏测试', 0, null],
  ['社区团购', 0, null],
  ['汽车维修', 0, null],
  ['宠物服务', 0, '企业注册时填写，待审核'],
  ['广告设计', 0, null],
  ['装修装饰', 0, null],
];

/** The four demo merchants' own companies (ids 1-4) get a fitting industry. */
const OWN_COMPANY_INDUSTRIES = ['信息技术服务', '电商运营', '物流运输', '直播带货'];

export async function seedIndustries(db: Db, random: Random): Promise<void> {
  const now = Date.now();
  const ids = new Map<string, number>();
  for (const [index, [nm, processStatus, remark]] of INDUSTRIES.entries()) {
    // Two years back, one every ~18 days, at an office hour.
    const time = chinaTime(now - (740 - index * 18) * 86400_000 + random.int(0, 8 * 3600) * 1000);
    const row = await db
      .insertInto('industries')
      .values({ nm, process_status: processStatus, remark, create_time: time, update_time: time })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(nm, Number(row.id));
  }

  const inUse = INDUSTRIES.filter(([, status]) => status === 2).map(([nm]) => nm);
  const pool = inUse.slice(0, -1).map((nm) => ids.get(nm) as number);
  const companies = await db.selectFrom('companies').select('id').orderBy('id').execute();
  const byIndustry = new Map<number, number[]>();
  const assign = (industryId: number, companyId: number) =>
    byIndustry.set(industryId, [...(byIndustry.get(industryId) ?? []), companyId]);
  for (const [index, { id }] of companies.entries()) {
    const companyId = Number(id);
    if (index < OWN_COMPANY_INDUSTRIES.length) assign(ids.get(OWN_COMPANY_INDUSTRIES[index]) as number, companyId);
    else if (index < OWN_COMPANY_INDUSTRIES.length + 2) assign(ids.get('翻译服务') as number, companyId);
    // One company in ten has not told its industry.
    else if (random.next() >= 0.1) assign(random.pick(pool), companyId);
  }
  for (const [industryId, companyIds] of byIndustry) {
    for (let start = 0; start < companyIds.length; start += 200) {
      await db
        .updateTable('companies')
        .set({ industry_id: industryId })
        .where('id', 'in', companyIds.slice(start, start + 200))
        .execute();
    }
  }
}
