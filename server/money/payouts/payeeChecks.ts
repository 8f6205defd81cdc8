import { PAYEE_MSG } from '../../../src/domain/payees';
import { SUBMIT_MSG } from '../../../src/domain/payoutBatch';
import { WORKER_MSG } from '../../../src/domain/workers';
import type { Db } from '../../db/database';
import { fail } from '../../http/errors';
import type { IdentityVerifier } from '../../workers/identity';
import { workerIdKey } from '../../workers/identity';
import { unsignedPayees } from '../../workers/workers.service';
import { blacklistedAmong } from '../settlementBlacklist.service';

/**
 * "May this payee be paid now": not on the settlement blacklist, and with a signed agreement with the company
 * (or on its whitelist). Asked at upload (the file's rows, validateRows) and again inside the transaction that
 * moves the money (a draft's submission, an abnormal fund's re-payment), since a payee may be blacklisted or
 * rescinded between the two.
 */
export interface PayeeBars {
  /** National ids (upper-case) on the blacklist. */
  blacklisted: Set<string>;
  /** National ids without a signed agreement with the company. */
  unsigned: Set<string>;
}

export async function payeeBars(
  db: Db,
  idKey: string,
  companyId: number,
  idCards: readonly string[],
): Promise<PayeeBars> {
  const ids = [...new Set(idCards.map((idCard) => idCard.trim().toUpperCase()))];
  return {
    blacklisted: await blacklistedAmong(db, ids),
    unsigned: await unsignedPayees(db, idKey, companyId, ids),
  };
}

/**
 * Refuses the whole payout (a batch is all or nothing, DESIGN §4) when any payee may not be paid now, naming each
 * one with the reason. Called in the money's transaction, before the debit.
 */
// A message naming 10 000 refused payees would not be read; the first ones and the count are.
const NAMED_AT_MOST = 20;

export async function assertPayeesPayableNow(
  db: Db,
  idKey: string,
  companyId: number,
  payees: readonly { name: string; idCard: string }[],
): Promise<void> {
  const bars = await payeeBars(
    db,
    idKey,
    companyId,
    payees.map((payee) => payee.idCard),
  );
  const refused: string[] = [];
  const named = new Set<string>();
  for (const payee of payees) {
    const idCard = payee.idCard.trim().toUpperCase();
    if (named.has(idCard)) continue;
    const reason = bars.blacklisted.has(idCard)
      ? PAYEE_MSG.blacklisted
      : bars.unsigned.has(idCard)
        ? WORKER_MSG.notSigned
        : null;
    if (reason === null) continue;
    named.add(idCard);
    refused.push(`${payee.name}（${reason}）`);
  }
  if (refused.length === 0) return;
  const shown =
    refused.length > NAMED_AT_MOST ? [...refused.slice(0, NAMED_AT_MOST), `等 ${refused.length} 人`] : refused;
  fail(SUBMIT_MSG.payeesNotPayable(shown));
}

/** A payout row as the identity check of a new card needs it. */
export interface PayeeCard {
  rowNo: number;
  name: string;
  idCard: string;
  bankCard: string;
  mobile: string | null;
  method?: 'bankcard' | 'alipay';
}

/**
 * Rows paying a card that is new for that payee: not the card the company's worker record holds for that ID
 * number. Those are checked with the identity provider (name + ID number + card [+ mobile]) before the money goes
 * to a card nobody has verified as the person's; each refusal is a Chinese message on its row.
 * Only a real provider is asked (IDENTITY_PROVIDER): the dev provider's local checks are the upload's own rules
 * (ID check digit, the card's Luhn digit as a warning), which validateRows already applies.
 */
export async function newCardErrors(
  db: Db,
  idKey: string,
  companyId: number,
  verifier: IdentityVerifier,
  rows: readonly PayeeCard[],
): Promise<{ rowNo: number; field: 'name' | 'idCard' | 'mobile' | 'bankCard'; message: string }[]> {
  if (verifier.name === 'dev' || rows.length === 0) return [];
  const known = new Set<string>();
  const keys = [...new Set(rows.map((row) => workerIdKey(idKey, row.idCard)))];
  for (let start = 0; start < keys.length; start += 500) {
    const found = await db
      .selectFrom('workers')
      .select(['id_key', 'bank_card'])
      .where('company_id', '=', companyId)
      .where('id_key', 'in', keys.slice(start, start + 500))
      .execute();
    for (const worker of found) known.add(`${worker.id_key}|${worker.bank_card.trim()}`);
  }
  const errors: { rowNo: number; field: 'name' | 'idCard' | 'mobile' | 'bankCard'; message: string }[] = [];
  for (const row of rows) {
    // An Alipay row pays the account, checked by Alipay against the real name: its card is not paid.
    if (row.method === 'alipay') continue;
    if (known.has(`${workerIdKey(idKey, row.idCard)}|${row.bankCard}`)) continue;
    const verdict = await verifier.verify({
      name: row.name,
      idCard: row.idCard,
      bankCard: row.bankCard,
      mobile: row.mobile ?? '',
    });
    if (!verdict.passed)
      errors.push({ rowNo: row.rowNo, field: verdict.field, message: `新银行卡实名核验未通过：${verdict.message}` });
  }
  return errors;
}
