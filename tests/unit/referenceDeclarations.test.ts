import { describe, expect, it } from 'vitest';
import { requiredMessage } from '../../resources/generator/validators';
import { RESOURCES } from '../../resources/index';
import { isReferenceKind } from '../../src/domain/references';

/** What a person is asked to type: no declared form field, filter or dialog input asks for a raw 编号 any more. */
describe('reference declarations', () => {
  const fields = RESOURCES.flatMap((declaration) => declaration.fields.map((field) => ({ declaration, field })));
  const filters = RESOURCES.flatMap((declaration) => declaration.filters.map((filter) => ({ declaration, filter })));
  const prompts = RESOURCES.flatMap((declaration) =>
    (declaration.actions ?? []).flatMap((action) => (action.prompt ?? []).map((field) => ({ declaration, field }))),
  );

  it('every reference names a known kind, and a reference column names the field with its name', () => {
    for (const { declaration, field } of fields.filter(({ field }) => field.type === 'reference')) {
      expect(isReferenceKind(field.reference ?? ''), `${declaration.name}.${field.source}`).toBe(true);
      if (field.list !== false) {
        expect(field.nameSource, `${declaration.name}.${field.source}`).toBeTruthy();
        expect(declaration.fields.some((other) => other.source === field.nameSource)).toBe(true);
      }
    }
    for (const { declaration, filter } of filters.filter(({ filter }) => filter.type === 'reference')) {
      expect(isReferenceKind(filter.reference ?? ''), `${declaration.name} filter ${filter.key}`).toBe(true);
    }
  });

  it('no editable field, filter or dialog input asks for a typed id (…编号 as a number)', () => {
    const typedIds = [
      ...fields
        .filter(({ field }) => field.form && !field.readOnly && field.type === 'number' && field.label.endsWith('编号'))
        .map(({ declaration, field }) => `${declaration.name}.${field.source}`),
      ...filters
        .filter(
          ({ filter }) =>
            filter.type === 'number' && /(企业|分公司|部门|客服|主体|模板|合伙人|行业)编号$/.test(filter.label),
        )
        .map(({ declaration, filter }) => `${declaration.name} filter ${filter.key}`),
      ...prompts
        .filter(({ field }) => field.type === 'number' && field.label.endsWith('编号'))
        .map(({ declaration, field }) => `${declaration.name} prompt ${field.source}`),
    ];
    expect(typedIds).toEqual([]);
  });

  it('an empty reference asks to choose, not to type', () => {
    expect(requiredMessage({ type: 'reference', label: '分公司' })).toBe('请选择分公司');
  });
});
