import { type ComponentType, lazy } from 'react';
import { RESOURCES } from '../../resources/index';
import { REPORTS } from '../domain/statistics/reports';

const page = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) =>
  lazy(() => load().then((module) => ({ default: pick(module) })));

/** Every statistics page is one report component fed by its declaration (src/domain/statistics/reports.ts). */
const reportPage = page(
  () => import('../pages/statistics/ReportPage'),
  (module) => module.ReportPage,
);

/** Custom pages by route path; each is its own chunk. */
export const BUILT_PAGES: Readonly<Record<string, ComponentType>> = {
  ...Object.fromEntries(REPORTS.map((report) => [report.route, reportPage])),
  '/adTaxCalculation': page(
    () => import('../pages/statistics/TaxPage'),
    (module) => module.TaxPage,
  ),
  '/adBankInformation': page(
    () => import('../pages/finance/BankInformationPage'),
    (module) => module.BankInformationPage,
  ),
  '/adMain': page(
    () => import('../pages/home/AdminHome'),
    (module) => module.AdminHome,
  ),
  '/merchant': page(
    () => import('../pages/merchant/MerchantSettings'),
    (module) => module.MerchantSettings,
  ),
  '/openApi': page(
    () => import('../pages/merchant/OpenApiPage'),
    (module) => module.OpenApiPage,
  ),
  '/manage': page(
    () => import('../pages/home/MerchantHome'),
    (module) => module.MerchantHome,
  ),
  '/remit': page(
    () => import('../pages/remit/RemitPage'),
    (module) => module.RemitPage,
  ),
  '/applyInvoice': page(
    () => import('../pages/invoices/ApplyInvoicePage'),
    (module) => module.ApplyInvoicePage,
  ),
  '/smallApplyInvoice': page(
    () => import('../pages/invoices/ApplyInvoicePage'),
    (module) => module.ApplyInvoicePage,
  ),
  '/adRoleSettings': page(
    () => import('../pages/system/RoleSettings'),
    (module) => module.RoleSettings,
  ),
  '/adSystemSettings': page(
    () => import('../pages/system/SystemSettingsPage'),
    (module) => module.SystemSettingsPage,
  ),
  '/adPartnerChangesPassword': page(
    () => import('../pages/system/ChangePasswordPage'),
    (module) => module.ChangePasswordPage,
  ),
  '/recharge': page(
    () => import('../pages/money/RechargePage'),
    (module) => module.RechargePage,
  ),
  '/adTaskOverview': page(
    () => import('../pages/tasks/TaskOverviewPage'),
    (module) => module.TaskOverviewPage,
  ),
  '/adAdminTool': page(
    () => import('../pages/systemTools/AdminToolPage'),
    (module) => module.AdminToolPage,
  ),
};

/** Routes served by a react-admin <Resource> built from a declaration. */
export const BUILT_RESOURCES: ReadonlySet<string> = new Set(RESOURCES.map((declaration) => declaration.name));
