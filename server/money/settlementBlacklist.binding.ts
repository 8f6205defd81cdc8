import { settlementBlacklist } from '../../resources/settlementBlacklist';
import { BLACKLIST_MSG, isValidNationalId } from '../../src/domain/payees';
import type { ResourceBinding } from '../engine/binding';
import { lengthBetween } from '../http/fieldChecks';

/**
 * /adSettlementBlacklist (resources/settlementBlacklist.ts) on the resource engine: name 2-20, a national id
 * with a valid check character (stored upper-case, one entry per id), reason 2-128; the operator is the
 * session's user. Batch payouts read the list through settlementBlacklist.service.ts.
 */
export const settlementBlacklistBinding: ResourceBinding = {
  declaration: settlementBlacklist,
  table: 'settlement_blacklist',
  columns: { operatorName: 'users.display_name' },
  joins: [{ table: 'users', on: ['users.id', 'settlement_blacklist.operator_id'] }],
  filters: {
    idCard: { column: 'settlement_blacklist.id_card', match: 'containsUpper' },
    stime: { column: 'settlement_blacklist.create_time' },
  },
  timestamps: { create: 'create_time' },
  insertDefaults: ({ auth }) => ({ operator_id: auth.userId }),
  // The shared id pattern wants a capital X.
  normalize: { idCard: (value) => String(value).trim().toUpperCase() },
  checks: ({ db }) => ({
    name: lengthBetween(2, 20, BLACKLIST_MSG.nameLength),
    idCard: async (value) => {
      if (!isValidNationalId(String(value))) return BLACKLIST_MSG.idInvalid;
      const listed = await db.selectFrom('settlement_blacklist').select('id').where('id_card', '=', String(value));
      return (await listed.executeTakeFirst()) ? BLACKLIST_MSG.idTaken : undefined;
    },
    reason: lengthBetween(2, 128, BLACKLIST_MSG.reasonLength),
  }),
  unique: { field: 'idCard', message: BLACKLIST_MSG.idTaken },
  messages: {
    notFound: BLACKLIST_MSG.missing,
    idLabel: '黑名单编号',
    created: '已加入黑名单',
    deleted: '已移出黑名单',
  },
};
