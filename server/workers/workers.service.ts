import { maskIdCard } from '../../src/domain/masking';
import {
  isAlipayAccount,
  isValidNationalId,
  PAYEE_MSG,
  type PayoutMethod,
  parsePayoutMethod,
} from '../../src/domain/payees';
import { isTemplateExample, TEMPLATE_EXAMPLE_MSG } from '../../src/domain/templateExample';
import { MOBILE_PATTERN } from '../../src/domain/validation';
import { SIGN_STATUS, WORKER_MSG, type WorkerField, type WorkerImportKind } from '../../src/domain/workers';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { fail } from '../http/errors';
import { isUniqueViolation } from '../http/fieldChecks';
import type { RawBatchRow } from '../money/payouts/batchFile';
import type { IdentityVerifier } from './identity';
import { workerIdKey } from './identity';

/**
 * The workers domain's service, what other domains call: who a company may pay (unsignedPayees, used by the
 * payout upload), and the shared steps of adding workers (rows checked like the payout file, then inserted in
 * chunks). Errors use the payout upload's row table: { rowNo, field, message }.
 */

export interface WorkerRowError {
  rowNo: number;
  field: WorkerField;
  message: string;
}

export interface NewWorker {
  rowNo: number;
  name: string;
  idCard: string;
  mobile: string;
  bankCard: string;
  bankName: string;
  referrer: string | null;
  method: PayoutMethod;
  alipayAccount: string | null;
}

const chars = (text: string) => [...text].length;
const CHUNK = 400;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let index = 0; index < items.length; index += size) out.push(items.slice(index, index + size));
  return out;
}

/** The lookup hashes among `keys` the company already has a worker for. */
export async function existingKeys(db: Db, companyId: number, keys: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(keys)])) {
    const rows = await db
      .selectFrom('workers')
      .select('id_key')
      .where('company_id', '=', companyId)
      .where('id_key', 'in', part)
      .execute();
    for (const row of rows) found.add(row.id_key);
  }
  return found;
}

/**
 * Every row, every problem at once (as the payout upload): required fields, forms, the verification provider,
 * an ID number twice in the file or already a worker of the company. Nothing is added unless `errors` is empty.
 */
export async function checkWorkerRows(
  db: Db,
  rows: readonly RawBatchRow<WorkerField>[],
  options: { companyId: number; kind: WorkerImportKind; idKey: string; verifier: IdentityVerifier },
): Promise<{ people: NewWorker[]; errors: WorkerRowError[] }> {
  const errors: WorkerRowError[] = [];
  const people: NewWorker[] = [];
  const firstRow = new Map<string, number>();
  const keys = rows.map((row) => workerIdKey(options.idKey, row.values.idCard));
  const taken = await existingKeys(db, options.companyId, keys);
  for (const [index, row] of rows.entries()) {
    const found: WorkerRowError[] = [];
    const add = (field: WorkerField, message: string) => found.push({ rowNo: row.rowNo, field, message });
    for (const error of row.cellErrors) add(error.field, error.message);
    const unreadable = new Set(row.cellErrors.map((error) => error.field));
    const name = row.values.name.trim();
    const idCard = row.values.idCard.trim().toUpperCase();
    const mobile = row.values.mobile.trim();
    const bankCard = row.values.bankCard.trim();
    const bankName = row.values.bankName.trim();
    const referrer = (row.values.referrer ?? '').trim();
    const methodText = (row.values.method ?? '').trim();
    const method = parsePayoutMethod(methodText);
    const alipayAccount = (row.values.alipayAccount ?? '').trim();
    // The template's example person: one message that says so, not the rules it would break.
    if (isTemplateExample({ name, idCard, bankCard })) {
      errors.push({ rowNo: row.rowNo, field: 'name', message: TEMPLATE_EXAMPLE_MSG });
      continue;
    }

    if (name === '') add('name', '姓名不能为空');
    else if (chars(name) < 2 || chars(name) > 20) add('name', '姓名应为2-20个字符');
    if (!unreadable.has('idCard')) {
      if (idCard === '') add('idCard', '身份证号不能为空');
      else if (!isValidNationalId(idCard)) add('idCard', '身份证号格式或校验位不正确');
      else if (taken.has(keys[index])) add('idCard', WORKER_MSG.exists);
      else {
        const first = firstRow.get(idCard);
        if (first === undefined) firstRow.set(idCard, row.rowNo);
        else add('idCard', WORKER_MSG.duplicateInFile(first));
      }
    }
    if (!unreadable.has('mobile')) {
      if (mobile === '') add('mobile', WORKER_MSG.mobileRequired);
      else if (!MOBILE_PATTERN.test(mobile)) add('mobile', '请输入正确的手机号');
    }
    if (method === null) add('method', PAYEE_MSG.methodInvalid);
    // A worker paid to a bank card needs the card and its bank; one paid to Alipay the account (a card, when
    // given, is still checked).
    const byCard = method === 'bankcard';
    if (!unreadable.has('bankCard')) {
      if (bankCard === '') {
        if (byCard) add('bankCard', methodText === '' ? '银行卡号不能为空' : PAYEE_MSG.cardRequiredForBank);
      } else if (!/^\d{12,19}$/.test(bankCard)) add('bankCard', '银行卡号应为12-19位数字');
    }
    if (bankName === '') {
      if (byCard || bankCard !== '') add('bankName', WORKER_MSG.bankNameRequired);
    } else if (chars(bankName) > 32) add('bankName', WORKER_MSG.bankNameLength);
    if (alipayAccount === '') {
      if (method === 'alipay') add('alipayAccount', PAYEE_MSG.alipayRequired);
    } else if (!isAlipayAccount(alipayAccount)) add('alipayAccount', PAYEE_MSG.alipayInvalid);
    if (options.kind === 'referer' && referrer === '') add('referrer', WORKER_MSG.referrerRequired);
    else if (referrer !== '' && (chars(referrer) < 2 || chars(referrer) > 20))
      add('referrer', WORKER_MSG.referrerLength);

    if (found.length === 0) {
      const verdict = await options.verifier.verify({ name, idCard, mobile, bankCard });
      if (!verdict.passed) add(verdict.field, verdict.message);
    }
    if (found.length > 0) errors.push(...found);
    else
      people.push({
        rowNo: row.rowNo,
        name,
        idCard,
        mobile,
        bankCard,
        bankName,
        referrer: referrer || null,
        method: method ?? 'bankcard',
        alipayAccount: alipayAccount || null,
      });
  }
  return { people: errors.length > 0 ? [] : people, errors };
}

/**
 * Adds the checked workers (待签署, verified) in chunks inside the caller's transaction; answers their ids. A worker
 * another request (another import of the same people) added since the check (the unique ID key) refuses the whole insert with WORKER_MSG.exists.
 */
export async function insertWorkers(
  db: Db,
  people: readonly NewWorker[],
  options: { companyId: number; platformMark: number; source: number; operator: string; idKey: string },
): Promise<number[]> {
  const now = chinaTime();
  const ids: number[] = [];
  for (const part of chunks(people, 200)) {
    const inserted = await db
      .insertInto('workers')
      .values(
        part.map((person) => ({
          company_id: options.companyId,
          platform_mark: options.platformMark,
          name: person.name,
          id_card: person.idCard,
          id_key: workerIdKey(options.idKey, person.idCard),
          id_masked: maskIdCard(person.idCard),
          mobile: person.mobile,
          bank_card: person.bankCard,
          bank_name: person.bankName,
          payout_method: person.method,
          alipay_account: person.alipayAccount,
          referrer: person.referrer,
          source: options.source,
          sign_status: SIGN_STATUS.pending,
          verify_status: 1,
          verify_time: now,
          create_user: options.operator,
          create_time: now,
          update_time: now,
        })),
      )
      .returning('id')
      .execute()
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) fail(WORKER_MSG.exists);
        throw error;
      });
    ids.push(...inserted.map((row) => Number(row.id)));
  }
  return ids;
}

/**
 * The ID numbers among `idCards` the company may not pay: no worker of the company with a signed agreement
 * (已签署), and not on the company's whitelist. Used by the payout upload (validateRows.ts).
 */
export async function unsignedPayees(
  db: Db,
  idKey: string,
  companyId: number,
  idCards: readonly string[],
): Promise<Set<string>> {
  const byKey = new Map(idCards.map((idCard) => [workerIdKey(idKey, idCard), idCard] as const));
  const allowed = new Set<string>();
  for (const part of chunks([...byKey.keys()])) {
    const signed = await db
      .selectFrom('workers')
      .select('id_key')
      .where('company_id', '=', companyId)
      .where('sign_status', '=', SIGN_STATUS.signed)
      .where('id_key', 'in', part)
      .union(
        db
          .selectFrom('worker_whitelist')
          .select('id_key')
          .where('company_id', '=', companyId)
          .where('id_key', 'in', part),
      )
      .execute();
    for (const row of signed) allowed.add(row.id_key);
  }
  return new Set([...byKey].filter(([key]) => !allowed.has(key)).map(([, idCard]) => idCard));
}

/** Rows written without their lookup hash (seeds run before the configuration): keyed now, in chunks. */
export async function fillMissingKeys(db: Db, idKey: string): Promise<number> {
  let done = 0;
  for (;;) {
    const rows = await db
      .selectFrom('workers')
      .select(['id', 'id_card'])
      .where('id_key', 'like', 'pending:%')
      .limit(2000)
      .execute();
    if (rows.length === 0) break;
    await db.transaction().execute(async (tx) => {
      for (const row of rows) {
        await tx
          .updateTable('workers')
          .set({ id_key: workerIdKey(idKey, row.id_card) })
          .where('id', '=', row.id)
          .execute();
      }
    });
    done += rows.length;
  }
  const lists = await db
    .selectFrom('worker_whitelist')
    .select('id')
    .where('id_key', 'like', 'pending:%')
    .limit(1)
    .execute();
  if (lists.length > 0) throw new Error('worker_whitelist rows without id_key');
  return done;
}

/** Rescinding (解约): the worker's signed agreements are marked 已解约 with the time and reason; nothing is deleted. */
export async function rescindAgreements(db: Db, workerId: number, time: string, reason: string): Promise<void> {
  await db
    .updateTable('worker_agreements')
    .set({ status: SIGN_STATUS.rescinded, rescind_time: time, rescind_reason: reason })
    .where('worker_id', '=', workerId)
    .where('status', '=', SIGN_STATUS.signed)
    .execute();
}

export interface SignedPerson {
  name: string;
  idCard: string;
  mobile: string;
  bankCard: string;
  bankName: string;
}

/**
 * Workers who have signed (seeds and fixtures): `idKey` null writes a pending key the server fills at start
 * (fillMissingKeys), for seeds that run before the configuration is loaded.
 */
export async function addSignedWorkers(
  db: Db,
  company: { companyId: number; platformMark: number },
  people: readonly SignedPerson[],
  idKey: string | null,
  time = chinaTime(),
): Promise<void> {
  for (const part of chunks(people, 200)) {
    await db
      .insertInto('workers')
      .values(
        part.map((person) => ({
          company_id: company.companyId,
          platform_mark: company.platformMark,
          name: person.name,
          id_card: person.idCard,
          id_key: idKey ? workerIdKey(idKey, person.idCard) : `pending:${person.idCard}`,
          id_masked: maskIdCard(person.idCard),
          mobile: person.mobile,
          bank_card: person.bankCard,
          bank_name: person.bankName,
          referrer: null,
          source: 1,
          sign_status: SIGN_STATUS.signed,
          sign_time: time,
          audit_status: 1,
          verify_status: 1,
          verify_time: time,
          create_user: '系统',
          create_time: time,
          update_time: time,
        })),
      )
      .onConflict((oc) => oc.columns(['company_id', 'id_key']).doNothing())
      .execute();
  }
}
