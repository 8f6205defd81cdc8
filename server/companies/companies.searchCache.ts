import type { Db } from '../db/database';
import { freshRead } from '../db/freshRead';
import { isPostgres } from '../db/migrations/columns';

/**
 * Search results derived from the companies table (totals, the order of a name search's matches), cached
 * under the data version of migration 008: triggers bump `company_data_version.version` in the transaction of
 * every insert, update and delete of companies, so a value computed after reading version v is only ever
 * served to a request that read v too. One primary-key read per request; several server processes each keep
 * their own cache and stay correct. Nothing here survives a write.
 *
 * The version is read before anything is computed: a write that lands in between makes the value newer than
 * its version (harmless: whoever reads that version next gets a fresher answer), never older.
 */

/** Tables of migration 008 (they are not in the shared schema type). */
export type CompanyCountTables = {
  company_counts: { platform_mark: number; department_id: number; n: number | string };
  company_data_version: { id: number; version: number | string };
};

/** Limits of one version's cache: entries, and their weight (1 per entry plus 1 per cached id). */
const MAX_ENTRIES = 1000;
const MAX_WEIGHT = 2_000_000;

export class VersionCache {
  private readonly entries = new Map<string, { value: Promise<unknown>; weight: number }>();
  private weight = 0;

  constructor(readonly version: number) {}

  /**
   * The value under `key`, computed once per version: concurrent requests for the same key share one
   * computation; a failed one is forgotten. Least recently used entries go first when the limits are hit.
   */
  remember<T>(key: string, compute: () => Promise<T>, weightOf: (value: T) => number = () => 1): Promise<T> {
    const hit = this.entries.get(key);
    if (hit) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const entry = { value: compute() as Promise<unknown>, weight: 0 };
    this.entries.set(key, entry);
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry) return;
        entry.weight = 1 + weightOf(value as T);
        this.weight += entry.weight;
        this.evict();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value as Promise<T>;
  }

  get size(): number {
    return this.entries.size;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size <= MAX_ENTRIES && this.weight <= MAX_WEIGHT) return;
      this.entries.delete(key);
      this.weight -= entry.weight;
    }
  }
}

/** One cache per database handle (the tests run several apps, each with its own database, in one process). */
const caches = new WeakMap<Db, VersionCache>();

export async function readDataVersion(db: Db): Promise<number> {
  const row = await db
    .withTables<CompanyCountTables>()
    .selectFrom('company_data_version')
    .select('version')
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!row) throw new Error('company_data_version has no row: run the migrations (008_company_counts)');
  return Number(row.version);
}

/** PostgreSQL: the version read shared by concurrent requests, none older than the request (freshRead). */
const sharedReads = new WeakMap<Db, () => Promise<number>>();

function currentDataVersion(db: Db): Promise<number> {
  if (!isPostgres(db) || db.isTransaction) return readDataVersion(db);
  let read = sharedReads.get(db);
  if (!read) {
    read = freshRead(() => readDataVersion(db));
    sharedReads.set(db, read);
  }
  return read();
}

/** The cache of the current data version (reads the version: one primary-key lookup). */
export async function searchCacheOf(db: Db): Promise<VersionCache> {
  const version = await currentDataVersion(db);
  let cache = caches.get(db);
  if (cache?.version !== version) {
    cache = new VersionCache(version);
    caches.set(db, cache);
  }
  return cache;
}

/** Where a position of one ordered list is: the sort key and id of the row there. */
export interface Bookmark {
  position: number;
  key: string | number;
  id: number;
}

/**
 * Bookmarks into one ordered list (criteria, sort column, direction) within one data version, so a deep page
 * seeks to the nearest bookmark at or before its offset and walks only the rest instead of every row before
 * it. The most recently used ones are kept.
 */
export class Bookmarks {
  static readonly MAX = 256;
  private readonly marks = new Map<number, Bookmark>();
  private positions: number[] = [];

  /** The bookmark with the greatest position ≤ offset. */
  nearest(offset: number): Bookmark | undefined {
    let low = 0;
    let high = this.positions.length - 1;
    let found: number | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (this.positions[middle] <= offset) {
        found = this.positions[middle];
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    if (found === undefined) return undefined;
    const mark = this.marks.get(found)!;
    this.marks.delete(found);
    this.marks.set(found, mark);
    return mark;
  }

  add(mark: Bookmark): void {
    if (this.marks.has(mark.position)) return;
    this.marks.set(mark.position, mark);
    if (this.marks.size > Bookmarks.MAX) this.marks.delete(this.marks.keys().next().value!);
    this.positions = [...this.marks.keys()].sort((a, b) => a - b);
  }
}
