import { describe, expect, it } from 'vitest';
import { DEV_MISMATCH_NAME_MARK, devVerifier } from '../../server/workers/identity';
import { bankCard, idCard } from '../support/batchFiles';

/** The development identity check decides deterministically, so tests can make a passing and a failing person. */
describe('devVerifier', () => {
  const person = { name: '张伟', idCard: idCard(1234), mobile: '13900001234', bankCard: bankCard(1234) };

  it('passes a well-formed person and refuses, on its field, a bad check digit or the documented mismatch', async () => {
    expect(await devVerifier.verify(person)).toEqual({ passed: true });
    expect(await devVerifier.verify({ ...person, idCard: '110101199001010011' })).toMatchObject({
      passed: false,
      field: 'idCard',
    });
    expect(await devVerifier.verify({ ...person, bankCard: bankCard(1234, false) })).toMatchObject({
      passed: false,
      field: 'bankCard',
    });
    const mismatch = await devVerifier.verify({ ...person, name: `张${DEV_MISMATCH_NAME_MARK}` });
    expect(mismatch).toMatchObject({ passed: false, field: 'name' });
    expect(mismatch.passed === false && mismatch.message).toContain('姓名与身份证号不一致');
  });
});
