import type SQLite from 'better-sqlite3';
import { workerIdKey } from '../../server/workers/identity';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';

/**
 * Bench workers: `count` workers, a fifth of them in company 1 (the searched company: a big one), the
 * rest spread over the other companies, and `agreements` agreements over them (SQLite). Workers are written from
 * this process in prepared-statement batches because their lookup hash is an HMAC under the server's ID_KEY;
 * agreements need no hash and are one INSERT … SELECT over a number series.
 */

const SURNAMES =
  '王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝龚邵万钱严覃武戴莫孔向汤';
const GIVEN = '伟芳娜敏静丽强磊军洋勇艳杰娟涛明超秀霞平刚桂英华玉兰萍红建国志文海林宇浩然欣怡子轩梓涵雨晨思远';

/** The name, ID number and mobile of bench worker n (1-based), all derived from n. */
export function benchWorker(n: number) {
  const name =
    SURNAMES[n % SURNAMES.length] +
    GIVEN[Math.floor(n / SURNAMES.length) % GIVEN.length] +
    GIVEN[Math.floor(n / (SURNAMES.length * GIVEN.length)) % GIVEN.length];
  // Unique for n below 2 100 000: year from n / 1000, month from n % 12, day from n % 28, sequence n % 1000.
  const body = `110101${1900 + (Math.floor(n / 1000) % 100)}${String(1 + (n % 12)).padStart(2, '0')}${String(1 + (n % 28)).padStart(2, '0')}${String(n % 1000).padStart(3, '0')}`;
  const idCard = body + nationalIdCheckChar(body);
  const mobile = `15${String(n).padStart(9, '0')}`;
  const cardBody = `621700${String(n).padStart(12, '0')}`;
  return { name, idCard, mobile, bankCard: cardBody + luhnCheckDigit(cardBody) };
}

export function seedBenchWorkers(file: SQLite.Database, count: number, idKey: string, companies: number): void {
  const insert = file.prepare(`
    INSERT INTO workers (company_id, platform_mark, name, id_card, id_key, id_masked, mobile, bank_card, bank_name,
      referrer, source, sign_status, sign_time, audit_status, verify_status, verify_time, enterprise_id, create_user,
      create_time, update_time)
    VALUES (?, 1, ?, ?, ?, ?, ?, ?, '招商银行', NULL, 1, ?, ?, 1, 1, ?, 4, '压测', ?, ?)`);
  const batch = file.transaction((from: number, to: number) => {
    for (let n = from; n < to; n += 1) {
      const person = benchWorker(n);
      // n % 5 === 0 → company 1; the others over companies 2…companies. The ID number is unique per company.
      const company = n % 5 === 0 ? 1 : 2 + (n % (companies - 1));
      const time = `2025-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 28)).padStart(2, '0')} 10:00:00`;
      const signed = n % 10 !== 3;
      insert.run(
        company,
        person.name,
        person.idCard,
        workerIdKey(idKey, person.idCard),
        `${person.idCard.slice(0, 6)}********${person.idCard.slice(-4)}`,
        person.mobile,
        person.bankCard,
        signed ? 1 : 0,
        signed ? time : null,
        time,
        time,
        time,
      );
    }
  });
  for (let from = 1; from <= count; from += 10_000) batch(from, Math.min(count + 1, from + 10_000));
}

export function seedBenchAgreements(file: SQLite.Database, count: number): void {
  const { low, high } = file
    .prepare("SELECT MIN(id) AS low, MAX(id) AS high FROM workers WHERE create_user = '压测'")
    .get() as {
    low: number;
    high: number;
  };
  const span = high - low + 1;
  file
    .prepare(`
    WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < ?)
    INSERT INTO worker_agreements (agreement_no, worker_id, company_id, platform_mark, enterprise_id, enterprise_name,
      template_id, status, sign_time, create_time)
    SELECT 'LGB' || n, w.id, w.company_id, 1, 4, '天津大熊灵活用工服务有限公司', 15,
      CASE WHEN n % 5 = 0 THEN 2 ELSE 1 END, w.create_time, w.create_time
    FROM seq JOIN workers w ON w.id = ? + (n % ?)`)
    .run(count, low, span);
}
