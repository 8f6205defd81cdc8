import type { Insertable } from 'kysely';
import { SUBSIDIARY_ROLE } from '../../../src/domain/roleGrants';
import { ROLE_TEMPLATES } from '../../../src/domain/roleTemplates';
import { XGM_INVOICE_APPLY_CODE } from '../../../src/domain/routes';
import { clientHash, hashClientPassword } from '../../auth/passwords';
import { rebuildStatistics } from '../../statistics/rollups';
import type { Db } from '../database';
import { bindEnterprisesInUse } from '../migrations/300_bind_enterprises_in_use';
import type { CompanyTable } from '../schema';
import { chinaTime } from '../time';
import { seedAgreementTemplates } from './agreementTemplates';
import { seedBank } from './bank';
import { seedBlacklist } from './blacklist';
import { companyName, creditCode, mobile, personName } from './companyNames';
import { seedContracts } from './contracts';
import { seedEnterpriseIndustries, seedEnterprises } from './enterprises';
import { seedHelpCenter } from './help';
import { seedIndustries } from './industries';
import { seedInvoices } from './invoices';
import { seedNotices } from './notices';
import { seedPartners } from './partners';
import { seedPayouts } from './payouts';
import { createRandom } from './random';
import { seedRecharges } from './recharges';
import { GRANT_SUBSIDIARY_ID, seedGrantSubsidiary, seedSubsidiaries } from './subsidiaries';
import { seedSystemDemo } from './system';
import { seedVersions } from './versions';
import { seedWorkers } from './workers';

/** The demo password of every seeded account (README). */
export const DEMO_PASSWORD = 'Demo1234';

/** Demo accounts of the README; mobiles are for SMS login. */
export const DEMO_ACCOUNTS = [
  { username: 'admin', roleId: 1, mark: 1, mobile: '13800000001', displayName: '系统管理员', deptIds: [] as number[] },
  { username: 'kefu', roleId: 3, mark: 1, mobile: '13800000003', displayName: '客服小王', deptIds: [1, 2] },
  { username: 'hehuoren', roleId: 4, mark: 1, mobile: '13800000004', displayName: '合伙人老李', deptIds: [2] },
  { username: 'caiwu', roleId: 5, mark: 1, mobile: '13800000005', displayName: '财务小张', deptIds: [] as number[] },
  {
    username: 'merchant',
    roleId: 2,
    mark: 1,
    mobile: '13900000002',
    displayName: '上海灵动科技有限公司',
    deptIds: [] as number[],
  },
  {
    username: 'xgm',
    roleId: 2,
    mark: 3,
    mobile: '13900000003',
    displayName: '杭州小微电子商务有限公司',
    deptIds: [] as number[],
  },
] as const;

export const DEPARTMENTS = ['华东事业部', '华南事业部', '华北事业部', '西南事业部'];
export const DEMO_COMPANY_COUNT = 300;

async function insertCompany(db: Db, values: Insertable<CompanyTable>): Promise<number> {
  const row = await db.insertInto('companies').values(values).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

/**
 * The demo accounts have existed for a year, like a company that has used the platform for a while: notices released
 * before an account was created count as read (notices/noticeReadState.ts), and the seed's notices stay unread.
 */
const DEMO_ACCOUNT_AGE_DAYS = 365;

async function insertUser(
  db: Db,
  values: {
    username: string;
    mobile: string;
    roleId: number;
    companyId: number | null;
    mark: number;
    displayName: string;
    isChange: boolean;
    passwordHash: string;
    deptIds: readonly number[];
    /** Codes other than the role template's (an account of a role without a template). */
    codes?: readonly string[];
  },
): Promise<number> {
  const row = await db
    .insertInto('users')
    .values({
      username: values.username,
      mobile: values.mobile,
      password_hash: values.passwordHash,
      role_id: values.roleId,
      company_id: values.companyId,
      platform_mark: values.mark,
      display_name: values.displayName,
      is_change: values.isChange ? 1 : 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(Date.now() - DEMO_ACCOUNT_AGE_DAYS * 86400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(row.id);
  const codes = values.codes ?? ROLE_TEMPLATES[values.roleId] ?? [];
  if (codes.length > 0)
    await db
      .insertInto('user_authorities')
      .values(codes.map((authority) => ({ user_id: userId, authority })))
      .execute();
  if (values.deptIds.length > 0) {
    await db
      .insertInto('user_departments')
      .values(values.deptIds.map((department_id) => ({ user_id: userId, department_id })))
      .execute();
  }
  return userId;
}

function companyRow(
  overrides: Partial<Insertable<CompanyTable>> & Pick<Insertable<CompanyTable>, 'name' | 'credit_code'>,
  time: string,
): Insertable<CompanyTable> {
  return {
    platform_mark: 1,
    company_nature: '有限责任公司',
    company_size: '20-99人',
    industry_id: null,
    legal_person_id_card: null,
    admin_id_card: null,
    province: null,
    district: null,
    service_id: null,
    sale_name: null,
    status: 1,
    sign_status: 1,
    fdd_corp_free_status: 1,
    certification_type: 1,
    sub_status: 8,
    invoice_title: null,
    invoice_tax_number: null,
    invoice_bank: null,
    invoice_account: null,
    invoice_address: null,
    invoice_phone: null,
    create_time: time,
    update_time: time,
    ...overrides,
  };
}

function demoInvoiceInfo(name: string, index: number): Partial<Insertable<CompanyTable>> {
  return index === 0
    ? {
        invoice_title: name,
        invoice_tax_number: '91310000MA1FL0ABCD',
        invoice_bank: '招商银行上海分行',
        invoice_account: '121909876510101',
        invoice_address: '上海市浦东新区世纪大道100号',
        invoice_phone: '021-55556666',
      }
    : {
        invoice_title: name,
        invoice_tax_number: '91330100MA2H7XWE3K',
        invoice_bank: '杭州银行西湖支行',
        invoice_account: '3301040160012345678',
        invoice_address: '杭州市西湖区文三路90号',
        invoice_phone: '0571-88886666',
      };
}

/**
 * xgmkaipiao (README): role 11 of subsidiary 51 holding XGM_INVOICE_APPLY_DETAILS_SAVE, the account the spec's rule
 * (src/domain/roleGrants.ts) lets see 小规模开票申请; it logs in on the small-scale tab, where that page's menu is,
 * and sees the records of its subsidiary's companies only.
 */
export const GRANT_ACCOUNT = {
  username: 'xgmkaipiao',
  mobile: '13800000011',
  displayName: '滨江分公司开票员',
} as const;

async function seedGrantAccount(db: Db, passwordHash: string): Promise<void> {
  const userId = await insertUser(db, {
    ...GRANT_ACCOUNT,
    roleId: SUBSIDIARY_ROLE,
    companyId: null,
    mark: 3,
    isChange: false,
    passwordHash,
    deptIds: [],
    codes: ['ADM_HOME', 'XGM_COMPANY_CORE', XGM_INVOICE_APPLY_CODE],
  });
  await db.insertInto('user_subsidiaries').values({ user_id: userId, subsidiary_id: GRANT_SUBSIDIARY_ID }).execute();
  // Role 11 reaches its subsidiary's companies (its data scope, src/domain/dataScope.ts): xgm's company, with its
  // small-scale invoice applications, is served by 杭州滨江分公司 (department 1, as 杭州分公司 before).
  await db.updateTable('companies').set({ subsidiary_id: GRANT_SUBSIDIARY_ID }).where('id', '=', 2).execute();
}

/** Seeds the demo data on an empty database; a database with users is left alone. */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return false;
  await seedDemo(db);
  return true;
}

export async function seedDemo(db: Db): Promise<void> {
  const random = createRandom(20261121);
  const passwordHash = await hashClientPassword(clientHash(DEMO_PASSWORD));
  const now = Date.now();

  await db.transaction().execute(async (trx) => {
    const tx = trx as unknown as Db;
    await tx
      .insertInto('departments')
      .values(DEPARTMENTS.map((name) => ({ name })))
      .execute();
    const subsidiaries = [
      { sname: '上海分公司', department_id: 1, platform_mark: 1 },
      { sname: '杭州分公司', department_id: 1, platform_mark: 3 },
      { sname: '深圳分公司', department_id: 2, platform_mark: 1 },
      { sname: '广州分公司', department_id: 2, platform_mark: 3 },
      { sname: '北京分公司', department_id: 3, platform_mark: 1 },
      { sname: '成都分公司', department_id: 4, platform_mark: 1 },
    ];
    await tx
      .insertInto('subsidiaries')
      .values(
        subsidiaries.map((item, index) => ({
          ...item,
          crm_company_name: `${item.sname}（CRM）`,
          is_virtual: index === 5 ? 1 : 0,
          status: 1,
          create_time: chinaTime(now - (400 - index) * 86400_000),
        })),
      )
      .execute();

    // The demo merchants' own companies come first so their ids are stable (1 standard, 2-4 small-scale).
    const own = [
      { name: '上海灵动科技有限公司', mark: 1, department: 1, subsidiary: 1, city: '上海' },
      { name: '杭州小微电子商务有限公司', mark: 3, department: 1, subsidiary: 2, city: '杭州' },
      { name: '杭州小微物流服务有限公司', mark: 3, department: 1, subsidiary: 2, city: '杭州' },
      { name: '杭州小微文化传媒有限公司', mark: 3, department: 2, subsidiary: 4, city: '杭州' },
    ];
    const ownIds: number[] = [];
    for (const [index, company] of own.entries()) {
      const time = chinaTime(now - (500 - index) * 86400_000);
      ownIds.push(
        await insertCompany(
          tx,
          companyRow(
            {
              name: company.name,
              platform_mark: company.mark,
              credit_code: creditCode(random),
              legal_person_name: personName(random),
              linkman_name: personName(random),
              linkman_mobile: company.mark === 1 ? '13900000002' : '13900000003',
              city: company.city,
              // The two demo merchants can apply for invoices at once; xgm02 and xgm03 must fill theirs in first.
              ...(index < 2 ? demoInvoiceInfo(company.name, index) : {}),
              department_id: company.department,
              subsidiary_id: company.subsidiary,
            },
            time,
          ),
        ),
      );
    }
    for (const [index, companyId] of ownIds.entries()) {
      await tx
        .insertInto('service_charges')
        .values({
          company_id: companyId,
          company_type: 1,
          rate: own[index].mark === 1 ? 600 : 500,
          platform_mark: own[index].mark,
        })
        .execute();
    }

    const spread = 730 * 86400_000;
    const rows = [];
    for (let index = 0; index < DEMO_COMPANY_COUNT - own.length; index += 1) {
      const mark = random.next() < 0.7 ? 1 : 3;
      const subsidiary = random.pick(
        subsidiaries
          .map((item, position) => ({ ...item, id: position + 1 }))
          .filter((item) => item.platform_mark === mark || mark === 1),
      );
      const { name, city } = companyName(random, index + 1);
      const time = chinaTime(now - Math.floor(random.next() * spread));
      rows.push(
        companyRow(
          {
            name,
            platform_mark: mark,
            credit_code: creditCode(random),
            legal_person_name: personName(random),
            linkman_name: personName(random),
            linkman_mobile: mobile(random),
            city,
            department_id: subsidiary.department_id,
            subsidiary_id: subsidiary.id,
            sign_status: random.next() < 0.85 ? 1 : 0,
            sub_status: random.next() < 0.8 ? 8 : 0,
          },
          time,
        ),
      );
    }
    for (let start = 0; start < rows.length; start += 100) {
      await tx
        .insertInto('companies')
        .values(rows.slice(start, start + 100))
        .execute();
    }

    for (const account of DEMO_ACCOUNTS) {
      const companyId = account.username === 'merchant' ? ownIds[0] : account.username === 'xgm' ? ownIds[1] : null;
      await insertUser(tx, { ...account, companyId, isChange: account.username === 'xgm', passwordHash });
    }
    // xgm's mobile is bound to two more small-scale companies, each with its own account (spec: company switching).
    for (const [offset, companyId] of ownIds.slice(2).entries()) {
      await insertUser(tx, {
        username: `xgm0${offset + 2}`,
        mobile: '13900000003',
        roleId: 2,
        companyId,
        mark: 3,
        displayName: own[offset + 2].name,
        isChange: true,
        passwordHash,
        deptIds: [],
      });
    }

    const notices = [
      { title: '关于春节期间打款安排的通知', mark: 1, days: 40 },
      { title: '平台服务协议更新公告', mark: 1, days: 20 },
      { title: '发票申请流程优化说明', mark: 1, days: 5 },
      { title: '小规模版开票规则说明', mark: 3, days: 30 },
      { title: '小规模版系统升级公告', mark: 3, days: 3 },
    ];
    for (const notice of notices) {
      const time = chinaTime(now - notice.days * 86400_000);
      await tx
        .insertInto('notices')
        .values({
          title: notice.title,
          body: `${notice.title}。请各位用户知悉，如有疑问请联系客服。`,
          image_url: null,
          annex_url: null,
          annex_name: null,
          platform_mark: notice.mark,
          publisher: '系统管理员',
          status: 1,
          release_time: time,
          create_time: time,
        })
        .execute();
    }
    // The merchant has read the oldest notice already.
    const merchantUser = await tx
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'merchant')
      .executeTakeFirstOrThrow();
    await tx
      .insertInto('notice_reads')
      .values({ notice_id: 1, user_id: merchantUser.id, read_time: chinaTime(now - 39 * 86400_000) })
      .execute();
    const enterprises = await seedEnterprises(tx);
    await seedContracts(tx, random, enterprises);
    await seedIndustries(tx, random);
    await seedEnterpriseIndustries(tx, enterprises);
    await seedSubsidiaries(tx, random);
    await seedAgreementTemplates(tx, random, enterprises);
    await seedNotices(tx, random);
    await seedVersions(tx);
    await seedBlacklist(tx);
    await seedRecharges(tx, random);
    await seedPayouts(tx);
    await seedWorkers(tx);
    // Each demo company is bound to the enterprises its contracts and workers name: the flows it shows keep working
    // under the binding rule (server/enterprises/signingEntities.ts), as an existing database's do (migration 300).
    await bindEnterprisesInUse(tx, chinaTime());
    await seedInvoices(tx);
    await seedSystemDemo(tx);
    await seedHelpCenter(tx);
    await seedPartners(tx);
    // Last, so that no other seeded row's id moves.
    await seedGrantSubsidiary(tx);
    await seedGrantAccount(tx, passwordHash);
  });
  // The payout seed back-dates its entries after posting them: the statistics are summed again from the ledger.
  await rebuildStatistics(db);
  // The development bank's books, derived from the top-ups and payouts above, and their reconciliation.
  await seedBank(db);
}
