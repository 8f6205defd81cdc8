import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../scripts/serverProcess';
import { type Db, openDatabase } from '../../server/db/database';
import { chinaTime } from '../../server/db/time';
import { balanceOf, ledgerDiscrepancies, postEntries } from '../../server/money/ledger/ledger';
import { createBatch } from '../../server/money/payouts/createBatch';
import type { PayoutRow } from '../../server/money/payouts/payoutRow';
import { itemServiceCharge } from '../../src/domain/charges';
import { ITEM, LEDGER } from '../../src/domain/moneyEnums';
import { luhnCheckDigit, nationalIdCheckChar } from '../../src/domain/payees';
import { fileBytes, multipartRequest } from '../api/support/multipart';
import { randomSecret } from '../api/support/testApp';
import { startS3rver, type TestObjectStore } from '../support/s3rver';
import { sha256Hex } from '../support/sigv4';

/**
 * More than one machine: two independent server processes (each started as `npm start` starts one, each with a
 * data directory of its own, as two hosts would have) on one PostgreSQL and one S3-compatible store (s3rver, a real
 * S3 server on loopback). Submitted payouts are paid once each with the ledger exact, the clean-up scheduled every
 * second runs once per second across both, and a file uploaded through one host downloads through the other.
 */
interface LocalPostgres {
  url: string;
  stop(): void;
}

let postgres: LocalPostgres;
let store: TestObjectStore;
let db: Db;
const hosts: RunningServer[] = [];

const ACCOUNT = { companyId: 1, platformMark: 1 };
const RATE = 600;
const RECHARGE = 100_000_000;

beforeAll(async () => {
  const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
    startLocalPostgres: () => Promise<LocalPostgres | null>;
  };
  const started = await startLocalPostgres();
  if (!started) throw new Error('需要 PostgreSQL（Debian：apt-get install postgresql；.ci/run 会安装）');
  postgres = started;
  store = await startS3rver();
  const shared = {
    DATABASE_URL: postgres.url,
    // Every host signs and reads the same tokens and pseudonymous ids.
    JWT_SECRET: randomSecret(),
    ID_KEY: randomSecret(),
    ...store.env(),
    RECONCILE_CRON: 'off',
  };
  const env = { ...shared, PAYOUT_AUTO: '1', PAYOUT_DELAY_MS: '0', LOG_RETENTION_CRON: '* * * * * *' };
  // The first host migrates and seeds the empty database, the second joins it.
  hosts.push(await startServer({ env }));
  hosts.push(await startServer({ env }));
  db = openDatabase({ databaseUrl: postgres.url, dataDir: mkdtempSync(path.join(tmpdir(), 'lg-two-hosts-')) });
}, 120_000);

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
  await db?.destroy();
  await store?.close();
  postgres?.stop();
}, 60_000);

function payee(serial: number, amount: number, validCard: boolean): PayoutRow {
  const idBody = `11010119900101${String(serial).padStart(3, '0')}`;
  const cardBody = `62220200${String(serial).padStart(10, '0')}`;
  const check = Number(luhnCheckDigit(cardBody));
  return {
    rowNo: serial + 1,
    name: `收款人${serial}`,
    idCard: idBody + nationalIdCheckChar(idBody),
    bankCard: cardBody + String(validCard ? check : (check + 1) % 10),
    mobile: null,
    amount,
    remark: null,
  };
}

async function login(host: RunningServer): Promise<string> {
  const answer = await fetch(`${host.url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }),
  });
  const body = (await answer.json()) as { code: number; message: string; content: { token: string } };
  expect(body.code, body.message).toBe(1020000);
  return body.content.token;
}

describe('two hosts on one PostgreSQL and one object store', () => {
  it('pay each submitted payout once, with the ledger exact', async () => {
    const before = await balanceOf(db, ACCOUNT);
    await db
      .transaction()
      .execute((tx) =>
        postEntries(
          tx,
          ACCOUNT,
          [{ kind: LEDGER.recharge, amount: RECHARGE, refType: 'recharge', refId: 910_035, operatorId: null }],
          chinaTime(),
        ),
      );
    // Four batches submitted while both hosts' processors run; every fifth card fails at the bank (refunded).
    const batches = [0, 1, 2, 3].map((batch) =>
      Array.from({ length: 25 }, (_, index) => {
        const serial = batch * 25 + index;
        return payee(serial, 10_000 + serial * 100, serial % 5 !== 0);
      }),
    );
    const created = [];
    for (const rows of batches) {
      created.push(
        await db
          .transaction()
          .execute((tx) =>
            createBatch(tx, { ...ACCOUNT, operatorId: 1, rows, rate: RATE, draftId: null, now: chinaTime() }),
          ),
      );
    }
    const batchIds = created.map((batch) => batch.batchId);
    const items = () =>
      db.selectFrom('payout_items').select(['id', 'status']).where('batch_id', 'in', batchIds).orderBy('id').execute();
    // Until every item has its channel's final answer: sent (待打款 → 处理中), then asked about (→ 成功 | 失败).
    const open: number[] = [ITEM.waiting, ITEM.sent, ITEM.held];
    await expect
      .poll(async () => (await items()).filter((item) => open.includes(Number(item.status))).length, {
        timeout: 40_000,
        interval: 250,
      })
      .toBe(0);

    const rows = batches.flat();
    const paid = await items();
    expect(paid).toHaveLength(rows.length);
    // Each item went to the bank exactly once (the call log of the payout channel, one row per call).
    const calls = await db
      .selectFrom('third_party_calls')
      .select('request_body')
      .where('path', '=', 'payout://dev/submit')
      .execute();
    for (const item of paid) {
      const sent = calls.filter((call) => new RegExp(`"itemId":${item.id}\\b`).test(call.request_body ?? ''));
      expect(sent, `item ${item.id}`).toHaveLength(1);
    }
    expect(paid.filter((item) => item.status === ITEM.succeeded)).toHaveLength(
      rows.filter((_, i) => i % 5 !== 0).length,
    );
    // The balance lost exactly the paid amounts and their charges; failed items came back in full.
    const spent = rows
      .filter((_, serial) => serial % 5 !== 0)
      .reduce((sum, row) => sum + row.amount + itemServiceCharge(row.amount, RATE), 0);
    expect(await balanceOf(db, ACCOUNT)).toBe(before + RECHARGE - spent);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
  }, 60_000);

  it('run the clean-up scheduled every second once per second across both hosts', async () => {
    const started = chinaTime();
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const runs = await db
      .selectFrom('log_retention_runs')
      .select(['create_time', 'status'])
      .where('create_time', '>=', started)
      .orderBy('id')
      .execute();
    expect(runs.length).toBeGreaterThanOrEqual(3);
    const seconds = runs.map((run) => run.create_time);
    expect(new Set(seconds).size, seconds.join(', ')).toBe(seconds.length);
    expect(runs.every((run) => run.status === 1)).toBe(true);
  }, 30_000);

  it('serve through one host a file uploaded through the other', async () => {
    const [a, b] = hosts;
    const token = await login(a);
    const content = fileBytes('png', 4000);
    const upload = multipartRequest([{ name: 'file', filename: '营业执照.png', content }]);
    const answer = await fetch(`${a.url}/api/v1/common/uploadfiles`, {
      method: 'POST',
      headers: { ...upload.headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(upload.payload),
    });
    const body = (await answer.json()) as { code: number; message: string; content: { id: number; url: string } };
    expect(body.code, body.message).toBe(1020000);
    const row = await db
      .selectFrom('uploads')
      .select('stored_name')
      .where('id', '=', body.content.id)
      .executeTakeFirstOrThrow();
    // In the bucket, not on host A's disk.
    expect((await store.read(`uploads/${row.stored_name}`))?.equals(content)).toBe(true);
    expect(readdirSync(a.dataDir)).not.toContain('uploads');

    const download = await fetch(`${b.url}${body.content.url}`, {
      headers: { authorization: `Bearer ${await login(b)}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
  }, 30_000);
});
