import type { Migration } from 'kysely';
import * as foundation from './001_foundation';

/** Every migration, in order. Add a new one with the next number; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_foundation': foundation,
};
