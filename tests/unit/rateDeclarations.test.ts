import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources';
import type { FieldDeclaration } from '../../resources/types';

/** Every field a person reads or types, with where it is declared. */
function declaredFields(): { where: string; field: FieldDeclaration }[] {
  const all: { where: string; field: FieldDeclaration }[] = [];
  for (const declaration of RESOURCES) {
    for (const field of [...declaration.fields, ...(declaration.createFields ?? [])])
      all.push({ where: declaration.name, field });
    for (const action of declaration.actions ?? []) {
      if (action.result?.kind === 'values')
        for (const field of action.result.fields) all.push({ where: `${declaration.name}.${action.name}`, field });
    }
  }
  return all;
}

describe('rate declarations', () => {
  it('declares every service-charge rate as a rate field, so it is shown and typed as a percentage', () => {
    const rates = declaredFields().filter(({ field }) => /^rate(Level\d)?$/.test(field.source));
    expect(rates.length).toBeGreaterThanOrEqual(5);
    expect(
      rates.filter(({ field }) => field.type !== 'rate').map(({ where, field }) => `${where}.${field.source}`),
    ).toEqual([]);
  });

  it('never labels a field in 万分之', () => {
    expect(
      declaredFields()
        .filter(({ field }) => field.label.includes('万分之'))
        .map(({ where, field }) => `${where}.${field.source}`),
    ).toEqual([]);
  });
});
