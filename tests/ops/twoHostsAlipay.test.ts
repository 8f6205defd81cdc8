import { mkdtempSync } from 'node:fs';
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
import {
  FAKE_REASON,
  type FakeAlipayGateway,
  type Scenario,
  startFakeAlipayGateway,
  testKeyPair,
} from '../api/support/fakeAlipayGateway';
import { randomSecret } from '../api/support/testApp';
import { sha256Hex } from '../support/sigv4';

/**
 * Payouts through Alipay from two hosts: two server processes (as `npm start` starts them) on one PostgreSQL, both
 * paying through the Alipay channel against one loopback fake of Alipay's gateway. Each item is transferred once
 * although both processors run; a hold released through one host is paid; a return and a late success notified
 * to both hosts at once move each item once; the refunds are exactly the failures and the return.
 */
interface LocalPostgres {
  url: string;
  stop(): void;
}

const APP_ID = '2021004100000099';
const ACCOUNT = { companyId: 1, platformMark: 1 };
const RATE = 600;
const RECHARGE = 50_000_000;

let postgres: LocalPostgres;
let fake: FakeAlipayGateway;
let db: Db;
const hosts: RunningServer[] = [];

beforeAll(async () => {
  const { startLocalPostgres } = (await import('../../scripts/localPostgres.mjs' as string)) as {
    startLocalPostgres: () => Promise<LocalPostgres | null>;
  };
  const started = await startLocalPostgres();
  if (!started) throw new Error('需要 PostgreSQL（Debian：apt-get install postgresql；.ci/run 会安装）');
  postgres = started;
  fake = await startFakeAlipayGateway();
  const app = testKeyPair();
  fake.allow(APP_ID, app.publicKey);
  const env = {
    DATABASE_URL: postgres.url,
    JWT_SECRET: randomSecret(),
    ID_KEY: randomSecret(),
    RECONCILE_CRON: 'off',
    PAYOUT_AUTO: '1',
    PAYOUT_DELAY_MS: '0',
    PAYOUT_QUERY_INTERVAL_MS: '300',
    PAYOUT_CHANNEL: 'alipay',
    ALIPAY_APP_ID: APP_ID,
    ALIPAY_PRIVATE_KEY: app.privateKey,
    ALIPAY_PUBLIC_KEY: fake.alipay.publicKey,
    ALIPAY_GATEWAY: `${fake.url}/gateway.do`,
  };
  // The first host migrates and seeds the empty database, the second joins it.
  hosts.push(await startServer({ env }));
  hosts.push(await startServer({ env }));
  db = openDatabase({ databaseUrl: postgres.url, dataDir: mkdtempSync(path.join(tmpdir(), 'lg-two-alipay-')) });
}, 120_000);

afterAll(async () => {
  await Promise.all(hosts.map((host) => host.stop()));
  await db?.destroy();
  await fake?.close();
  postgres?.stop();
}, 60_000);

function payee(serial: number, scenario: Scenario): PayoutRow {
  const idBody = `11010119900505${String(serial).padStart(3, '0')}`;
  const cardBody = `62220200${String(serial).padStart(10, '0')}`;
  const name = `支付宝两机${serial}`;
  fake.scenarios.set(name, scenario);
  return {
    rowNo: serial + 1,
    name,
    idCard: idBody + nationalIdCheckChar(idBody),
    bankCard: cardBody + luhnCheckDigit(cardBody),
    mobile: null,
    amount: 100_000 + serial * 100,
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

const notify = (host: RunningServer, form: string) =>
  fetch(`${host.url}/api/v1/open/payouts/notify/alipay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    body: form,
  }).then(async (answer) => ({ status: answer.status, body: await answer.text() }));

describe('two hosts paying through Alipay', () => {
  it('transfer each item once, and a hold, a return and a late success move each item once', async () => {
    const before = await balanceOf(db, ACCOUNT);
    await db
      .transaction()
      .execute((tx) =>
        postEntries(
          tx,
          ACCOUNT,
          [{ kind: LEDGER.recharge, amount: RECHARGE, refType: 'recharge', refId: 910_077, operatorId: null }],
          chinaTime(),
        ),
      );
    const scenarios: Scenario[] = [
      ...Array.from({ length: 12 }, () => 'success' as const),
      'fail',
      'fail',
      'held',
      'refund',
      'dealing',
      'refuse',
    ];
    const rows = scenarios.map((scenario, serial) => payee(serial, scenario));
    const created = await db
      .transaction()
      .execute((tx) =>
        createBatch(tx, { ...ACCOUNT, operatorId: 1, rows, rate: RATE, draftId: null, now: chinaTime() }),
      );
    const items = () =>
      db
        .selectFrom('payout_items')
        .select(['id', 'status'])
        .where('batch_id', '=', created.batchId)
        .orderBy('id')
        .execute();
    const ids = (await items()).map((item) => Number(item.id));
    const at = (scenario: Scenario) => ids[scenarios.indexOf(scenario)];

    // Until both processors have sent everything and asked about it: success, failure and refusal are final,
    // the hold is held and the dealing order is still processing.
    const expected = scenarios.map((scenario) =>
      scenario === 'fail' || scenario === 'refuse'
        ? ITEM.failed
        : scenario === 'held'
          ? ITEM.held
          : scenario === 'dealing'
            ? ITEM.sent
            : ITEM.succeeded,
    );
    await expect
      .poll(async () => (await items()).map((item) => Number(item.status)), { timeout: 40_000, interval: 250 })
      .toEqual(expected);
    // Each accepted order reached Alipay once although two processors ran.
    for (const id of ids) {
      expect(
        fake.transfers.filter((outBizNo) => outBizNo === String(id)),
        `item ${id}`,
      ).toHaveLength(1);
    }

    // The hold is released through host A; Alipay pays it once funded, and a processor finds out by asking.
    const [a, b] = hosts;
    const token = await login(a);
    // Funded again, Alipay resumes the order: it is dealing, no longer short of funds.
    fake.set(String(at('held')), 'DEALING');
    const released = await fetch(`${a.url}/api/v1/systemtools/payouts/${at('held')}/release`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    }).then((answer) => answer.json() as Promise<{ code: number; message: string }>);
    expect(released.code, released.message).toBe(1020000);
    fake.set(String(at('held')), 'SUCCESS');

    // The paid order comes back from the bank, and the dealing one succeeds: each notification reaches both hosts
    // at the same moment (Alipay retries; a load balancer may send them anywhere).
    fake.set(String(at('refund')), 'REFUND', FAKE_REASON.refund);
    fake.set(String(at('dealing')), 'SUCCESS');
    const forms = [fake.notification(String(at('refund'))), fake.notification(String(at('dealing')))];
    const answers = await Promise.all(forms.flatMap((form) => [notify(a, form), notify(b, form)]));
    for (const answer of answers) expect(answer).toEqual({ status: 200, body: 'success' });

    const settled = expected.map((status, index) =>
      scenarios[index] === 'refund' ? ITEM.returned : status === ITEM.failed ? ITEM.failed : ITEM.succeeded,
    );
    await expect
      .poll(async () => (await items()).map((item) => Number(item.status)), { timeout: 30_000, interval: 250 })
      .toEqual(settled);

    // Refunds: one per failure, refusal and return, each its amount and charge.
    const refunded = scenarios.flatMap((scenario, index) =>
      scenario === 'fail' || scenario === 'refuse' || scenario === 'refund' ? [index] : [],
    );
    const refunds = await db
      .selectFrom('ledger_entries')
      .select(['ref_id', 'amount'])
      .where('ref_type', '=', 'item')
      .where('kind', '=', LEDGER.refund)
      .where('ref_id', 'in', ids)
      .orderBy('ref_id')
      .execute();
    expect(refunds.map((entry) => [Number(entry.ref_id), Number(entry.amount)])).toEqual(
      refunded.map((index) => [ids[index], rows[index].amount + itemServiceCharge(rows[index].amount, RATE)]),
    );
    const spent = rows
      .filter((_, index) => !refunded.includes(index))
      .reduce((sum, row) => sum + row.amount + itemServiceCharge(row.amount, RATE), 0);
    expect(await balanceOf(db, ACCOUNT)).toBe(before + RECHARGE - spent);
    expect(await ledgerDiscrepancies(db)).toEqual([]);
    // Still one transfer per item: the release and the notifications sent nothing again.
    expect(fake.transfers.filter((outBizNo) => ids.includes(Number(outBizNo)))).toHaveLength(ids.length);
  }, 120_000);
});
