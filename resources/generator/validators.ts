import { NAMED_VALIDATORS } from '../../src/domain/validation';
import type { FieldDeclaration } from '../types';

/** react-admin input validators for a declared field: required, then the shared rule it names. */
export function fieldValidators(field: FieldDeclaration): ((value: unknown) => string | undefined)[] {
  const validators: ((value: unknown) => string | undefined)[] = [];
  if (field.required)
    validators.push((value) =>
      value === undefined || value === null || String(value).trim() === '' ? `请输入${field.label}` : undefined,
    );
  if (field.validate) validators.push(NAMED_VALIDATORS[field.validate]);
  return validators;
}
