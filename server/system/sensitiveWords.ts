import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { buildMatcher, normalizeForMatch, type SensitiveMatcher } from '../../src/domain/sensitiveMatcher';
import type { Database } from '../db/schema';
import { chinaTime } from '../db/time';
import { BusinessError } from '../http/errors';

/**
 * The sensitive-word service (敏感词). Two lists: `general` (/adSensitiveWords: notices, feedback) and `topUp`
 * (/topUpSideSensitiveWord: top-up and payout remarks). Each list's matcher (an Aho-Corasick automaton,
 * src/domain/sensitiveMatcher.ts) is built once and kept until the list changes: every change bumps the
 * list's row in `sensitive_word_lists` (version + a random stamp) in its own transaction, and a check first
 * reads that row (one primary-key lookup), so every server process, and every database one process serves,
 * rebuilds after a change and never before.
 */

export const SENSITIVE_LISTS = { general: 1, topUp: 2 } as const;
export type SensitiveList = keyof typeof SENSITIVE_LISTS;

/** Longest word (code points); the column is varchar(64). */
export const SENSITIVE_WORD_MAX = 32;

type AnyDb = Kysely<Database>;

const cache = new Map<string, SensitiveMatcher>();

async function stampOf(db: AnyDb, list: SensitiveList): Promise<string> {
  const row = await db
    .selectFrom('sensitive_word_lists')
    .select(['version', 'stamp'])
    .where('list_type', '=', SENSITIVE_LISTS[list])
    .executeTakeFirst();
  return `${list}:${row?.stamp ?? ''}:${row?.version ?? 0}`;
}

/** The list's matcher, rebuilt only when the list's version stamp moved. */
export async function sensitiveMatcher(db: AnyDb, list: SensitiveList): Promise<SensitiveMatcher> {
  const key = await stampOf(db, list);
  const cached = cache.get(key);
  if (cached) return cached;
  const rows = await db
    .selectFrom('sensitive_words')
    .select('word')
    .where('list_type', '=', SENSITIVE_LISTS[list])
    .execute();
  const matcher = buildMatcher(rows.map((row) => row.word));
  for (const old of cache.keys()) if (old.startsWith(`${list}:`)) cache.delete(old);
  cache.set(key, matcher);
  return matcher;
}

/** The refusal: 内容包含敏感词「…」，请修改后再提交. */
export function sensitiveWordMessage(fieldLabel: string, word: string): string {
  return `${fieldLabel}包含敏感词「${word}」，请修改后再提交`;
}

/**
 * Refuses (1040400) a text containing a word of the list, naming the word; `field` puts the message under
 * that form field in content.errors. Empty texts pass without a lookup.
 */
export async function assertNoSensitiveWords(
  db: AnyDb,
  text: string | null | undefined,
  list: SensitiveList,
  fieldLabel: string,
  field?: string,
): Promise<void> {
  if (!text) return;
  const word = (await sensitiveMatcher(db, list)).find(text);
  if (word === null) return;
  const message = sensitiveWordMessage(fieldLabel, word);
  throw new BusinessError(message, undefined, field ? { errors: { [field]: message } } : null);
}

/** Marks the list changed (inside the change's transaction): every process rebuilds its matcher. */
export async function bumpSensitiveList(db: AnyDb, listType: number): Promise<void> {
  await db
    .updateTable('sensitive_word_lists')
    .set((eb) => ({ version: eb('version', '+', 1), stamp: randomUUID() }))
    .where('list_type', '=', listType)
    .execute();
}

export interface ImportResult {
  /** Words added. */
  added: number;
  /** Lines that repeat a word already listed (or earlier in the file). */
  duplicates: number;
  /** Lines longer than SENSITIVE_WORD_MAX. */
  tooLong: number;
}

/** The lines of an imported text file as words: trimmed, blank lines and a leading BOM dropped. */
export function wordsOfText(text: string): string[] {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** Adds the words of a text file (one a line) to the list in one transaction; repeats are counted, not added. */
export async function importSensitiveWords(
  db: AnyDb,
  listType: number,
  text: string,
  creator: string,
  audit?: (trx: AnyDb, result: ImportResult) => Promise<void>,
): Promise<ImportResult> {
  const result: ImportResult = { added: 0, duplicates: 0, tooLong: 0 };
  const fresh = new Map<string, string>();
  for (const word of wordsOfText(text)) {
    if ([...word].length > SENSITIVE_WORD_MAX) {
      result.tooLong += 1;
      continue;
    }
    const key = normalizeForMatch(word);
    if (key === '') continue;
    if (fresh.has(key)) result.duplicates += 1;
    else fresh.set(key, word);
  }
  await db.transaction().execute(async (trx) => {
    const keys = [...fresh.keys()];
    for (let start = 0; start < keys.length; start += 500) {
      const slice = keys.slice(start, start + 500);
      const taken = await trx
        .selectFrom('sensitive_words')
        .select('normalized')
        .where('list_type', '=', listType)
        .where('normalized', 'in', slice)
        .execute();
      for (const row of taken) fresh.delete(row.normalized);
      result.duplicates += taken.length;
    }
    const now = chinaTime();
    const rows = [...fresh].map(([normalized, word]) => ({
      list_type: listType,
      word,
      normalized,
      creator,
      create_time: now,
    }));
    for (let start = 0; start < rows.length; start += 500) {
      await trx
        .insertInto('sensitive_words')
        .values(rows.slice(start, start + 500))
        .execute();
    }
    result.added = rows.length;
    if (rows.length > 0) await bumpSensitiveList(trx, listType);
    await audit?.(trx, result);
  });
  return result;
}
