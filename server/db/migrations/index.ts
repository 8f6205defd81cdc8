import type { Migration } from 'kysely';
import * as foundation from './001_foundation';
import * as companySearch from './002_company_search';

/** Every migration, in order. Add a new one with the next number; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
  '002_company_search': companySearch,
};
