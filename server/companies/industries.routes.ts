import type { FastifyInstance } from 'fastify';
import { industries } from '../../resources/industries';
import { type FieldDeclaration, filterKeys, sortFields } from '../../resources/types';
import type { AppServices } from '../appServices';
import { parseId } from '../auth/scope';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { fail } from '../http/errors';
import { checkedValues, choiceFilter, type FieldCheck, lengthBetween, writeUnique } from '../http/fieldChecks';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import {
  deleteIndustryUnlessUsed,
  EDITABLE_COLUMNS,
  type EditableSource,
  findIndustry,
  type IndustryRecord,
  type IndustrySearch,
  type IndustryValues,
  industryNameTaken,
  insertIndustry,
  searchIndustries,
  updateIndustry,
} from './industries.repository';

/**
 * The industry API, driven by resources/industries.ts (filter keys, sort fields, permission codes and form
 * fields come from the declaration); every call needs ADM_INDUSTRY_MGR:
 * - GET    /api/v1/industry/search?q=nm:…;processStatus:…&page=&size=&sort=   one page of industries;
 * - GET    /api/v1/industry/v/:id     one industry;
 * - POST   /api/v1/industry           create (nm required, unique);
 * - PUT    /api/v1/industry/:id       change the fields sent;
 * - DELETE /api/v1/industry/:id       delete, unless it is in use (processStatus 2 or named by a company).
 */

const LIST_SPEC = {
  filterKeys: filterKeys(industries),
  sortFields: sortFields(industries),
  defaultSort: { field: 'createTime', order: 'desc' as const },
};

const FORM_FIELDS = industries.fields.filter(
  (field): field is FieldDeclaration & { source: EditableSource } =>
    !!field.form && !field.readOnly && field.source in EDITABLE_COLUMNS,
);

/** Column widths of migration 003 (nm has its own 2-32 rule below). */
const MAX_CHARS: Partial<Record<EditableSource, number>> = { remark: 200 };
export const NAME_MIN = 2;
export const NAME_MAX = 32;
export const MSG_NAME_LENGTH = `请输入${NAME_MIN}-${NAME_MAX}位行业名称`;
export const MSG_NAME_TAKEN = '行业名称已存在';
export const MSG_IN_USE = '该行业正在使用中，不能删除';

/** q= filters (already whitelisted) → search criteria; an enum filter must be one of its choices. */
export function industrySearchOf(filters: Record<string, string>): IndustrySearch {
  const read = filterReader(filters, industries.filters);
  return {
    nm: read.text('nm'),
    processStatus: choiceFilter(industries.filters, 'processStatus', read.number('processStatus')),
  };
}

function nameChecks(db: Db, exceptId?: number): FieldCheck {
  const length = lengthBetween(NAME_MIN, NAME_MAX, MSG_NAME_LENGTH);
  return async (value) =>
    length(value) ?? ((await industryNameTaken(db, String(value), exceptId)) ? MSG_NAME_TAKEN : undefined);
}

async function industryOrFail(db: Db, id: number): Promise<IndustryRecord> {
  const industry = await findIndustry(db, id);
  if (!industry) fail('行业不存在');
  return industry;
}

export async function industriesRoutes(app: FastifyInstance, { db }: AppServices): Promise<void> {
  const { permissions } = industries;
  const access = (codes: readonly string[] | undefined) => ({
    config: { access: { permissions: codes ?? permissions.list } },
  });

  app.get('/api/v1/industry/search', access(permissions.list), async (request) => {
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const { rows, total } = await searchIndustries(db, industrySearchOf(list.filters), {
      sort: list.sort,
      offset: list.offset,
      limit: list.size,
    });
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/industry/v/:id', access(permissions.list), async (request) => {
    const id = parseId((request.params as { id: string }).id, '行业编号');
    return ok(await industryOrFail(db, id));
  });

  app.post('/api/v1/industry', access(permissions.create), async (request) => {
    const values: IndustryValues = await checkedValues(request.body, FORM_FIELDS, {
      requireAll: true,
      maxChars: MAX_CHARS,
      checks: { nm: nameChecks(db) },
    });
    const id = await writeUnique(() => insertIndustry(db, values, chinaTime()), 'nm', MSG_NAME_TAKEN);
    return ok(await industryOrFail(db, id), '新增成功');
  });

  app.put('/api/v1/industry/:id', access(permissions.edit), async (request) => {
    const id = parseId((request.params as { id: string }).id, '行业编号');
    await industryOrFail(db, id);
    const values: IndustryValues = await checkedValues(request.body, FORM_FIELDS, {
      maxChars: MAX_CHARS,
      checks: { nm: nameChecks(db, id) },
    });
    if (Object.keys(values).length > 0)
      await writeUnique(() => updateIndustry(db, id, values, chinaTime()), 'nm', MSG_NAME_TAKEN);
    return ok(await industryOrFail(db, id), '保存成功');
  });

  app.delete('/api/v1/industry/:id', access(permissions.delete), async (request) => {
    const id = parseId((request.params as { id: string }).id, '行业编号');
    const industry = await industryOrFail(db, id);
    if (!(await deleteIndustryUnlessUsed(db, id))) {
      // Gone meanwhile, or in use: say which.
      await industryOrFail(db, id);
      fail(MSG_IN_USE);
    }
    return ok(industry, '删除成功');
  });
}
