import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/database';
import { createDevChannel } from '../../server/money/payouts/devChannel';
import { loggedPayoutChannel, MSG_CARD_REJECTED } from '../../server/money/payouts/payoutChannel';
import { maskForLog } from '../../server/thirdparty/outboundCalls';
import { luhnCheckDigit } from '../../src/domain/payees';

describe('maskForLog', () => {
  it('hides secrets by field name, masks ID, card and mobile numbers, logs bytes as size and hash', () => {
    const logged = maskForLog(
      [
        new Uint8Array([1, 2, 3]),
        {
          payPassword: '123456',
          webhookSecret: 'whsec_abc',
          apiKey: 'lgk_zzz',
          accessToken: 'tkn',
          headers: { authorization: 'Bearer x', 'x-lg-signature': 'ab12' },
          idCard: '110101199001011234',
          bankCard: '6222020000000012345',
          mobile: '13800138000',
          name: '张三',
          nested: [{ secretKey: 's1', amount: 10000 }],
        },
      ],
      'args',
    );
    expect(logged).toEqual([
      { bytes: 3, sha256: '039058c6f2c0cb492c533b0a4d14ef77cc0f78abccced5287d84a1a2011cfb81' },
      {
        payPassword: '***',
        webhookSecret: '***',
        apiKey: '***',
        accessToken: '***',
        headers: { authorization: '***', 'x-lg-signature': '***' },
        idCard: '110101********1234',
        bankCard: '****2345',
        mobile: '138****8000',
        name: '张三',
        nested: [{ secretKey: '***', amount: 10000 }],
      },
    ]);
    const text = JSON.stringify(logged);
    for (const secret of ['123456', 'whsec_abc', 'lgk_zzz', 'Bearer', '199001011', '13800138000']) {
      expect(text).not.toContain(secret);
    }
  });
});

describe('loggedPayoutChannel', () => {
  it('pays on when its log row cannot be written, and reports the failure', async () => {
    const brokenDb = {
      insertInto() {
        throw new Error('磁盘已满');
      },
    } as unknown as Db;
    const errors: unknown[] = [];
    const log = { error: (entry: unknown) => errors.push(entry) } as unknown as FastifyBaseLogger;
    const card = `621700000000123${luhnCheckDigit('621700000000123')}`;
    // The development channel keeps its order book in a database of its own here (the log's is broken).
    const books: unknown[] = [];
    const bookDb = {
      insertInto: () => ({
        values: (row: unknown) => ({ onConflict: () => ({ execute: async () => books.push(row) }) }),
      }),
      selectFrom: () => ({
        selectAll: () => ({ where: () => ({ executeTakeFirst: async () => ({ order_id: 'DEV000000000001' }) }) }),
      }),
    } as unknown as Db;
    const channel = loggedPayoutChannel(brokenDb, createDevChannel(bookDb, { delayMs: 0, secret: 'x' }), log);
    const order = { itemId: 1, name: '张三', idCard: '110101199001011234', amount: 10_000 };
    expect(await channel.submit({ ...order, bankCard: card })).toEqual({ accepted: true, orderId: 'DEV000000000001' });
    expect(books).toHaveLength(1);
    expect(
      await channel.submit({ ...order, bankCard: `${card.slice(0, -1)}${(Number(card.at(-1)) + 1) % 10}` }),
    ).toEqual({ accepted: false, reason: MSG_CARD_REJECTED });
    expect(errors).toHaveLength(2);
  });
});
