import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuthedClient, authed, createTestApp, envelopeOf, type TestApp, tokenOf } from './support/testApp';

/** /adSmallMerchant: the small-scale twin of /adMerchant, fixed to edition 3. */

let test: TestApp;
let admin: AuthedClient;

beforeAll(async () => {
  test = await createTestApp();
  admin = authed(test.app, await tokenOf(test.app, 'admin'));
});
afterAll(async () => test?.close());

describe('/adSmallMerchant', () => {
  it('lists only small-scale companies, all of them', async () => {
    const answer = envelopeOf(await admin({ method: 'GET', url: '/api/v1/companies/xgm/search?page=0&size=200' }));
    expect(answer.code).toBe(1020000);
    const count = await test.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('platform_mark', '=', 3)
      .executeTakeFirstOrThrow();
    expect(answer.content.totalElements).toBe(Number(count.n));
    expect(Number(count.n)).toBeGreaterThan(0);
    expect(answer.content.content.every((row: { platformMark: number }) => row.platformMark === 3)).toBe(true);
    const refused = envelopeOf(await admin({ method: 'GET', url: '/api/v1/companies/xgm/search?q=platformmark:1' }));
    expect(refused.code).toBe(1040400);
  });

  it('edits a small-scale company and refuses a standard one', async () => {
    const [small, standard] = await Promise.all(
      [3, 1].map((mark) =>
        test.db.selectFrom('companies').select('id').where('platform_mark', '=', mark).executeTakeFirstOrThrow(),
      ),
    );
    const saved = envelopeOf(
      await admin({ method: 'PUT', url: `/api/v1/companies/xgm/${small.id}`, payload: { linkmanName: '王小规' } }),
    );
    expect(saved.content.linkmanName).toBe('王小规');
    const refused = envelopeOf(
      await admin({ method: 'PUT', url: `/api/v1/companies/xgm/${standard.id}`, payload: { linkmanName: '王小规' } }),
    );
    expect(refused.message).toBe('公司不存在');
  });

  it('needs UI_XGM_MERCHANT_MGR', async () => {
    const finance = authed(test.app, await tokenOf(test.app, 'caiwu'));
    expect((await finance({ method: 'GET', url: '/api/v1/companies/xgm/search' })).statusCode).toBe(403);
  });
});
