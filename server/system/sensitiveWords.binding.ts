import { adSensitiveWords, topUpSideSensitiveWord } from '../../resources/sensitiveWords';
import type { ResourceDeclaration } from '../../resources/types';
import { normalizeForMatch } from '../../src/domain/sensitiveMatcher';
import type { ResourceBinding } from '../engine/binding';
import { fail } from '../http/errors';
import { lengthBetween } from '../http/fieldChecks';
import { bumpSensitiveList, SENSITIVE_LISTS, SENSITIVE_WORD_MAX } from './sensitiveWords';

/**
 * The two sensitive-word lists on the resource engine: one table, each view fixed to its list. A word is
 * unique in its list by its normalized form (ＶＰＮ = vpn); every change bumps the list's version in the same
 * transaction, so each process rebuilds its matcher (sensitiveWords.ts).
 */
function listBinding(declaration: ResourceDeclaration, listType: number): ResourceBinding {
  return {
    declaration,
    table: 'sensitive_words',
    fixed: { list_type: listType },
    filters: { stime: { column: 'sensitive_words.create_time' } },
    timestamps: { create: 'create_time' },
    insertDefaults: ({ auth }) => ({ creator: [...auth.displayName].slice(0, 64).join('') }),
    checks: () => ({ word: lengthBetween(1, SENSITIVE_WORD_MAX, `请输入1-${SENSITIVE_WORD_MAX}位敏感词`) }),
    beforeSave: async ({ db, id }, values) => {
      if (values.word === undefined) return undefined;
      const normalized = normalizeForMatch(String(values.word));
      // Matching ignores spaces, punctuation and invisible characters: a word of only those could never match.
      if (normalized === '') fail('敏感词不能只由空格、标点或不可见字符组成');
      const taken = await db
        .selectFrom('sensitive_words')
        .select('id')
        .where('list_type', '=', listType)
        .where('normalized', '=', normalized)
        .$if(id !== undefined, (query) => query.where('id', '<>', id as number))
        .executeTakeFirst();
      if (taken) fail('该敏感词已存在');
      return { normalized };
    },
    // The normalized check above names the usual case; the unique index catches two saves racing.
    unique: { field: 'word', message: '该敏感词已存在' },
    afterWrite: ({ db }) => bumpSensitiveList(db, listType),
    messages: { notFound: '敏感词不存在', idLabel: '敏感词编号' },
  };
}

export const sensitiveWordsBinding = listBinding(adSensitiveWords, SENSITIVE_LISTS.general);
export const topUpSensitiveWordsBinding = listBinding(topUpSideSensitiveWord, SENSITIVE_LISTS.topUp);
