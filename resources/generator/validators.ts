import { rateValidator } from '../../src/domain/rates';
import { NAMED_VALIDATORS } from '../../src/domain/validation';
import type { FieldDeclaration } from '../types';

/** What a required field says when empty: a select or a picker is chosen, an upload uploaded, text typed. */
export function requiredMessage(field: Pick<FieldDeclaration, 'type' | 'label'>): string {
  switch (field.type) {
    case 'enum':
    case 'date':
    case 'datetime':
    case 'reference':
      return `请选择${field.label}`;
    case 'image':
    case 'file':
      return `请上传${field.label}`;
    default:
      return `请输入${field.label}`;
  }
}

/** react-admin input validators for a declared field: required, a rate's range, then the shared rule it names. */
export function fieldValidators(field: FieldDeclaration): ((value: unknown) => string | undefined)[] {
  const validators: ((value: unknown) => string | undefined)[] = [];
  if (field.required)
    validators.push((value) =>
      value === undefined || value === null || String(value).trim() === '' ? requiredMessage(field) : undefined,
    );
  if (field.type === 'rate') validators.push(rateValidator);
  if (field.validate) validators.push(NAMED_VALIDATORS[field.validate]);
  return validators;
}
