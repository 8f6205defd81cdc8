import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer as startRealServer } from '../../scripts/serverProcess';
import { loadConfig } from '../../server/config';
import { migrateToLatest, openDatabase } from '../../server/db/database';
import { DEMO_PAYMENT_PASSWORD } from '../../server/db/seed/blacklist';
import { DEMO_PASSWORD, seedDemo } from '../../server/db/seed/demo';
import { chinaTime } from '../../server/db/time';
import { balanceOf, ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { LEDGER } from '../../src/domain/moneyEnums';
import { csvFile, payee } from '../support/batchFiles';
import { range, signPayees } from './support/signedWorkers';

/**
 * A crash in the middle of a batch submission: the REAL server runs as a child process on a kept
 * SQLite data directory; the test uploads a 10 000-row file, sends the submission and kills the server with
 * SIGKILL — a few milliseconds after sending, or right after the answer — then starts it again on the same
 * directory. Whatever the moment, the draft became either the whole batch (10 000 items, the balance debited
 * by exactly payouts + charge) or nothing (balance unchanged), the ledger still adds up, and submitting the
 * draft again then pays it exactly once.
 *
 * SQLite only: the server is always started on the data directory's SQLite file, even when DATABASE_URL is set
 * for the rest of the API tests (a PostgreSQL commit is atomic in the same way, and a killed client's open
 * transaction is rolled back by the server).
 */

const ACCOUNT = { companyId: 1, platformMark: 1 };
const ROWS = 10_000;
/** 1.00 yuan each: 10 000 rows cost 10,600.00 yuan with the 6% charge. */
const ROW_AMOUNT = '1.00';
const BATCH_COST = ROWS * (10_000 + 600);
const START_BALANCE = 100 * BATCH_COST;
/** Rounds of upload, submission and kill; each round pays its own 10 000 payees. */
const ROUNDS = 6;

let dataDir: string;
let server: RunningServer | null = null;

/** The real server on the kept data directory; SQLite whatever DATABASE_URL says, no background payouts. */
function startServer(): Promise<RunningServer> {
  return startRealServer({
    dataDir,
    env: {
      DATABASE_URL: '',
      SEED_DEMO: '0',
      PAYOUT_AUTO: '0',
      WEB_ROOT: path.join(dataDir, 'no-web-app'),
    },
  });
}

async function call(base: string, pathname: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  headers.set('platformmark', '1');
  const response = await fetch(`${base}${pathname}`, { ...init, headers });
  return (await response.json()) as { code: number; message: string; content: any };
}

async function loginMerchant(base: string): Promise<string> {
  const answer = await call(base, '/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      username: 'merchant',
      password: createHash('sha256').update(DEMO_PASSWORD).digest('hex'),
      type: '1',
      platformMark: '1',
    }),
  });
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content.token;
}

async function uploadDraft(base: string, token: string, round: number): Promise<number> {
  const rows = Array.from({ length: ROWS }, (_, index) => payee(round * ROWS + index, { '金额（元）': ROW_AMOUNT }));
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(csvFile(rows))], { type: 'text/csv' }), `crash-${round}.csv`);
  const answer = await call(base, '/api/v1/remittances/batch/validate', { method: 'POST', body: form, token });
  expect(answer.code, answer.message).toBe(1020000);
  expect(answer.content.total).toBe(BATCH_COST);
  return answer.content.draftId;
}

function sendSubmit(base: string, token: string, draftId: number) {
  return call(base, '/api/v1/remittances/batch/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ draftId, payPassword: DEMO_PAYMENT_PASSWORD }),
    token,
  });
}

/** What the database holds for one draft, read from the SQLite file. */
async function stateOf(draftId: number) {
  const db = openDatabase({ databaseUrl: null, dataDir });
  try {
    const batches = await db
      .selectFrom('payout_batches')
      .select(['id', 'batch_no', 'item_count', 'total_amount', 'service_charge'])
      .where('draft_id', '=', draftId)
      .execute();
    const items = batches[0]
      ? await db
          .selectFrom('payout_items')
          .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('amount').as('sum')])
          .where('batch_id', '=', batches[0].id)
          .executeTakeFirstOrThrow()
      : { n: 0, sum: 0 };
    const draft = await db
      .selectFrom('payout_drafts')
      .select('batch_id')
      .where('id', '=', draftId)
      .executeTakeFirstOrThrow();
    return {
      batches,
      itemCount: Number(items.n),
      itemSum: Number(items.sum ?? 0),
      draftBatchId: draft.batch_id === null ? null : Number(draft.batch_id),
      balance: await balanceOf(db, ACCOUNT),
      discrepancies: await ledgerDiscrepancies(db),
    };
  } finally {
    await db.destroy();
  }
}

type Outcome = 'whole batch' | 'nothing';

/** Checks "all or nothing" for the draft after a crash; answers which of the two it was. */
async function expectAllOrNothing(draftId: number, balanceBefore: number): Promise<Outcome> {
  const state = await stateOf(draftId);
  expect(state.discrepancies).toEqual([]);
  expect(state.batches.length).toBeLessThanOrEqual(1);
  if (state.batches.length === 0) {
    expect(state.itemCount).toBe(0);
    expect(state.draftBatchId).toBeNull();
    expect(state.balance).toBe(balanceBefore);
    return 'nothing';
  }
  const [batch] = state.batches;
  expect(Number(batch.item_count)).toBe(ROWS);
  expect(state.itemCount).toBe(ROWS);
  expect(state.itemSum).toBe(Number(batch.total_amount));
  expect(Number(batch.total_amount) + Number(batch.service_charge)).toBe(BATCH_COST);
  expect(state.draftBatchId).toBe(Number(batch.id));
  expect(state.balance).toBe(balanceBefore - BATCH_COST);
  return 'whole batch';
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'lg-crash-'));
  const db = openDatabase({ databaseUrl: null, dataDir });
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    // Only signed workers of the company may be paid: every round's payees signed first, keyed with
    // the ID key the server resolves from the same data directory.
    const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
    await signPayees({ db, config }, ACCOUNT, range(0, ROUNDS * ROWS));
    const balance = await balanceOf(db, ACCOUNT);
    await db.transaction().execute((tx) =>
      postEntries(
        tx,
        ACCOUNT,
        [
          {
            kind: LEDGER.recharge,
            amount: START_BALANCE - balance,
            refType: 'recharge',
            refId: 0,
            operatorId: null,
            remark: '崩溃测试初始余额',
          },
        ],
        chinaTime(),
      ),
    );
  } finally {
    await db.destroy();
  }
}, 120_000);

afterAll(async () => {
  if (server) {
    await server.kill();
    await server.stop();
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a crash during a batch submission', () => {
  it('leaves either the whole batch or nothing, and the draft then pays exactly once', async () => {
    // The first round kills right after the answer and times the submission. The others bisect towards the
    // moment of the commit: a kill that left nothing moves the next one later, a kill after the commit moves it
    // earlier, so the later kills land close to (and inside) the transaction on any machine.
    const rounds = ROUNDS;
    const report: string[] = [];
    let earliest = 0;
    let latest = 0;
    server = await startServer();
    for (let round = 0; round < rounds; round += 1) {
      const token = await loginMerchant(server.url);
      const draftId = await uploadDraft(server.url, token, round);
      const balanceBefore = (await stateOf(draftId)).balance;

      const sent = performance.now();
      const pending = sendSubmit(server.url, token, draftId).catch(() => null);
      if (round === 0) {
        const answer = await pending;
        latest = performance.now() - sent;
        expect(answer?.code, answer?.message).toBe(1020000);
      } else {
        await new Promise((resolve) => setTimeout(resolve, Math.round((earliest + latest) / 2)));
      }
      const killedAfter = performance.now() - sent;
      await server.kill();
      await server.stop();
      await pending;

      server = await startServer();
      const outcome = await expectAllOrNothing(draftId, balanceBefore);
      if (round === 0) expect(outcome).toBe('whole batch');
      else if (outcome === 'nothing') earliest = killedAfter;
      else latest = killedAfter;
      report.push(`${Math.round(killedAfter)} ms → ${outcome}`);

      // After the restart the draft is paid exactly once, whichever way the crash went.
      const again = await sendSubmit(server.url, await loginMerchant(server.url), draftId);
      expect(again.code, again.message).toBe(1020000);
      expect(again.content.duplicate).toBe(outcome === 'whole batch');
      expect(await expectAllOrNothing(draftId, balanceBefore)).toBe('whole batch');
    }
    // Reported so a run shows where the kills landed (the first one is the whole submission's time).
    console.log(`SIGKILL after sending the submission: ${report.join(', ')}`);
  }, 600_000);
});
