import { sql } from 'kysely';
import {
  addThirdPartyCall,
  platformCalls,
  thirdCallBackAnhuiYahui,
  thirdCallBackBaoGu,
  thirdCallBackBigBear,
} from '../../resources/thirdPartyCalls';
import type { ResourceDeclaration } from '../../resources/types';
import { CALLBACK_CHANNEL_CHOICES } from '../../src/domain/enterprises';
import { OPEN_SCOPE_SHORT } from '../../src/domain/openApiRules';
import { DIRECTION } from '../../src/domain/thirdPartyCalls';
import { chinaTime } from '../db/time';
import type { ResourceBinding } from '../engine/binding';

/** The raw call log names no company but carries any company's data: only a scope of every company reads it. */
const CALL_LOG_SCOPE = { kind: 'everyCompany', column: 'third_party_calls.id' } as const;
const CALL_MESSAGES = { notFound: '调用记录不存在', idLabel: '调用记录编号' };

/** One callback page: the calls of one channel (fixed), read-only; the replay is a hand-written route. */
function callbackBinding(declaration: ResourceDeclaration, channelName: string): ResourceBinding {
  const channel = CALLBACK_CHANNEL_CHOICES.find((choice) => choice.name === channelName);
  if (!channel) throw new Error(`未知回调渠道 ${channelName}`);
  return {
    declaration,
    table: 'third_party_calls',
    fixed: { channel: channel.id },
    columns: { enterpriseName: 'enterprises.name' },
    joins: [{ table: 'enterprises', on: ['enterprises.id', 'third_party_calls.enterprise_id'] }],
    filters: {
      eventId: { column: 'third_party_calls.event_id', match: 'equals' },
      kind: { column: 'third_party_calls.kind', match: 'equals' },
      stime: { column: 'third_party_calls.create_time' },
    },
    // A call's request and answer carry whichever company's data it was about.
    scope: CALL_LOG_SCOPE,
    handWritten: ['replay'],
    messages: CALL_MESSAGES,
  };
}

export const thirdCallBackBigBearBinding = callbackBinding(thirdCallBackBigBear, '大熊');
export const thirdCallBackBaoGuBinding = callbackBinding(thirdCallBackBaoGu, '宝谷');
export const thirdCallBackAnhuiYahuiBinding = callbackBinding(thirdCallBackAnhuiYahui, '安徽亚辉');

/** /addThirdPartyCall's 平台调用记录: calls out about no enterprise (bank, identity provider), read-only. */
export const platformCallsBinding: ResourceBinding = {
  declaration: platformCalls,
  table: 'third_party_calls',
  where: (eb) =>
    eb.and([
      eb('third_party_calls.direction', '=', DIRECTION.outbound),
      eb('third_party_calls.enterprise_id', 'is', null),
    ]),
  scope: CALL_LOG_SCOPE,
  filters: {
    kind: { column: 'third_party_calls.kind', match: 'prefix' },
    stime: { column: 'third_party_calls.create_time' },
  },
  messages: CALL_MESSAGES,
};

const setStatus = (status: number, message: string, guard: string) => ({
  set: () => ({ status, update_time: chinaTime() }),
  guard: { when: (eb: any) => eb('open_api_keys.status', '<>', status), message: guard },
  message,
});

/**
 * A key's stored scopes (read,pay, in OPEN_SCOPES order) in the list's Chinese (查询、打款). No scope name is part
 * of another, so replacing each in turn cannot touch a name already replaced.
 */
const scopeNamesSql = Object.entries(OPEN_SCOPE_SHORT).reduce(
  (text, [scope, name]) => sql<string>`REPLACE(${text}, ${scope}, ${name})`,
  sql<string>`REPLACE(open_api_keys.scopes, ',', '、')`,
);

/** /addThirdPartyCall: the keys in the caller's company scope; creating and resetting a key are hand-written. */
export const openApiKeysBinding: ResourceBinding = {
  declaration: addThirdPartyCall,
  table: 'open_api_keys',
  columns: { companyName: 'companies.name' },
  joins: [{ table: 'companies', on: ['companies.id', 'open_api_keys.company_id'] }],
  scope: { kind: 'company', column: 'open_api_keys.company_id' },
  filters: { companyName: { column: 'companies.name' } },
  computed: { scopeNames: scopeNamesSql },
  handWritten: ['resetKey'],
  actions: {
    disable: setStatus(0, '已停用', '该密钥已停用'),
    enable: setStatus(1, '已启用', '该密钥已启用'),
  },
  messages: { notFound: '授权不存在', idLabel: '授权编号' },
};

export const THIRD_PARTY_BINDINGS: readonly ResourceBinding[] = [
  thirdCallBackBigBearBinding,
  thirdCallBackBaoGuBinding,
  thirdCallBackAnhuiYahuiBinding,
  openApiKeysBinding,
  platformCallsBinding,
];
