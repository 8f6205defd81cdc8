import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postEntries } from '../../server/money/ledger/ledger';
import { LEDGER } from '../../src/domain/moneyEnums';
import { addSecondPartner } from './support/secondPartner';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * 「合伙人」 in 企业汇总 and 合伙人统计 is the partner assigned to the company (the one the page's 合伙人 filter lists),
 * and 「分公司」 is the branch office: on the page and in the .xlsx export (read back with openpyxl). The expected
 * names come from the database rows (companies.sale_partner_id → users, companies.subsidiary_id → subsidiaries).
 */
let test: TestApp;
let caiwu: AuthedClient;
const YUAN = 10_000;
const MONTH = '2033-04';
/** Three standard-edition companies: two partners (老李 and a second one) and one with none. */
const companies: { id: number; partnerId: number | null; amount: number }[] = [];

interface Truth {
  partnerName: string;
  subsidiaryName: string;
}
const truth = new Map<number, Truth>();
const partnerNames = new Map<number, { name: string; department: string }>();

beforeAll(async () => {
  test = await createTestApp();
  caiwu = authed(test.app, await tokenOf(test.app, 'caiwu'));
  const { hehuoren, hehuoren2 } = await addSecondPartner(test.db, { mobile: '13800004402', displayName: '合伙人小周' });
  const rows = await test.db
    .selectFrom('companies')
    .select(['id', 'subsidiary_id'])
    .where('platform_mark', '=', 1)
    .where('subsidiary_id', 'is not', null)
    .orderBy('id')
    .limit(3)
    .execute();
  expect(rows.length).toBe(3);
  const assignments = [hehuoren, hehuoren2, null];
  for (const [index, row] of rows.entries()) {
    await test.db
      .updateTable('companies')
      .set({ sale_partner_id: assignments[index] })
      .where('id', '=', Number(row.id))
      .execute();
    companies.push({ id: Number(row.id), partnerId: assignments[index], amount: (index + 1) * 1000 * YUAN });
  }
  for (const company of companies) {
    await test.db.transaction().execute((tx) =>
      postEntries(
        tx,
        { companyId: company.id, platformMark: 1 },
        [
          { kind: LEDGER.recharge, amount: company.amount, refType: 'recharge', refId: 1, operatorId: null },
          { kind: LEDGER.payout, amount: -company.amount / 2, refType: 'recharge', refId: 1, operatorId: null },
        ],
        `${MONTH}-10 10:00:00`,
      ),
    );
    const names = await test.db
      .selectFrom('companies')
      .leftJoin('users', 'users.id', 'companies.sale_partner_id')
      .leftJoin('subsidiaries', 'subsidiaries.id', 'companies.subsidiary_id')
      .select(['users.display_name as partner', 'subsidiaries.sname as subsidiary'])
      .where('companies.id', '=', company.id)
      .executeTakeFirstOrThrow();
    truth.set(company.id, { partnerName: names.partner ?? '未分配', subsidiaryName: String(names.subsidiary) });
  }
  for (const id of [hehuoren, hehuoren2]) {
    const user = await test.db
      .selectFrom('users')
      .innerJoin('user_departments', 'user_departments.user_id', 'users.id')
      .innerJoin('departments', 'departments.id', 'user_departments.department_id')
      .select(['users.display_name as name', 'departments.name as department'])
      .where('users.id', '=', id)
      .orderBy('departments.id')
      .executeTakeFirstOrThrow();
    partnerNames.set(id, user);
  }
});
afterAll(async () => test?.close());

const report = (route: string, extra = '') =>
  `/api/v1/statistics/reports/${route}?period=month&month=${MONTH}&size=100${extra}`;

/** Every data row under the header row of the export, as { header: value }, read by openpyxl. */
function sheetRows(file: Buffer): Record<string, unknown>[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lg-partner-'));
  const target = path.join(dir, 'report.xlsx');
  fs.writeFileSync(target, file);
  const script = [
    'import json, sys, openpyxl',
    'sheet = openpyxl.load_workbook(sys.argv[1]).worksheets[0]',
    'rows = list(sheet.iter_rows(values_only=True))',
    "start = next(i for i, row in enumerate(rows) if '充值金额（元）' in row)",
    'header = rows[start]',
    'print(json.dumps([dict(zip(header, row)) for row in rows[start + 1:]], ensure_ascii=False, default=str))',
  ].join('\n');
  const result = spawnSync('python3', ['-c', script, target], { encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true, force: true });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(result.stdout);
}

async function exported(route: string): Promise<Record<string, unknown>[]> {
  const response = await caiwu.get(report(route).replace(`/${route}?`, `/${route}/export?`));
  expect(response.statusCode).toBe(200);
  return sheetRows(response.rawPayload);
}

describe('企业汇总: 合伙人 is the assigned partner, 分公司 the branch', () => {
  it('each company row names its sale partner under 合伙人 and its branch under 分公司', async () => {
    const page = envelopeOf(await caiwu.get(report('adEnterpriseFlow'))).content;
    const options = envelopeOf(await caiwu.get('/api/v1/statistics/options')).content;
    const filterNames = new Set([...options.partners.map((item: { name: string }) => item.name), '未分配']);
    for (const company of companies) {
      const row = page.content.find((item: { companyId: number }) => item.companyId === company.id);
      expect(row, `company ${company.id}`).toBeDefined();
      expect(row.partnerName).toBe(truth.get(company.id)?.partnerName);
      expect(row.subsidiaryName).toBe(truth.get(company.id)?.subsidiaryName);
      // The column lists what the page's 合伙人 filter offers (never a branch office).
      expect(filterNames.has(row.partnerName)).toBe(true);
    }
    expect(page.content.some((row: { partnerName: string }) => row.partnerName.endsWith('分公司'))).toBe(false);
  });

  it('the 合伙人 filter keeps exactly the rows whose 合伙人 column names that partner', async () => {
    const [first] = companies;
    const filtered = envelopeOf(
      await caiwu.get(report('adEnterpriseFlow', `&q=${encodeURIComponent(`partnerId:${first.partnerId}`)}`)),
    ).content;
    const ours = filtered.content.filter((row: { companyId: number }) => companies.some((c) => c.id === row.companyId));
    expect(ours.map((row: { companyId: number }) => row.companyId)).toEqual([first.id]);
    for (const row of filtered.content) expect(row.partnerName).toBe(truth.get(first.id)?.partnerName);
  });

  it('the xlsx export carries the same 合伙人 and 分公司', async () => {
    const rows = await exported('adEnterpriseFlow');
    for (const company of companies) {
      const [expected] = [truth.get(company.id)];
      const name = await test.db
        .selectFrom('companies')
        .select('name')
        .where('id', '=', company.id)
        .executeTakeFirstOrThrow();
      const row = rows.find((item) => item['企业名称'] === name.name);
      expect(row, name.name).toBeDefined();
      expect(row?.['合伙人']).toBe(expected?.partnerName);
      expect(row?.['分公司']).toBe(expected?.subsidiaryName);
    }
  });
});

describe('合伙人统计: one row per assigned partner', () => {
  it('rows are the partners (and 未分配), each with its companies’ figures and its own department', async () => {
    const page = envelopeOf(await caiwu.get(report('adPartnerStatistics'))).content;
    const byName = new Map(page.content.map((row: { partnerName: string }) => [row.partnerName, row]));
    for (const company of companies) {
      const name = company.partnerId === null ? '未分配' : partnerNames.get(company.partnerId)?.name;
      const row = byName.get(String(name)) as Record<string, unknown> | undefined;
      expect(row, String(name)).toBeDefined();
      expect(row?.topupAmount).toBe(company.amount);
      if (company.partnerId !== null) {
        expect(row?.partnerId).toBe(company.partnerId);
        expect(row?.departmentName).toBe(partnerNames.get(company.partnerId)?.department);
      }
    }
    expect(page.content.some((row: { partnerName: string }) => row.partnerName.endsWith('分公司'))).toBe(false);
    expect(page.chart.categories).toContain(partnerNames.get(Number(companies[0].partnerId))?.name);
  });

  it('the xlsx export lists the same partners', async () => {
    const rows = await exported('adPartnerStatistics');
    const names = rows.map((row) => row['合伙人']).filter((name) => name !== '合计');
    for (const company of companies) {
      const name = company.partnerId === null ? '未分配' : partnerNames.get(company.partnerId)?.name;
      expect(names).toContain(name);
      const row = rows.find((item) => item['合伙人'] === name);
      expect(row?.['充值金额（元）']).toBe(company.amount / YUAN);
    }
    expect(names.some((name) => String(name).endsWith('分公司'))).toBe(false);
  });
});
