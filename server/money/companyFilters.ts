import { type Expression, type SqlBool, sql } from 'kysely';
import { type CompanyScope, scopedCompanyIds } from '../auth/scope';
import type { Db } from '../db/database';
import { isPostgres } from '../db/migrations/columns';
import { containsPattern, FTS_MIN_CHARS, ftsPhrase } from '../db/textMatch';

/**
 * Conditions on a money table's company_id column: the caller's company scope (companyScope of
 * server/auth/scope.ts fits CompanyCriteria) and a company-name substring, each as `company_id IN (…)` so the
 * money table keeps its own indexes for order and paging.
 */
export interface CompanyCriteria extends CompanyScope {
  /** Substring of the company name (Latin letters case-insensitive, like the company search). */
  companyName?: string;
}

/**
 * `walkOrderIndex`: on SQLite, keep the set conditions (departments, name) off the company_id indexes, so a
 * page walks the table's order index and stops after one page instead of sorting every match; worth it when
 * the set matches many rows (the caller knows from its count). PostgreSQL's planner weighs this itself.
 */
export function companyConditions(
  db: Db,
  column: string,
  criteria: CompanyCriteria,
  options: { walkOrderIndex?: boolean } = {},
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (criteria.companyId !== undefined) conditions.push(sql<SqlBool>`${sql.ref(column)} = ${criteria.companyId}`);
  // Unary plus: the same value, but SQLite no longer matches it to an index.
  const ref = options.walkOrderIndex && !isPostgres(db) ? sql`+${sql.ref(column)}` : sql.ref(column);
  const scoped = scopedCompanyIds(db, criteria);
  if (scoped) conditions.push(sql<SqlBool>`${ref} IN ${scoped}`);
  const name = criteria.companyName;
  if (name) {
    if (isPostgres(db)) {
      const like = name.toLowerCase() === name.toUpperCase() ? sql`LIKE` : sql`ILIKE`;
      conditions.push(
        sql<SqlBool>`${ref} IN (SELECT companies.id FROM companies WHERE companies.name ${like} ${containsPattern(name)} ESCAPE '\\')`,
      );
    } else if ([...name].length >= FTS_MIN_CHARS) {
      conditions.push(
        sql<SqlBool>`${ref} IN (SELECT rowid FROM companies_name_fts WHERE companies_name_fts MATCH ${ftsPhrase(name)})`,
      );
    } else {
      conditions.push(
        sql<SqlBool>`${ref} IN (SELECT companies.id FROM companies WHERE companies.name LIKE ${containsPattern(name)} ESCAPE '\\')`,
      );
    }
  }
  return conditions;
}
