import { industries } from '../../resources/industries';
import type { ResourceBinding } from '../engine/binding';
import { fail } from '../http/errors';
import { lengthBetween } from '../http/fieldChecks';

/** processStatus 2: the industry is in use. */
const IN_USE_STATUS = 2;

/**
 * /adIndustrymanagement (resources/industries.ts) on the resource engine. Names are unique (2-32 characters);
 * an industry in use (processStatus 2, or named by a company) cannot be deleted.
 */
export const industriesBinding: ResourceBinding = {
  declaration: industries,
  table: 'industries',
  columns: { nm: 'industries.nm' },
  timestamps: { create: 'create_time', update: 'update_time' },
  insertDefaults: () => ({ process_status: 0 }),
  maxChars: { remark: 200 },
  checks: () => ({ nm: lengthBetween(2, 32, '请输入2-32位行业名称') }),
  unique: { field: 'nm', message: '行业名称已存在' },
  // A blank optional value arrives as null; the status column has no empty state (not sent keeps it, or 未处理).
  beforeSave: async (_context, values) => {
    if ('process_status' in values && values.process_status === null) fail('请选择处理状态');
    return undefined;
  },
  deleteGuard: {
    unlessUsed: (eb, id) =>
      eb.and([
        eb('industries.process_status', '<>', IN_USE_STATUS),
        eb.not(eb.exists(eb.selectFrom('companies').select('companies.id').where('companies.industry_id', '=', id))),
      ]),
    message: '该行业正在使用中，不能删除',
  },
  messages: { notFound: '行业不存在', idLabel: '行业编号' },
};
