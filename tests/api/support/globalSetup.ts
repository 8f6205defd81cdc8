import type { TestProject } from 'vitest/node';
import { createSeededTemplate, type SeededTemplate } from './seededTemplate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated and seeded database every createTestApp() copies (null: each app migrates and seeds its own). */
    seededTemplate: SeededTemplate | null;
  }
}

/**
 * Migrates and seeds once per run (and per database: SQLite, or PostgreSQL when DATABASE_URL is set) instead of
 * once per test app: createTestApp() copies this database, a file copy on SQLite, `CREATE DATABASE … TEMPLATE`
 * on PostgreSQL. LG_TEST_TEMPLATE=0 turns it off (every app migrates and seeds, as before).
 */
export default async function setup(project: TestProject) {
  if (process.env.LG_TEST_TEMPLATE === '0') {
    project.provide('seededTemplate', null);
    return;
  }
  const { template, remove } = await createSeededTemplate(process.env.DATABASE_URL || '');
  project.provide('seededTemplate', template);
  return remove;
}
