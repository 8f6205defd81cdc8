import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      // Real processes and a PostgreSQL of their own (outages, restarts): run once, not again per database.
      {
        test: {
          name: 'ops',
          include: ['tests/ops/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // Migrates and seeds once per run; every createTestApp() copies that database.
          globalSetup: ['tests/api/support/globalSetup.ts'],
          // Files share a worker's module graph: importing the server once per worker instead of once per file
          // saves most of a minute per 20 files. Safe because every file builds its own app and database
          // (createTestApp); tests/unit/apiTestSharing.test.ts fails when a file mocks a module, stubs a global
          // or the environment, or leaves fake timers behind.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
