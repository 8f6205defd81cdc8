import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BusinessError } from '../../server/http/errors';
import { notNullColumn, writeFilled } from '../../server/http/fieldChecks';
import { createTestApp, type TestApp } from './support/testApp';

/**
 * A write that leaves a NOT NULL column empty is refused in words on the field it names, on both databases, never
 * answered as a server error: the engine's create and update run through writeFilled.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const emptyName = () =>
  t.db
    .insertInto('industries')
    .values({
      nm: null as unknown as string,
      process_status: 0,
      create_time: '2026-01-01 00:00:00',
      update_time: '2026-01-01 00:00:00',
    })
    .execute();

describe('a NOT NULL column left empty', () => {
  it('is recognised by its column on this database', async () => {
    const failure = await emptyName().then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).not.toBeNull();
    expect(notNullColumn(failure)).toBe('nm');
  });

  it('is answered 「<label>不能为空」 on its field', async () => {
    const refusal = await writeFilled(emptyName, { nm: ['nm', '行业名称'] }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refusal).toBeInstanceOf(BusinessError);
    expect((refusal as BusinessError).message).toBe('行业名称不能为空');
  });

  it('passes any other failure on unchanged', async () => {
    const other = new Error('磁盘已满');
    await expect(writeFilled(() => Promise.reject(other), { nm: ['nm', '行业名称'] })).rejects.toBe(other);
  });
});
