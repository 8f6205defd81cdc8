import { createHash } from 'node:crypto';
import type { Db } from '../database';
import { chinaTime } from '../time';

/**
 * The demo enterprises (代征主体 / 服务主体). The first six were the seed constant contracts and templates used to
 * point at; 大熊, 宝谷 and 安徽亚辉 have callback pages of their own (callback_channel 1-3). One is locked and
 * one risky, so both states can be seen. Each has a deterministic webhook secret (sha256 of a demo phrase), so
 * a developer can sign test calls: `demoWebhookSecret(id)`.
 */
export const DEMO_ENTERPRISES = [
  {
    name: '海南众薪科技服务有限公司',
    short: '众薪',
    code: '91460000MA5T8XKQ3C',
    mark: 1,
    tax: '国家税务总局海口市龙华区税务局',
    bank: ['中国工商银行海口龙华支行', '2201020309200184521'],
    rates: [600, 580, 550],
  },
  {
    name: '安徽亚辉人力资源服务有限公司',
    short: '亚辉',
    code: '91340100MA2UJ6YH7P',
    mark: 1,
    tax: '国家税务总局合肥市蜀山区税务局',
    bank: ['徽商银行合肥蜀山支行', '1021201021000638277'],
    rates: [650, 620, 600],
    callback: 3,
  },
  {
    name: '江西宝谷企业管理咨询有限公司',
    short: '宝谷',
    code: '91360100MA39BG0U2L',
    mark: 1,
    tax: '国家税务总局南昌市红谷滩区税务局',
    bank: ['江西银行南昌红谷滩支行', '795902010900012345'],
    rates: [620, 600, 570],
    callback: 2,
  },
  {
    name: '天津大熊灵活用工服务有限公司',
    short: '大熊',
    code: '91120116MA06DX8R4N',
    mark: 1,
    tax: '国家税务总局天津市滨海新区税务局',
    bank: ['招商银行天津滨海分行', '122909990910601'],
    rates: [600, 560, 520],
    callback: 1,
    upload: 1,
  },
  {
    name: '重庆云栖人力资源有限公司',
    short: '云栖',
    code: '91500105MA60YQ7K1E',
    mark: 3,
    tax: '国家税务总局重庆市江北区税务局',
    bank: ['重庆银行江北支行', '410101040005566778'],
    rates: [500, 480, 450],
  },
  {
    name: '湖北汇智财税服务有限公司',
    short: '汇智',
    code: '91420100MA4K2HZ95W',
    mark: 3,
    tax: '国家税务总局武汉市江汉区税务局',
    bank: ['汉口银行江汉支行', '030011000123456789'],
    rates: [500, 490, 470],
  },
  {
    name: '江苏恒信企业服务有限公司',
    short: '恒信',
    code: '91320100MA1XHX3T6G',
    mark: 1,
    tax: '国家税务总局南京市鼓楼区税务局',
    bank: ['南京银行鼓楼支行', '0150270000001122'],
    rates: [600, 600, 600],
    status: [2, '税务稽查期间暂停合作'],
  },
  {
    name: '广西桂通人力资源服务有限公司',
    short: '桂通',
    code: '91450100MA5N7GT24D',
    mark: 3,
    tax: '国家税务总局南宁市青秀区税务局',
    bank: ['广西北部湾银行青秀支行', '800120000345678'],
    rates: [520, 500, 480],
    status: [3, '近期开票异常，待核实'],
  },
] as const satisfies readonly {
  name: string;
  short: string;
  code: string;
  mark: number;
  tax: string;
  bank: readonly [string, string];
  rates: readonly [number, number, number];
  callback?: number;
  upload?: number;
  status?: readonly [number, string];
}[];

/** The demo webhook secret of the n-th demo enterprise (1-based), in hex. */
export function demoWebhookSecret(position: number): string {
  return createHash('sha256').update(`demo-webhook-secret-${position}`).digest('hex');
}

export interface SeededEnterprise {
  id: number;
  name: string;
  short: string;
  mark: number;
  status: number;
}

/** Inserts the demo enterprises and answers them in order. */
export async function seedEnterprises(db: Db): Promise<SeededEnterprise[]> {
  const seeded: SeededEnterprise[] = [];
  const now = Date.now();
  for (const [index, item] of DEMO_ENTERPRISES.entries()) {
    const created = chinaTime(now - (700 - index * 20) * 86400_000);
    const status = 'status' in item ? item.status : undefined;
    const row = await db
      .insertInto('enterprises')
      .values({
        name: item.name,
        short_name: item.short,
        credit_code: item.code,
        platform_mark: item.mark,
        tax_office: item.tax,
        invoice_categories: item.mark === 1 ? '现代服务*人力资源服务、现代服务*企业管理服务' : '现代服务*劳务派遣服务',
        bank_name: item.bank[0],
        bank_account: item.bank[1],
        rate_level1: item.rates[0],
        rate_level2: item.rates[1],
        rate_level3: item.rates[2],
        upload_enabled: 'upload' in item ? item.upload : 0,
        callback_channel: 'callback' in item ? item.callback : null,
        webhook_secret: demoWebhookSecret(index + 1),
        status: status ? status[0] : 1,
        status_reason: status ? status[1] : null,
        status_by: status ? '系统管理员' : null,
        status_time: status ? chinaTime(now - 10 * 86400_000) : null,
        rank: (index + 1) * 10,
        remark: null,
        create_time: created,
        update_time: created,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    seeded.push({ id: Number(row.id), name: item.name, short: item.short, mark: item.mark, status: status?.[0] ?? 1 });
  }
  return seeded;
}

/** Two industries for each demo enterprise (after the industries are seeded). */
export async function seedEnterpriseIndustries(db: Db, seeded: readonly SeededEnterprise[]): Promise<void> {
  const now = Date.now();
  const industries = await db.selectFrom('industries').select('id').orderBy('id').limit(12).execute();
  if (industries.length > 0) {
    const rows = seeded.flatMap((enterprise, index) =>
      [0, 1].map((offset) => ({
        enterprise_id: enterprise.id,
        industry_id: Number(industries[(index * 2 + offset) % industries.length].id),
        scope: offset === 0 ? '灵活用工结算、人力资源外包' : '企业管理咨询、技术服务',
        create_time: chinaTime(now - 300 * 86400_000),
      })),
    );
    await db.insertInto('enterprise_industries').values(rows).execute();
  }
}

/** The n-th (1-based, as the old constant's ids) usable enterprise of an edition, wrapping around. */
export function enterpriseFor(enterprises: readonly SeededEnterprise[], mark: number, n: number): SeededEnterprise {
  const usable = enterprises.filter((item) => item.mark === (mark === 1 ? 1 : 3) && item.status !== 2);
  return usable[(n - 1) % usable.length];
}
