import { describe, expect, it } from 'vitest';
import { bodyChanges, changesBetween, declaredSecrets } from '../../server/engine/operationLog';

/** Secret fields in the operation log are declared, never guessed from a field's name. */
describe('operation log secrets', () => {
  const fields = [
    { source: 'code', label: '银行编码', type: 'text' },
    { source: 'apiKey', label: '接口密钥', type: 'text', secret: true },
  ] as const;

  it('masks a declared secret field and shows a field named code as it is', () => {
    const secrets = declaredSecrets(fields);
    expect(changesBetween({ code: 'ICBC', apiKey: 'k-old' }, { code: 'CCB', apiKey: 'k-new' }, secrets)).toEqual({
      code: ['ICBC', 'CCB'],
      apiKey: ['******', '******'],
    });
  });

  it("masks a binding's secretFields too, and nothing by its name alone", () => {
    const secrets = declaredSecrets(fields, ['signKey']);
    expect(changesBetween(null, { signKey: 's', password: 'p', passwordTime: '2026-01-01' }, secrets)).toEqual({
      signKey: [null, '******'],
      password: [null, 'p'],
      passwordTime: [null, '2026-01-01'],
    });
  });

  it("masks the hand-written routes' declared list in bodies, and shows code there", () => {
    expect(bodyChanges({ payPassword: '123456', smsCode: '888888', code: 'A01', name: '工商银行' })).toEqual({
      payPassword: [null, '******'],
      smsCode: [null, '******'],
      code: [null, 'A01'],
      name: [null, '工商银行'],
    });
  });
});
