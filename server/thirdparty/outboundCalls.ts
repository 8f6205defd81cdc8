import { createHash } from 'node:crypto';
import { maskBankCard, maskIdCard } from '../../src/domain/masking';
import { DIRECTION, OUTCOME } from '../../src/domain/thirdPartyCalls';
import type { Db } from '../db/database';
import { elapsedMs, logCall } from './callLog';

/**
 * Calls the platform makes to outside services (e-sign, and any provider wrapped the same way) go into the same
 * log as the calls coming in (third_party_calls, direction 调用（平台→外部）): what was asked, what came back or
 * the error, and how long it took. Secrets never reach the log: a field named like a password, secret, key, token
 * or signature is replaced by ***, ID and card numbers are masked as in the payout records, a mobile number keeps
 * its first three and last four digits, and binary content (a PDF) is logged as its size and SHA-256.
 */

const SECRET_FIELD = /pass(word)?$|secret|token|signature|authorization|key$/i;
const ID_FIELD = /^(idcard|idnumber|idno)$/i;
const CARD_FIELD = /^(bankcard|bankaccount|accountnumber|cardno|payeraccount)$/i;
const MOBILE_FIELD = /^(mobile|phone|tel)$/i;
const MAX_DEPTH = 6;

function maskMobile(value: string): string {
  return value.length >= 7 ? `${value.slice(0, 3)}****${value.slice(-4)}` : '***';
}

/** `value` made safe to keep in the call log (see above). */
export function maskForLog(value: unknown, field = '', depth = 0): unknown {
  if (value instanceof Uint8Array) {
    return { bytes: value.length, sha256: createHash('sha256').update(value).digest('hex') };
  }
  if (typeof value === 'string' || typeof value === 'number') {
    if (field && SECRET_FIELD.test(field)) return '***';
    const text = String(value);
    if (ID_FIELD.test(field)) return maskIdCard(text);
    if (CARD_FIELD.test(field)) return maskBankCard(text);
    if (MOBILE_FIELD.test(field)) return maskMobile(text);
    return value;
  }
  if (value === null || typeof value !== 'object') return value ?? null;
  if (depth >= MAX_DEPTH) return '…';
  if (value instanceof Map) return maskForLog(Object.fromEntries(value), field, depth);
  if (Array.isArray(value)) return value.map((item) => maskForLog(item, field, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      field && SECRET_FIELD.test(key) ? '***' : maskForLog(item, key, depth + 1),
    ]),
  );
}

export interface OutboundService {
  /** What is called, e.g. 'esign'; the log's type is `${service}.${method}`. */
  service: string;
  /** The provider's own name (dev, http, …): part of the logged path. */
  provider: string;
  /** The enterprise the call is about: its callback page lists the call too. */
  enterpriseId: number | null;
  /**
   * When set, a failure to write the log row is reported here and the call's own answer stands: for calls whose
   * effect must not hang on the log (a payout the bank has made, an SMS already sent).
   */
  onLogError?: (error: unknown) => void;
}

async function channelOf(db: Db, enterpriseId: number | null): Promise<number | null> {
  if (enterpriseId === null) return null;
  const row = await db
    .selectFrom('enterprises')
    .select('callback_channel')
    .where('id', '=', enterpriseId)
    .executeTakeFirst();
  return row?.callback_channel ?? null;
}

/**
 * Runs one call out and logs it (after it answers or fails; a failure is logged and thrown on). `argNames` names
 * the positional arguments, so a secret passed by position (a password) is masked by its name like a field.
 */
export async function callOut<T>(
  db: Db,
  service: OutboundService,
  method: string,
  args: readonly unknown[],
  run: () => Promise<T>,
  argNames?: readonly string[],
): Promise<T> {
  const started = process.hrtime.bigint();
  let result: T | undefined;
  let failure: unknown = null;
  try {
    result = await run();
  } catch (error) {
    failure = error;
  }
  const latencyMs = elapsedMs(started);
  try {
    await writeLog();
  } catch (error) {
    if (!service.onLogError) throw error;
    service.onLogError(error);
  }
  if (failure) throw failure;
  return result as T;

  async function writeLog() {
    await logCall(db, {
      direction: DIRECTION.outbound,
      enterpriseId: service.enterpriseId,
      channel: await channelOf(db, service.enterpriseId),
      kind: `${service.service}.${method}`,
      method: 'CALL',
      path: `${service.service}://${service.provider}/${method}`,
      requestBody: JSON.stringify(
        argNames
          ? maskForLog(Object.fromEntries(args.map((arg, index) => [argNames[index] ?? `arg${index}`, arg])), 'args')
          : maskForLog(args, 'args'),
      ),
      httpStatus: failure ? 500 : 200,
      outcome: failure ? OUTCOME.failed : OUTCOME.applied,
      message: failure ? (failure instanceof Error ? failure.message : String(failure)) : '成功',
      responseBody: failure ? null : JSON.stringify(maskForLog(result ?? null, 'result')),
      latencyMs,
    });
  }
}

/**
 * `target` with each of `methods` going through callOut: the same interface, every call logged. `methods` lists
 * the method names, or maps each to the names of its positional arguments. The other members are passed through
 * unchanged.
 */
export function withCallLog<T extends object>(
  db: Db,
  target: T,
  service: OutboundService,
  methods: readonly (keyof T & string)[] | Partial<Record<keyof T & string, readonly string[]>>,
): T {
  const wrapped: Record<string, unknown> = {};
  const entries: [string, readonly string[] | undefined][] = Array.isArray(methods)
    ? methods.map((method) => [method, undefined])
    : Object.entries(methods as Record<string, readonly string[]>);
  for (const [method, argNames] of entries) {
    const original = (target as Record<string, unknown>)[method] as (...args: unknown[]) => Promise<unknown>;
    wrapped[method] = (...args: unknown[]) =>
      callOut(db, service, method, args, () => original.apply(target, args), argNames);
  }
  return new Proxy(target, {
    get: (object, property, receiver) =>
      typeof property === 'string' && property in wrapped ? wrapped[property] : Reflect.get(object, property, receiver),
  });
}
