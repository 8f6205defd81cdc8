/**
 * Sensitive-word matching (敏感词): an Aho-Corasick automaton over the words, so a text is checked in one pass
 * whatever the number of words. Words and text are compared after `normalizeForMatch` (Unicode NFKC, which
 * folds full-width letters, digits and punctuation to their half-width forms, then lower case, without invisible
 * characters, spaces and punctuation), so ＡＢＣ, abc and ABC are the same word and 洗\u200b钱 is 洗钱. A match
 * names the word as it was listed.
 */

/** Invisible characters (zero-width space and joiners, soft hyphen, BOM, direction marks) and controls. */
const INVISIBLE = /[\p{Cf}\p{Cc}]/gu;
/** What can be slipped between two characters of a word: spaces, separators, punctuation (洗 钱, 套-现, 套.现). */
const GAP = /[\s\p{Z}\p{P}]+/gu;
const LATIN_LETTER = /\p{Script=Latin}/u;

/**
 * The form words and texts are compared in: NFKC (full/half width and compatibility forms folded), lower case,
 * invisible characters removed, and spaces and punctuation removed, so 洗\u200b钱, 套-现 and 套 现 are 洗钱 and
 * 套现. Between two Latin letters a gap stays one space: English words stay apart, so a listed
 * `sb` is not found in `is bad`.
 */
export function normalizeForMatch(text: string): string {
  const folded = text.normalize('NFKC').toLowerCase();
  // Whitespace controls (tab, line breaks) are gaps, not invisible: they separate words.
  const visible = folded.replace(INVISIBLE, (char) => (/\s/.test(char) ? ' ' : ''));
  return visible.replace(GAP, (gap: string, offset: number, whole: string) => {
    const before = whole[offset - 1] ?? '';
    const after = whole[offset + gap.length] ?? '';
    return LATIN_LETTER.test(before) && LATIN_LETTER.test(after) ? ' ' : '';
  });
}

export interface SensitiveMatcher {
  /** How many distinct (normalized) words the automaton holds. */
  readonly size: number;
  /** The first listed word found in the text (the one ending earliest; the longest of those), or null. */
  find(text: string): string | null;
  /** Every distinct listed word found in the text, in the order they are first found. */
  findAll(text: string): string[];
}

/**
 * Builds the automaton. Nodes are numbered; each has its transitions (char code → node), its failure link,
 * the word ending there (index, -1 for none) and the nearest node on its failure chain where a word ends
 * (the output link), so reporting a match never walks the whole chain.
 */
export function buildMatcher(words: Iterable<string>): SensitiveMatcher {
  const next: Map<number, number>[] = [new Map()];
  const wordAt: number[] = [-1];
  const listed: string[] = [];
  const seen = new Set<string>();
  for (const word of words) {
    const key = normalizeForMatch(word.trim());
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    let node = 0;
    for (let index = 0; index < key.length; index += 1) {
      const code = key.charCodeAt(index);
      let child = next[node].get(code);
      if (child === undefined) {
        child = next.length;
        next.push(new Map());
        wordAt.push(-1);
        next[node].set(code, child);
      }
      node = child;
    }
    wordAt[node] = listed.length;
    listed.push(word.trim());
  }

  const fail = new Int32Array(next.length);
  const output = new Int32Array(next.length).fill(-1);
  const queue: number[] = [];
  for (const child of next[0].values()) queue.push(child);
  for (let head = 0; head < queue.length; head += 1) {
    const node = queue[head];
    const link = fail[node];
    output[node] = wordAt[link] >= 0 ? link : output[link];
    for (const [code, child] of next[node]) {
      let candidate = link;
      while (candidate !== 0 && !next[candidate].has(code)) candidate = fail[candidate];
      const target = next[candidate].get(code);
      fail[child] = target !== undefined && target !== child ? target : 0;
      queue.push(child);
    }
  }

  const step = (node: number, code: number): number => {
    let current = node;
    for (;;) {
      const target = next[current].get(code);
      if (target !== undefined) return target;
      if (current === 0) return 0;
      current = fail[current];
    }
  };

  /** Calls `found` with each word index ending at each position; stops when it returns true. */
  const scan = (text: string, found: (word: number) => boolean): void => {
    if (listed.length === 0) return;
    const key = normalizeForMatch(text);
    let node = 0;
    for (let index = 0; index < key.length; index += 1) {
      node = step(node, key.charCodeAt(index));
      for (let hit = wordAt[node] >= 0 ? node : output[node]; hit > 0; hit = output[hit]) {
        if (found(wordAt[hit])) return;
      }
    }
  };

  return {
    size: listed.length,
    find(text) {
      let result: string | null = null;
      scan(text, (word) => {
        result = listed[word];
        return true;
      });
      return result;
    },
    findAll(text) {
      const found = new Set<number>();
      scan(text, (word) => {
        found.add(word);
        return false;
      });
      return [...found].map((word) => listed[word]);
    },
  };
}
