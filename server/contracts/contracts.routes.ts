import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adminContracts, merchantContracts } from '../../resources/contracts';
import { filterKeys, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyInScope, companyScope, parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { filterReader, idList } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  type ContractCompany,
  type ContractRecord,
  type ContractSearch,
  contractsExpiring,
  findContract,
  searchContracts,
  voidContract,
} from './contracts.repository';
import { cancelSchema, contractListSchema, contractSchema, willExpireSchema } from './contracts.schemas';

/**
 * The contract API behind /contractManagement (merchants) and /adPlatformCooperation (staff), driven by
 * resources/contracts.ts:
 * - GET  /api/v1/contract?q=&page=&size=&sort=         one page of contracts within the caller's scope;
 * - GET  /api/v1/contract/:id                          one contract (another company's: 403);
 * - POST /api/v1/contract/cancelcontract  body { id }  void a contract (data status 0), staff only;
 * - GET  /api/v1/contract/willexpire/:companyId?enterpriseIds=1,2
 *                                                      the company's contracts ending within 30 days.
 *
 * One path serves both routes, so the permission follows the caller: merchants (role 2) need the merchant
 * view's codes and only ever see their own company, whatever q= says; staff need the admin view's codes and
 * see the companies of their scope (DESIGN §4). The q= keys and sort fields are those of both views (the
 * merchant's are a subset of the admin's): the scope, not the key list, is what confines a merchant.
 */

const DECLARED_FILTERS = [...adminContracts.filters, ...merchantContracts.filters];
const LIST_SPEC = {
  filterKeys: [...new Set([...filterKeys(adminContracts), ...filterKeys(merchantContracts)])],
  sortFields: [...new Set([...sortFields(adminContracts), ...sortFields(merchantContracts)])],
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

/** Days ahead that count as "about to expire". */
export const WILL_EXPIRE_DAYS = 30;
const CANCEL_PERMISSIONS =
  adminContracts.actions?.find((action) => action.name === 'cancelContract')?.permissions ??
  adminContracts.permissions.list;

/** The days the 即将到期 warning covers, China time: today through WILL_EXPIRE_DAYS ahead. */
function expiringWindow(now = Date.now()): { from: string; to: string } {
  return { from: chinaTime(now).slice(0, 10), to: chinaTime(now + WILL_EXPIRE_DAYS * 86400_000).slice(0, 10) };
}

/** q= filters (already whitelisted by parseListQuery) → search criteria. */
export function contractSearchOf(filters: Record<string, string>): ContractSearch {
  const read = filterReader(filters, DECLARED_FILTERS);
  const expiring = read.number('expiring');
  if (expiring !== undefined && expiring !== WILL_EXPIRE_DAYS) fail(`到期筛选只支持 ${WILL_EXPIRE_DAYS} 天内到期`);
  const { from, to } = read.dateRange('stime', 'etime');
  return {
    name: read.text('nm'),
    companyName: read.text('companyNm'),
    createdFrom: from,
    createdTo: to,
    platformMark: read.number('platformmark'),
    csort: read.number('csort'),
    contractStatus: read.number('contractStatus'),
    signStatus: read.number('signStatus'),
    dataStatus: read.number('dataStatus'),
    enterpriseId: read.number('enterpriseId'),
    industryId: read.number('industryId'),
    contractIds: read.ids('contractIds'),
    signName: read.text('signNm'),
    expiring: expiring === undefined ? undefined : expiringWindow(),
    agreementType: read.number('sort'),
  };
}

/** The caller's view: merchants use /contractManagement's codes, everyone else /adPlatformCooperation's. */
function assertMayRead(auth: AuthContext): void {
  const codes = auth.roleId === ROLE.merchant ? merchantContracts.permissions.list : adminContracts.permissions.list;
  if (!holdsAny(auth, codes)) throw new ForbiddenError('无权限访问此页面！');
}

/** Throws 403 unless the contract's company is within the caller's data scope. */
function assertContractVisible(auth: AuthContext, record: ContractRecord, company: ContractCompany): void {
  const scope = companyScope(auth);
  if (scope.companyId !== undefined && scope.companyId !== record.companyId) {
    throw new ForbiddenError('无权访问其他公司的合同');
  }
  if (scope.companyId === undefined && !companyInScope(scope, company)) {
    throw new ForbiddenError('无权访问该公司的合同');
  }
}

async function visibleContract(db: Db, auth: AuthContext, id: number): Promise<ContractRecord> {
  const found = await findContract(db, id);
  if (!found) fail('合同不存在');
  assertContractVisible(auth, found.record, found.company);
  return found.record;
}

/** The id of POST cancelcontract: the body's { id } (JSON or form), or ?id= (the generated action button). */
function cancelIdOf(request: FastifyRequest): number {
  // The schema lets only an object (or no body) through (contracts.schemas.ts).
  const fromBody = (request.body as Record<string, unknown> | null | undefined)?.id;
  const raw = fromBody ?? (request.query as Record<string, unknown>).id;
  if (raw === undefined || raw === null || raw === '') fail('请指定要作废的合同');
  return parseId(raw, '合同ID');
}

export async function contractsRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  // Either view's codes let the call in; assertMayRead then holds the caller to its own view's codes.
  const readAccess = {
    config: { access: { permissions: [...merchantContracts.permissions.list, ...adminContracts.permissions.list] } },
  };

  app.get('/api/v1/contract', { ...readAccess, schema: contractListSchema }, async (request) => {
    const auth = requireAuth(request);
    assertMayRead(auth);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const scope = companyScope(auth);
    const criteria = { ...contractSearchOf(list.filters), ...scope };
    const { rows, total } = await searchContracts(db, criteria, {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/contract/:id', { ...readAccess, schema: contractSchema }, async (request) => {
    const auth = requireAuth(request);
    assertMayRead(auth);
    const id = parseId((request.params as { id: string }).id, '合同ID');
    return ok(await visibleContract(db, auth, id));
  });

  app.post(
    '/api/v1/contract/cancelcontract',
    { config: { access: { permissions: CANCEL_PERMISSIONS } }, schema: cancelSchema },
    async (request) => {
      const auth = requireAuth(request);
      // Voiding is the platform's act: a merchant never voids, even one given the admin code by mistake.
      if (auth.roleId === ROLE.merchant) throw new ForbiddenError('无权限访问此页面！');
      const id = cancelIdOf(request);
      const contract = await visibleContract(db, auth, id);
      if (contract.dataStatus === 0) fail('该合同已作废，不能重复作废');
      if (!(await voidContract(db, id, chinaTime()))) fail('该合同已作废，不能重复作废');
      return ok(await visibleContract(db, auth, id), '作废成功');
    },
  );

  app.get('/api/v1/contract/willexpire/:companyId', { ...readAccess, schema: willExpireSchema }, async (request) => {
    const auth = requireAuth(request);
    assertMayRead(auth);
    const companyId = parseId((request.params as { companyId: string }).companyId, '公司编号');
    const rawEnterprises = (request.query as Record<string, unknown>).enterpriseIds;
    if (rawEnterprises !== undefined && typeof rawEnterprises !== 'string') fail('enterpriseIds 只能出现一次');
    const enterpriseIds = rawEnterprises?.trim()
      ? idList(rawEnterprises, 'enterpriseIds 必须是以英文逗号分隔的服务主体编号')
      : undefined;
    await assertCompanyVisible(db, auth, companyId);
    const { from, to } = expiringWindow();
    return ok(await contractsExpiring(db, companyId, from, to, enterpriseIds));
  });
}
