import type { FastifyInstance } from 'fastify';
import { settlementBlacklist } from '../../resources/settlementBlacklist';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import { BLACKLIST_MSG, isValidNationalId } from '../../src/domain/payees';
import type { AppServices } from '../appServices';
import { requireAuth } from '../auth/access';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { checkedValues, type FieldCheck, lengthBetween, writeUnique } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  type BlacklistRecord,
  type BlacklistSearch,
  deleteBlacklistEntry,
  findBlacklistEntry,
  idCardListed,
  insertBlacklistEntry,
  searchBlacklist,
} from './settlementBlacklist.repository';

/**
 * The settlement blacklist API, driven by resources/settlementBlacklist.ts; every call needs
 * UI_SETTLEMENT_BLACK_LIST_MGR:
 * - GET    /api/v1/settlementblacklist/search?q=name:…;idCard:…;stime:…;etime:…&page=&size=&sort=
 * - GET    /api/v1/settlementblacklist/:id
 * - POST   /api/v1/settlementblacklist   { name (2-20), idCard (18 digits, check character), reason (2-128) }
 * - DELETE /api/v1/settlementblacklist/:id
 */

const LIST_SPEC = {
  filterKeys: filterKeys(settlementBlacklist),
  sortFields: sortFields(settlementBlacklist),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

type FormSource = 'name' | 'idCard' | 'reason';
const FORM_FIELDS = settlementBlacklist.fields.filter(
  (field): field is FieldDeclaration & { source: FormSource } => !!field.form,
);

export function blacklistSearchOf(filters: Record<string, string>): BlacklistSearch {
  const read = filterReader(filters, settlementBlacklist.filters);
  const { from, to } = read.dateRange('stime', 'etime');
  return { name: read.text('name'), idCard: read.text('idCard'), from, to };
}

function idCardChecks(db: Db): FieldCheck {
  return async (value) => {
    const idCard = String(value).toUpperCase();
    if (!isValidNationalId(idCard)) return BLACKLIST_MSG.idInvalid;
    return (await idCardListed(db, idCard)) ? BLACKLIST_MSG.idTaken : undefined;
  };
}

async function entryOrFail(db: Db, id: number): Promise<BlacklistRecord> {
  const entry = await findBlacklistEntry(db, id);
  if (!entry) fail(BLACKLIST_MSG.missing);
  return entry;
}

/** The id card upper-cased before the shared pattern (which wants a capital X) sees it. */
function normalizedBody(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const values = body as Record<string, unknown>;
  return typeof values.idCard === 'string' ? { ...values, idCard: values.idCard.trim().toUpperCase() } : values;
}

export async function settlementBlacklistRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const { permissions } = settlementBlacklist;
  const access = (codes: readonly string[] | undefined) => ({
    config: { access: { permissions: codes ?? permissions.list } },
  });

  app.get('/api/v1/settlementblacklist/search', access(permissions.list), async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const { rows, total } = await searchBlacklist(db, blacklistSearchOf(list.filters), {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/settlementblacklist/:id', access(permissions.list), async (request) => {
    const id = parseId((request.params as { id: string }).id, '黑名单编号');
    return ok(await entryOrFail(db, id));
  });

  app.post('/api/v1/settlementblacklist', access(permissions.create), async (request) => {
    const auth = requireAuth(request);
    const values = await checkedValues(normalizedBody(request.body), FORM_FIELDS, {
      requireAll: true,
      checks: {
        name: lengthBetween(2, 20, BLACKLIST_MSG.nameLength),
        idCard: idCardChecks(db),
        reason: lengthBetween(2, 128, BLACKLIST_MSG.reasonLength),
      },
    });
    const id = await writeUnique(
      () =>
        insertBlacklistEntry(
          db,
          {
            name: String(values.name),
            idCard: String(values.idCard),
            reason: String(values.reason),
            operatorId: auth.userId,
          },
          chinaTime(),
        ),
      'idCard',
      BLACKLIST_MSG.idTaken,
    );
    return ok(await entryOrFail(db, id), '已加入黑名单');
  });

  app.delete('/api/v1/settlementblacklist/:id', access(permissions.delete), async (request) => {
    const id = parseId((request.params as { id: string }).id, '黑名单编号');
    const entry = await entryOrFail(db, id);
    if (!(await deleteBlacklistEntry(db, id))) fail(BLACKLIST_MSG.missing);
    return ok(entry, '已移出黑名单');
  });
}
