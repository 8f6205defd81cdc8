import type { FastifyInstance } from 'fastify';
import { adSmallTradingFlow, adTradingFlow } from '../../resources/ledger';
import { filterKeys, sortFields } from '../../resources/types';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { companyScope } from '../auth/scope';
import { ok } from '../http/envelope';
import { choiceFilter } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { assertEditionAccess, type EditionCodes, editionParam } from './editionAccess';
import { searchLedger } from './ledger.repository';
import { ledgerSearchSchema } from './money.schemas';

/**
 * The transaction flow (issue 6), driven by resources/ledger.ts:
 * - GET /api/v1/ledger/search?platformmark=1|3&q=coname:…;kind:…;stime:…;etime:…;companyId:…&page=&size=&sort=
 *   ledger entries of that edition (UI_TRANSACTION_FLOW for 1, UI_XGM_TRANSACTION_FLOW for 3), within the
 *   caller's company scope. Read-only: entries are written by the business records that cause them.
 */

const CODES: EditionCodes = {
  1: adTradingFlow.permissions.list,
  3: adSmallTradingFlow.permissions.list,
};

const LIST_SPEC = {
  filterKeys: filterKeys(adTradingFlow),
  sortFields: sortFields(adTradingFlow),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

export async function ledgerRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const access = { config: { access: { permissions: [...CODES[1], ...CODES[3]] } } };

  app.get('/api/v1/ledger/search', { ...access, schema: ledgerSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as Record<string, unknown>;
    const platformMark = editionParam(query.platformmark);
    assertEditionAccess(auth, CODES, platformMark);
    const list = parseListQuery(request.url, query, LIST_SPEC);
    const read = filterReader(list.filters, adTradingFlow.filters);
    const { from, to } = read.dateRange('stime', 'etime');
    const { rows, total } = await searchLedger(
      db,
      {
        companyName: read.text('coname'),
        kind: choiceFilter(adTradingFlow.filters, 'kind', read.number('kind')),
        companyId: read.number('companyId'),
        from,
        to,
        ...companyScope(auth),
        platformMark,
      },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });
}
