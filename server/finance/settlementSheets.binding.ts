import { sql } from 'kysely';
import { settlementSheets } from '../../resources/settlementSheets';
import type { ResourceBinding } from '../engine/binding';

/**
 * 结算单管理 (resources/settlementSheets.ts): list and one sheet in the caller's company scope, with the
 * numbers of the sheet it corrects and of the sheet that corrected it. Generate, confirm, correct and the
 * downloads are settlementSheets.routes.ts.
 */
export const settlementSheetsBinding: ResourceBinding = {
  declaration: settlementSheets,
  table: 'settlement_sheets',
  columns: { companyName: 'companies.name' },
  joins: [{ table: 'companies', on: ['companies.id', 'settlement_sheets.company_id'] }],
  computed: {
    correctsNo: sql`(SELECT o.sheet_no FROM settlement_sheets o WHERE o.id = settlement_sheets.corrects_id)`,
    correctedByNo: sql`(SELECT n.sheet_no FROM settlement_sheets n WHERE n.corrects_id = settlement_sheets.id)`,
  },
  scope: { kind: 'company', column: 'settlement_sheets.company_id' },
  filters: {
    coname: { column: 'companies.name' },
    periodMonth: { column: 'settlement_sheets.period_month', match: 'equals' },
    platformmark: { column: 'settlement_sheets.platform_mark', match: 'equals' },
    sheetNo: { column: 'settlement_sheets.sheet_no', match: 'containsUpper' },
  },
  handWritten: ['confirm', 'correct'],
  messages: { notFound: '结算单不存在', idLabel: '结算单编号' },
};
