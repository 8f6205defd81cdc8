import {
  accountOpeningContracts,
  freelanceAgreements,
  outsourcingAgreements,
  serviceAgreements,
  smallOutsourcingAgreements,
  smallServiceAgreements,
} from '../../resources/agreements';
import type { ResourceDeclaration } from '../../resources/types';
import type { ResourceBinding } from '../engine/binding';

/** The agreement pages (resources/agreements.ts): contracts of one kind and edition, within the caller's scope. */
function binding(declaration: ResourceDeclaration, kind: number, platformMark?: number): ResourceBinding {
  return {
    declaration,
    table: 'contracts',
    fixed: { agreement_type: kind, ...(platformMark ? { platform_mark: platformMark } : {}) },
    scope: { kind: 'company', column: 'contracts.company_id' },
    columns: { companyName: 'companies.name', enterpriseName: 'enterprises.name' },
    joins: [
      { table: 'companies', on: ['companies.id', 'contracts.company_id'] },
      { table: 'enterprises', on: ['enterprises.id', 'contracts.enterprise_id'] },
    ],
    filters: {
      companyNm: { column: 'companies.name' },
      enterpriseNm: { column: 'enterprises.name' },
      stime: { column: 'contracts.create_time' },
      csort: { column: 'contracts.csort' },
      dataStatus: { column: 'contracts.data_status' },
      platformmark: { column: 'contracts.platform_mark' },
      signNm: { column: 'contracts.sign_nm' },
      industryId: { column: 'contracts.industry_id' },
      contractIds: { column: 'contracts.id', match: 'ids' },
    },
    messages: { notFound: '合同不存在', idLabel: '合同编号' },
  };
}

/**
 * 自由职业者协议管理: the agreements gig workers sign (worker_agreements, written by the signing flow), not company
 * contracts of kind 3: listing those left the page empty however many workers signed.
 */
const freelance: ResourceBinding = {
  declaration: freelanceAgreements,
  table: 'worker_agreements',
  joins: [
    { table: 'workers', on: ['workers.id', 'worker_agreements.worker_id'] },
    { table: 'companies', on: ['companies.id', 'worker_agreements.company_id'] },
  ],
  columns: { workerName: 'workers.name', idMasked: 'workers.id_masked', companyName: 'companies.name' },
  scope: { kind: 'company', column: 'worker_agreements.company_id' },
  filters: {
    workerName: { column: 'workers.name', match: 'contains' },
    companyNm: { column: 'companies.name' },
    agreementNo: { column: 'worker_agreements.agreement_no', match: 'contains' },
  },
  messages: { notFound: '协议不存在', idLabel: '协议编号' },
};

export const AGREEMENT_BINDINGS: readonly ResourceBinding[] = [
  binding(serviceAgreements, 1, 1),
  binding(smallServiceAgreements, 1, 3),
  binding(outsourcingAgreements, 2, 1),
  binding(smallOutsourcingAgreements, 2, 3),
  freelance,
  binding(accountOpeningContracts, 4),
];
