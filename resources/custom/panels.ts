import { type ComponentType, lazy } from 'react';

/**
 * Show-view panels the declared panel model cannot express, by the key a declaration's related panel names in
 * `component`. Each reads the shown record from react-admin's record context.
 */
export const CUSTOM_PANELS: Readonly<Record<string, ComponentType>> = {
  BatchItemsPanel: lazy(() =>
    import('../../src/pages/payoutRecords/BatchItemsPanel').then((module) => ({ default: module.BatchItemsPanel })),
  ),
  CompanySetupPanel: lazy(() =>
    import('../../src/pages/companies/CompanySetupPanel').then((module) => ({ default: module.CompanySetupPanel })),
  ),
  InvoiceDetailPanel: lazy(() =>
    import('../../src/pages/invoices/InvoiceDetailPanel').then((module) => ({ default: module.InvoiceDetailPanel })),
  ),
};
