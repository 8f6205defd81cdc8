import { describe, expect, it } from 'vitest';
import { actionPath, recordParams, valuesShape } from '../../resources/generator/actionRequest';

describe('actionPath', () => {
  it('fills :id and other placeholders from the row, then from the prompt answers, encoded', () => {
    const row = { id: 12, companyId: 'a/b' };
    expect(actionPath('/api/v1/accounts/status/:companyId', row)).toBe('/api/v1/accounts/status/a%2Fb');
    expect(actionPath('/api/v1/enterprises/:id/industry/:industryId/delete', row, { industryId: 5 })).toBe(
      '/api/v1/enterprises/12/industry/5/delete',
    );
  });

  it('refuses a placeholder that neither the row nor the prompt fills', () => {
    expect(() => actionPath('/x/:missing', { id: 1 })).toThrow(':missing');
    expect(() => actionPath('/x/:name', { id: 1, name: '' })).toThrow(':name');
  });
});

describe('recordParams', () => {
  it('maps parameter names to the row’s fields, numbers kept as numbers', () => {
    expect(
      recordParams(
        { recordValues: { bacc: 'accountNumber', enterpriseId: 'id' } },
        {
          id: 3,
          accountNumber: '6222',
        },
      ),
    ).toEqual({ bacc: '6222', enterpriseId: 3 });
    expect(recordParams({}, { id: 3 })).toEqual({});
  });
});

describe('valuesShape', () => {
  it('an array (or the array under key) is rows; an object is one record; anything else an empty record', () => {
    expect(valuesShape({}, [{ a: 1 }, null])).toEqual({ rows: [{ a: 1 }] });
    expect(valuesShape({ key: 'content' }, { content: [{ a: 2 }] })).toEqual({ rows: [{ a: 2 }] });
    expect(valuesShape({}, { a: 3 })).toEqual({ record: { a: 3 } });
    expect(valuesShape({}, null)).toEqual({ record: {} });
  });
});
