import { industriesBinding } from './companies/industries.binding';
import { agreementTemplateSealsBinding } from './contracts/agreementTemplateSeals.binding';
import { agreementTemplatesBinding } from './contracts/agreementTemplates.binding';
import type { ResourceBinding } from './engine/binding';
import { invoiceCategoryBindings } from './invoices/invoiceCategories.binding';
import { operationLogBinding } from './system/operationLog.binding';
import { sensitiveWordsBinding, topUpSensitiveWordsBinding } from './system/sensitiveWords.binding';

/** Every declared resource the engine serves. A plain entity adds one line here. */
export const BINDINGS: readonly ResourceBinding[] = [
  industriesBinding,
  operationLogBinding,
  ...invoiceCategoryBindings,
  agreementTemplatesBinding,
  agreementTemplateSealsBinding,
  sensitiveWordsBinding,
  topUpSensitiveWordsBinding,
];
