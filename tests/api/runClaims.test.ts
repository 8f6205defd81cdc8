import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { chinaTime } from '../../server/db/time';
import { withRunClaim } from '../../server/system/runClaims';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/**
 * The long-running admin actions (统计重建, 同步余额, 资金对账, 自动开票 run now, 生成结算单) claim their run first
 * (server/system/runClaims.ts). While a run holds the claim, in this process or another one on the database, the
 * action is refused with a Chinese message naming who started it and when, and writes nothing. Fired 30 times at
 * once none answers 500: on PostgreSQL the unclaimed runs deadlocked and hit duplicate keys (15 of 30), and there
 * the calls overlap, so some are refused. (On SQLite one process's runs never overlap: each runs to its end
 * without giving the event loop back, so the 30 run one after another.) A claim whose holder died runs out.
 */
const OK = 1020000;
const RACERS = 30;

let t: TestApp;
let admin: AuthedClient;
beforeAll(async () => {
  t = await createTestApp();
  admin = authed(t.app, await tokenOf(t.app, 'admin'));
});
afterAll(async () => t.close());

const yesterday = () => chinaTime(Date.now() - 24 * 3600_000).slice(0, 10);
const lastMonth = () => {
  const now = new Date(`${chinaTime().slice(0, 7)}-01T00:00:00Z`);
  now.setUTCMonth(now.getUTCMonth() - 1);
  return now.toISOString().slice(0, 7);
};

interface Action {
  name: string;
  /** The claim's key, as the route names it. */
  job: () => string;
  label: string;
  method: 'POST' | 'PATCH';
  url: string;
  payload: () => Record<string, unknown>;
}

const ACTIONS: Action[] = [
  {
    name: 'statistics rebuild',
    job: () => 'statisticsRebuild',
    label: '统计重建',
    method: 'POST',
    url: '/api/v1/systemtools/statistics/rebuild',
    payload: () => ({}),
  },
  {
    name: 'bank balance sync',
    job: () => 'bankBalanceSync',
    label: '同步余额',
    method: 'PATCH',
    url: '/api/v1/bankaccounts/bank/syncbalance',
    payload: () => ({}),
  },
  {
    name: 'reconciliation',
    job: () => 'reconciliation',
    label: '资金对账',
    method: 'POST',
    url: '/api/v1/reconciliation/run',
    payload: () => ({ day: yesterday() }),
  },
  {
    name: 'auto invoicing',
    job: () => 'autoInvoicing',
    label: '自动开票',
    method: 'POST',
    url: '/api/v1/autoinvoicing/run',
    payload: () => ({}),
  },
  {
    name: 'settlement sheets',
    job: () => `settlementSheets:1:${lastMonth()}`,
    label: '生成结算单',
    method: 'POST',
    url: '/api/v1/settlementsheets/generate',
    payload: () => ({ month: lastMonth(), platformmark: 1 }),
  },
  {
    name: 'sensitive-word import',
    job: () => 'sensitiveWords:general',
    label: '敏感词导入',
    method: 'POST',
    url: '/api/v1/sensitivewords/general/import',
    // Fresh words each time: every import has something to add.
    payload: () => ({ text: Array.from({ length: 50 }, (_, i) => `竞速词${randomUUID().slice(0, 8)}${i}`).join('\n') }),
  },
];

const refusal = (label: string) => new RegExp(`^${label}正在进行（.+开始），请等待完成后再试$`);

function summary(answers: LightMyRequestResponse[]): string {
  return answers.map((answer) => `${answer.statusCode} ${answer.body.slice(0, 120)}`).join('\n');
}

/** Holds the action's claim the way a run in progress does, until `release` is called. */
function holdClaim(job: string, db = t.db) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = false;
  const run = withRunClaim(db, { job, label: '测试', operator: '另一位管理员' }, async () => {
    held = true;
    await gate;
  });
  return {
    release,
    run,
    ready: async () => {
      while (!held) await new Promise((resolve) => setTimeout(resolve, 5));
    },
  };
}

const call = (client: AuthedClient, action: Action) =>
  client({ method: action.method, url: action.url, payload: action.payload() });

async function operationCount(): Promise<number> {
  const row = await t.db
    .selectFrom('operation_logs')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('long-running admin actions claim their run', () => {
  for (const action of ACTIONS) {
    it(`${action.name}: refused while another run holds the claim, runs once it ends`, async () => {
      const holder = holdClaim(action.job());
      await holder.ready();
      const logged = await operationCount();
      try {
        const refused = envelopeOf(await call(admin, action));
        expect(refused.code).toBe(1040400);
        expect(refused.message).toMatch(refusal(action.label));
        expect(refused.message).toContain('另一位管理员');
        expect(await operationCount()).toBe(logged);
      } finally {
        holder.release();
        await holder.run;
      }
      const ran = envelopeOf(await call(admin, action));
      expect(ran.code, ran.message).toBe(OK);
    });

    it(`${action.name}: ${RACERS} at once, none fails; where they overlap the others are refused`, async () => {
      const answers = await Promise.all(Array.from({ length: RACERS }, () => call(admin, action)));
      expect(
        answers.filter((answer) => answer.statusCode !== 200),
        summary(answers),
      ).toEqual([]);
      const envelopes = answers.map(envelopeOf);
      const refused = envelopes.filter((envelope) => refusal(action.label).test(envelope.message));
      const ran = envelopes.filter((envelope) => envelope.code === OK);
      expect(ran.length, summary(answers)).toBeGreaterThanOrEqual(1);
      expect(ran.length + refused.length, summary(answers)).toBe(RACERS);
      // PostgreSQL runs them side by side (the pool has several connections): some must have been refused.
      if (t.dialect === 'postgres') expect(refused.length, summary(answers)).toBeGreaterThanOrEqual(1);
      // The claim is released when the run ends: the next call runs.
      const next = envelopeOf(await call(admin, action));
      expect(next.code, next.message).toBe(OK);
    });
  }

  it('the rebuilt statistics agree with the ledger after the races', async () => {
    const answer = envelopeOf(
      await admin({ method: 'POST', url: '/api/v1/systemtools/statistics/rebuild', payload: {} }),
    );
    expect(answer.content.consistent).toBe(true);
    expect(answer.content.changed).toEqual([]);
  });

  it('the claim is in the database: a run through one app instance refuses the other instance', async () => {
    const second = await buildApp({ config: t.config, db: t.db, logger: false });
    try {
      await second.ready();
      const other = authed(second, await tokenOf(second, 'admin'));
      const rebuild = ACTIONS[0];
      const held = holdClaim(rebuild.job());
      await held.ready();
      try {
        expect(envelopeOf(await call(other, rebuild)).message).toMatch(refusal(rebuild.label));
      } finally {
        held.release();
        await held.run;
      }
      expect(envelopeOf(await call(other, rebuild)).code).toBe(OK);
    } finally {
      await second.close();
    }
  });

  it('a claim left by a process that died runs out, and then the action runs again', async () => {
    const now = Date.now();
    await t.db
      .insertInto('run_claims')
      .values({
        job: 'bankBalanceSync',
        owner: 'dead-process',
        operator: '某管理员',
        started_at: chinaTime(now - 60_000),
        lease_until: now + 60_000,
      })
      .execute();
    const refused = envelopeOf(
      await admin({ method: 'PATCH', url: '/api/v1/bankaccounts/bank/syncbalance', payload: {} }),
    );
    expect(refused.message).toMatch(refusal('同步余额'));
    expect(refused.message).toContain('某管理员');
    await t.db
      .updateTable('run_claims')
      .set({ lease_until: now - 1 })
      .where('job', '=', 'bankBalanceSync')
      .execute();
    const ran = envelopeOf(await admin({ method: 'PATCH', url: '/api/v1/bankaccounts/bank/syncbalance', payload: {} }));
    expect(ran.code, ran.message).toBe(OK);
    const left = await t.db.selectFrom('run_claims').select('job').where('job', '=', 'bankBalanceSync').execute();
    expect(left).toEqual([]);
  });

  it('a holder renews its lease while it runs, so a long run is not taken over', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const job = { job: 'leaseRenewal', label: '测试', operator: '甲' };
    const run = withRunClaim(t.db, job, () => gate, 200);
    await new Promise((resolve) => setTimeout(resolve, 600));
    await expect(withRunClaim(t.db, { ...job, operator: '乙' }, async () => 'ran', 200)).rejects.toThrow(
      refusal('测试'),
    );
    release();
    await run;
    expect(await withRunClaim(t.db, { ...job, operator: '乙' }, async () => 'ran', 200)).toBe('ran');
  });
});
