import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentSignFlag } from '../../src/domain/agentSign';
import { authed, createTestApp, envelopeOf, login, type TestApp, tokenOf } from './support/testApp';

// Spec §4 "Agent sign flag is true when any item has isCheck above 0": the merchant's service charge items (login
// answer and GET /api/v1/servicecharge) carry isCheck, above 0 in an edition where a levy agent (代征主体) has
// signed the service agreement (服务协议, agreement_type 1) with the company and it is not voided.
let t: TestApp;
let companyId = 0;

async function charges() {
  const client = authed(t.app, await tokenOf(t.app, 'merchant'));
  const answer = envelopeOf(await client.get('/api/v1/servicecharge'));
  expect(answer.code).toBe(1020000);
  return answer.content as { platformMark: number; isCheck: number }[];
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.db
    .selectFrom('users')
    .select('company_id')
    .where('username', '=', 'merchant')
    .executeTakeFirst();
  companyId = Number(user?.company_id);
  // No agent has signed for the company: every service agreement of it voided.
  await t.db.updateTable('contracts').set({ data_status: 0 }).where('company_id', '=', companyId).execute();
});

afterAll(async () => {
  await t?.close();
});

describe('isCheck on the service charge items', () => {
  it('is 0 on every item while no levy agent has signed, so the flag is false', async () => {
    const items = await charges();
    expect(items.length).toBeGreaterThan(0);
    expect(items.map((item) => item.isCheck)).toEqual(items.map(() => 0));
    expect(agentSignFlag(items)).toBe(false);
  });

  it('is 1 on the edition where a levy agent signed the service agreement, in the login answer too', async () => {
    const enterprise = await t.db
      .selectFrom('enterprises')
      .select('id')
      .where('platform_mark', '=', 1)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const contract = await t.db
      .selectFrom('contracts')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable('contracts')
      .set({ agreement_type: 1, enterprise_id: enterprise.id, sign_status: 1, data_status: 1, platform_mark: 1 })
      .where('id', '=', contract.id)
      .execute();
    const items = await charges();
    expect(items.find((item) => item.platformMark === 1)?.isCheck).toBe(1);
    expect(agentSignFlag(items)).toBe(true);
    const answer = await login(t.app, 'merchant');
    expect(
      answer.content.serviceCharge.find((item: { platformMark: number }) => item.platformMark === 1),
    ).toMatchObject({
      isCheck: 1,
    });

    // Not yet signed, or another kind of agreement, is no agent signing.
    await t.db.updateTable('contracts').set({ sign_status: 0 }).where('id', '=', contract.id).execute();
    expect(agentSignFlag(await charges())).toBe(false);
    await t.db
      .updateTable('contracts')
      .set({ sign_status: 1, agreement_type: 2 })
      .where('id', '=', contract.id)
      .execute();
    expect(agentSignFlag(await charges())).toBe(false);
  });
});
