import { type ComponentType, lazy } from 'react';
import { PAYOUT_RECORD_LISTS } from '../../src/pages/payoutRecords/customLists';
import type { ResourceDeclaration } from '../types';

/** Views the generator cannot express, by the key a declaration names in `customList`. */
export const CUSTOM_LISTS: Readonly<Record<string, ComponentType<{ declaration: ResourceDeclaration }>>> = {
  SystemNoticeList: lazy(() => import('./SystemNoticeList').then((module) => ({ default: module.SystemNoticeList }))),
  InvoiceList: lazy(() => import('./InvoiceList').then((module) => ({ default: module.InvoiceList }))),
  AutoInvoicingList: lazy(() =>
    import('./AutoInvoicingList').then((module) => ({ default: module.AutoInvoicingList })),
  ),
  HelpCenter: lazy(() => import('./HelpCenter').then((module) => ({ default: module.HelpCenter }))),
  FeedbackList: lazy(() => import('./FeedbackList').then((module) => ({ default: module.FeedbackList }))),
  SensitiveWordList: lazy(() =>
    import('./SensitiveWordList').then((module) => ({ default: module.SensitiveWordList })),
  ),
  ThirdCallList: lazy(() => import('./ThirdCallList').then((module) => ({ default: module.ThirdCallList }))),
  OpenApiKeyList: lazy(() => import('./OpenApiKeyList').then((module) => ({ default: module.OpenApiKeyList }))),
  WebhookDeliveryList: lazy(() =>
    import('./WebhookDeliveryList').then((module) => ({ default: module.WebhookDeliveryList })),
  ),
  WebhookSettingsPage: lazy(() =>
    import('./WebhookDeliveryList').then((module) => ({ default: module.WebhookSettingsPage })),
  ),
  ...PAYOUT_RECORD_LISTS,
  MerchantContractList: lazy(() =>
    import('../../src/pages/contracts/MerchantContractList').then((module) => ({
      default: module.MerchantContractList,
    })),
  ),
  ReconciliationList: lazy(() =>
    import('../../src/pages/finance/ReconciliationList').then((module) => ({ default: module.ReconciliationList })),
  ),
  UnattributedFundList: lazy(() =>
    import('../../src/pages/finance/UnattributedFundList').then((module) => ({ default: module.UnattributedFundList })),
  ),
  SubAccountList: lazy(() =>
    import('../../src/pages/finance/SubAccountList').then((module) => ({ default: module.SubAccountList })),
  ),
  SettlementSheetList: lazy(() =>
    import('../../src/pages/finance/SettlementSheetList').then((module) => ({ default: module.SettlementSheetList })),
  ),
  BigBearOverview: lazy(() =>
    import('../../src/pages/workers/BigBearOverview').then((module) => ({ default: module.BigBearOverview })),
  ),
  SignUserBigBearList: lazy(() =>
    import('../../src/pages/workers/SignUserBigBearList').then((module) => ({ default: module.SignUserBigBearList })),
  ),
  TaskReleaseList: lazy(() =>
    import('../../src/pages/tasks/TaskReleaseList').then((module) => ({ default: module.TaskReleaseList })),
  ),
  TaskSummaryTabs: lazy(() =>
    import('../../src/pages/tasks/TaskSummaryTabs').then((module) => ({ default: module.TaskSummaryTabs })),
  ),
  SubsidiaryList: lazy(() =>
    import('../../src/pages/crm/SubsidiaryList').then((module) => ({ default: module.SubsidiaryList })),
  ),
  StaffList: lazy(() => import('../../src/pages/system/StaffList').then((module) => ({ default: module.StaffList }))),
  TeamAdmin: lazy(() => import('../../src/pages/merchant/TeamAdmin').then((module) => ({ default: module.TeamAdmin }))),
  RegistrationList: lazy(() =>
    import('../../src/pages/registrations/RegistrationList').then((module) => ({ default: module.RegistrationList })),
  ),
  ContractTemplateTabs: lazy(() =>
    import('../../src/pages/contractTemplates/ContractTemplateTabs').then((module) => ({
      default: module.ContractTemplateTabs,
    })),
  ),
  WorkerImportList: lazy(() =>
    import('../../src/pages/workers/WorkerImportList').then((module) => ({ default: module.WorkerImportList })),
  ),
};
