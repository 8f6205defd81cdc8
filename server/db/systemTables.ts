import type { Generated } from 'kysely';

/** Tables of migrations 080-089 (issue 16: sensitive words, feedback, SMS log, automatic invoicing, help). */

/** One word of a sensitive-word list (1 general, 2 top-up side). */
export interface SensitiveWordTable {
  id: Generated<number>;
  list_type: number;
  word: string;
  /** normalizeForMatch(word): unique per list, so ＶＰＮ and vpn are one word. */
  normalized: string;
  creator: string;
  create_time: string;
}

/** One row per list: bumped with every change, so each process rebuilds its automaton when it moves. */
export interface SensitiveWordListTable {
  list_type: number;
  version: number;
  /** A random value set with each bump. */
  stamp: string;
}
