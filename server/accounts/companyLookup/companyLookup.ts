import type { Db } from '../../db/database';

/** One suggestion of the registration form's company-name lookup. */
export interface CompanySuggestion {
  name: string;
  creditCode: string | null;
}

/**
 * Answers GET /api/v1/companies/tianyancha?name=. A business-registry client (e.g. Tianyancha) implements
 * this and is passed to registrationRoutes; the default reads the local companies table.
 */
export interface CompanyLookup {
  suggest(name: string, limit: number): Promise<CompanySuggestion[]>;
}

export function localCompanyLookup(db: Db): CompanyLookup {
  return {
    async suggest(name, limit) {
      const pattern = `%${name.replace(/[\\%_]/g, '')}%`;
      const rows = await db
        .selectFrom('companies')
        .select(['name', 'credit_code'])
        .where('name', 'like', pattern)
        .orderBy('name')
        .limit(limit)
        .execute();
      return rows.map((row) => ({ name: row.name, creditCode: row.credit_code || null }));
    },
  };
}
