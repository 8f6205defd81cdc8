import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Stored files (uploads, generated PDFs, download zips) are read and written only through the FileStorage
 * (server/files/storage/), so a server with FILE_STORAGE=s3 has every file on every host. This test
 * reads every module of server/ and fails when one outside the local implementation names the stored-files folder,
 * or when a module not listed below touches the file system at all: a new one must go through the FileStorage, or
 * be added here with the reason it reads or writes something that is not a stored file.
 */
const LOCAL_IMPLEMENTATION = 'server/files/storage/localFileStorage.ts';

const MAY_USE_THE_FILE_SYSTEM: Record<string, string> = {
  [LOCAL_IMPLEMENTATION]: 'the local FileStorage itself',
  'server/config.ts': 'DATA_DIR and the jwt-secret / id-key files in it',
  'server/db/database.ts': 'the SQLite database file',
  'server/operations/backup.ts': 'copies DATA_DIR (database, secrets, local stored files) into a backup',
  'server/operations/health.routes.ts': 'reads the version from package.json',
  'server/workers/downloadJobs.ts': 'writes the sheet and zip to DATA_DIR/tmp before putting the zip in the storage',
  'server/appPages.ts': 'reads the built web app',
  'server/webApp.ts': 'serves the built web app',
  'server/pdf/chineseFont.ts': 'reads the font shipped in node_modules',
};

const FILE_SYSTEM_IMPORT =
  /\bfrom\s+['"](?:node:)?fs(?:\/promises)?['"]|\brequire\(\s*['"](?:node:)?fs(?:\/promises)?['"]\s*\)/;
const STORED_FILES_FOLDER = [
  /path\.(?:join|resolve)\([^)]*['"`]uploads['"`]/,
  /\b(?:localUploadsDir|uploadsDir)\(/,
  /\$\{[^}]*(?:dataDir|DATA_DIR)[^}]*\}\/uploads\b/,
];

function serverModules(directory = 'server'): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return serverModules(file);
    return /\.(?:ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

describe('stored files go through the FileStorage', () => {
  const modules = serverModules();

  it('reads every server module (the walk finds the storage and the routes that serve files)', () => {
    expect(modules).toContain(LOCAL_IMPLEMENTATION);
    expect(modules).toContain('server/files/uploads.routes.ts');
    expect(modules.length).toBeGreaterThan(100);
  });

  it('no module but the local implementation names the stored-files folder', () => {
    const offenders = modules.filter(
      (file) => file !== LOCAL_IMPLEMENTATION && STORED_FILES_FOLDER.some((pattern) => pattern.test(code(file))),
    );
    expect(offenders).toEqual([]);
  });

  it('only the modules listed, each for its reason, use the file system', () => {
    const users = modules.filter((file) => FILE_SYSTEM_IMPORT.test(code(file)));
    expect(users.filter((file) => !(file in MAY_USE_THE_FILE_SYSTEM))).toEqual([]);
    // A listed module that no longer touches the file system comes off the list.
    expect(Object.keys(MAY_USE_THE_FILE_SYSTEM).filter((file) => !users.includes(file))).toEqual([]);
  });
});
