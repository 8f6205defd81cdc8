import { type ComponentType, lazy } from 'react';
import type { ResourceDeclaration } from '../../../resources/types';

/** The payout records' custom lists, by the key their declarations name (one line in resources/custom). */
export const PAYOUT_RECORD_LISTS: Readonly<Record<string, ComponentType<{ declaration: ResourceDeclaration }>>> = {
  PayoutBatchList: lazy(() => import('./PayoutBatchList').then((module) => ({ default: module.PayoutBatchList }))),
  AbnormalFundList: lazy(() => import('./AbnormalFundList').then((module) => ({ default: module.AbnormalFundList }))),
};
