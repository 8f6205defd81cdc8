import { sql } from 'kysely';
import type { Db } from '../database';
import { isPostgres } from '../migrations/columns';
import { CITIES as ALL_CITIES, TRADES, WORDS } from './companyNames';

/**
 * The benchmark data set: many companies (and, where the contracts table exists, contracts), generated
 * inside the database by one INSERT … SELECT over a number series, so a million rows take seconds.
 *
 * Company names are `<city><word><trade>有限公司<n>` where word and trade follow `n % 100`: each of the
 * 100 `<word><trade>` pairs matches exactly 1% of the companies (the substring-search benchmark).
 */
export const BENCH_WORDS = WORDS.slice(0, 10);
export const BENCH_TRADES = TRADES.slice(0, 10);
const CITIES = ALL_CITIES.slice(0, 8);

/** The `<word><trade>` text that n % 100 === index selects. */
export function benchNamePart(index: number): string {
  return `${BENCH_WORDS[Math.floor(index / 10) % 10]}${BENCH_TRADES[index % 10]}`;
}

function sqliteList(items: readonly string[]): string {
  return JSON.stringify(items);
}

/** Inserts `count` more companies spread over 1 000 days and departments 1-4, editions 1 and 3. */
export async function seedBenchCompanies(db: Db, count: number): Promise<void> {
  if (isPostgres(db)) {
    await sql`
      INSERT INTO companies (name, platform_mark, credit_code, company_nature, company_size, linkman_name, linkman_mobile,
        legal_person_name, city, department_id, subsidiary_id, status, sign_status, fdd_corp_free_status,
        certification_type, sub_status, create_time, update_time)
      SELECT
        (${sql.val(CITIES)}::text[])[n % 8 + 1] || (${sql.val(BENCH_WORDS)}::text[])[(n / 10) % 10 + 1]
          || (${sql.val(BENCH_TRADES)}::text[])[n % 10 + 1] || '有限公司' || n,
        CASE WHEN n % 3 = 0 THEN 3 ELSE 1 END,
        '91' || lpad((n % 1000000)::text, 6, '0') || 'BENCH' || lpad((n % 100000)::text, 5, '0'),
        '有限责任公司', '20-99人', '联系人' || (n % 5000), '13' || lpad((n % 1000000000)::text, 9, '0'),
        '法人' || (n % 7000), (${sql.val(CITIES)}::text[])[n % 8 + 1], n % 4 + 1, n % 6 + 1, 1, n % 7 % 2, 1, 1,
        CASE WHEN n % 5 = 0 THEN 0 ELSE 8 END,
        to_char(timestamp '2024-01-01' + (n % 1000) * interval '1 day' + (n % 86400) * interval '1 second', 'YYYY-MM-DD HH24:MI:SS'),
        to_char(timestamp '2024-01-01' + (n % 1000) * interval '1 day', 'YYYY-MM-DD HH24:MI:SS')
      FROM generate_series(1, ${count}) AS n`.execute(db);
    await sql`ANALYZE companies`.execute(db);
    return;
  }
  await sql`
    WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count})
    INSERT INTO companies (name, platform_mark, credit_code, company_nature, company_size, linkman_name, linkman_mobile,
      legal_person_name, city, department_id, subsidiary_id, status, sign_status, fdd_corp_free_status,
      certification_type, sub_status, create_time, update_time)
    SELECT
      json_extract(${sqliteList(CITIES)}, '$[' || (n % 8) || ']') || json_extract(${sqliteList(BENCH_WORDS)}, '$[' || ((n / 10) % 10) || ']')
        || json_extract(${sqliteList(BENCH_TRADES)}, '$[' || (n % 10) || ']') || '有限公司' || n,
      CASE WHEN n % 3 = 0 THEN 3 ELSE 1 END,
      '91' || substr('000000' || (n % 1000000), -6) || 'BENCH' || substr('00000' || (n % 100000), -5),
      '有限责任公司', '20-99人', '联系人' || (n % 5000), '13' || substr('000000000' || n, -9),
      '法人' || (n % 7000), json_extract(${sqliteList(CITIES)}, '$[' || (n % 8) || ']'), n % 4 + 1, n % 6 + 1, 1, n % 7 % 2, 1, 1,
      CASE WHEN n % 5 = 0 THEN 0 ELSE 8 END,
      datetime('2024-01-01', '+' || (n % 1000) || ' days', '+' || (n % 86400) || ' seconds'),
      datetime('2024-01-01', '+' || (n % 1000) || ' days')
    FROM seq`.execute(db);
  await sql`ANALYZE`.execute(db);
}

const CONTRACT_NAMES = ['灵活用工服务协议', '服务外包协议', '自由职业者合作协议', '平台合作协议', '开户合同'];

/** Inserts `count` contracts spread over the existing companies, every status and category. */
export async function seedBenchContracts(db: Db, count: number): Promise<void> {
  const companies = Number(
    (
      await db
        .selectFrom('companies')
        .select((eb) => eb.fn.max('id').as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
  if (isPostgres(db)) {
    await sql`
      INSERT INTO contracts (company_id, nm, contract_no, csort, contract_status, sign_status, data_status, sign_nm,
        start_date, end_date, sign_time, platform_mark, create_time, update_time)
      SELECT (n::bigint * 7919) % ${companies} + 1, (${sql.val(CONTRACT_NAMES)}::text[])[n % 5 + 1] || n, 'HT' || lpad(n::text, 10, '0'),
        n % 10 + 1, n % 3, CASE WHEN n % 3 = 2 THEN 0 ELSE 1 END, CASE WHEN n % 50 = 0 THEN 0 ELSE 1 END, '签署人' || (n % 3000),
        to_char(date '2024-01-01' + (n % 700), 'YYYY-MM-DD'), to_char(date '2025-01-01' + (n % 700), 'YYYY-MM-DD'),
        NULL, CASE WHEN n % 3 = 0 THEN 3 ELSE 1 END,
        to_char(timestamp '2024-01-01' + (n % 1000) * interval '1 day' + (n % 86400) * interval '1 second', 'YYYY-MM-DD HH24:MI:SS'),
        to_char(timestamp '2024-01-01' + (n % 1000) * interval '1 day', 'YYYY-MM-DD HH24:MI:SS')
      FROM generate_series(1, ${count}) AS n`.execute(db);
    await sql`ANALYZE contracts`.execute(db);
    return;
  }
  await sql`
    WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ${count})
    INSERT INTO contracts (company_id, nm, contract_no, csort, contract_status, sign_status, data_status, sign_nm,
      start_date, end_date, sign_time, platform_mark, create_time, update_time)
    SELECT (n * 7919) % ${companies} + 1, json_extract(${sqliteList(CONTRACT_NAMES)}, '$[' || (n % 5) || ']') || n,
      'HT' || substr('0000000000' || n, -10), n % 10 + 1, n % 3, CASE WHEN n % 3 = 2 THEN 0 ELSE 1 END,
      CASE WHEN n % 50 = 0 THEN 0 ELSE 1 END, '签署人' || (n % 3000),
      date('2024-01-01', '+' || (n % 700) || ' days'), date('2025-01-01', '+' || (n % 700) || ' days'),
      NULL, CASE WHEN n % 3 = 0 THEN 3 ELSE 1 END,
      datetime('2024-01-01', '+' || (n % 1000) || ' days', '+' || (n % 86400) || ' seconds'),
      datetime('2024-01-01', '+' || (n % 1000) || ' days')
    FROM seq`.execute(db);
  await sql`ANALYZE`.execute(db);
}
