import {
  type Validator,
  validateBankAccount,
  validateCompanyName,
  validateContactPhone,
  validateInvoiceAddress,
  validateInvoiceBank,
  validateInvoicePhone,
  validateInvoiceTitle,
  validateMobile,
  validateTaxNumber,
} from '../../src/domain/validation';
import type { FieldDeclaration, ValidatorName } from '../types';

const BY_NAME: Record<ValidatorName, Validator> = {
  companyName: validateCompanyName,
  invoiceTitle: validateInvoiceTitle,
  taxNumber: validateTaxNumber,
  invoiceBank: validateInvoiceBank,
  bankAccount: validateBankAccount,
  invoiceAddress: validateInvoiceAddress,
  invoicePhone: validateInvoicePhone,
  mobile: validateMobile,
  contactPhone: validateContactPhone,
};

/** react-admin input validators for a declared field: required, then the shared rule. */
export function fieldValidators(field: FieldDeclaration): ((value: unknown) => string | undefined)[] {
  const validators: ((value: unknown) => string | undefined)[] = [];
  if (field.required)
    validators.push((value) =>
      value === undefined || value === null || String(value).trim() === '' ? `请输入${field.label}` : undefined,
    );
  if (field.validate) validators.push(BY_NAME[field.validate]);
  return validators;
}
