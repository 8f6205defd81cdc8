import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * What package.json promises about the installed tree holds for the tree itself.
 *
 * `engines.node` is the range every installed package declares it supports — production ones and the development
 * ones too, since `npm start` builds the web app with vite and `npm test` needs the rest. A dependency update that
 * drops a Node line the project still claims fails here with the package named: keep a version that declares the
 * line (package.json `overrides`), or narrow the range here and in the README.
 */
const ROOT = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8'));
const manifest = readJson('package.json') as {
  engines: { node: string };
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = readJson('package-lock.json') as { packages: Record<string, { version?: string }> };

interface Installed {
  name: string;
  version: string;
  engine: string;
}

/** Every package installed from the lock file with the Node range it declares (per-platform ones absent here skip). */
function installedEngines(): Installed[] {
  const found: Installed[] = [];
  for (const location of Object.keys(lock.packages)) {
    if (location === '') continue;
    const file = path.join(ROOT, location, 'package.json');
    if (!fs.existsSync(file)) continue;
    const own = JSON.parse(fs.readFileSync(file, 'utf8')) as { name: string; version: string; engines?: unknown };
    const engine = (own.engines as { node?: unknown } | undefined)?.node;
    if (typeof engine === 'string' && engine.trim() !== '' && engine.trim() !== '*') {
      found.push({ name: own.name, version: own.version, engine });
    }
  }
  return found;
}

/** Node versions to try: every minor of every line from 16 to 30. Engine ranges draw their lines at minors. */
const PROBES = Array.from({ length: 15 }, (_, line) =>
  Array.from({ length: 31 }, (_, minor) => `${line + 16}.${minor}.0`),
).flat();

describe('engines.node', () => {
  const range = manifest.engines.node;
  const packages = installedEngines();

  it('is admitted by every installed package', () => {
    expect(packages.length).toBeGreaterThan(100);
    const refusals = PROBES.filter((version) => semver.satisfies(version, range)).flatMap((version) =>
      packages
        .filter((dependency) => !semver.satisfies(version, dependency.engine))
        .map((dependency) => `Node ${version}: ${dependency.name}@${dependency.version} declares ${dependency.engine}`),
    );
    expect([...new Set(refusals)].slice(0, 20)).toEqual([]);
  });

  it('claims every version the tree supports, so the range is no narrower than the tree', () => {
    const supported = PROBES.filter((version) =>
      packages.every((dependency) => semver.satisfies(version, dependency.engine)),
    );
    expect(supported.filter((version) => !semver.satisfies(version, range))).toEqual([]);
  });

  it('admits the Node running the tests (CI runs Node 20)', () => {
    expect(semver.satisfies(process.versions.node, range), `${process.versions.node} in ${range}`).toBe(true);
  });

  it('is the range the README states', () => {
    expect(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(`\`${range}\``);
  });
});

describe('exact pins', () => {
  /**
   * exceljs: the payout upload reader (server/money/payouts/xlsxReader.ts) drives WorkbookReader's private steps,
   * which a release may rename or change without notice. It moves only by a deliberate edit of package.json, after
   * reading what changed.
   */
  const pinned: Record<string, string> = {
    exceljs: manifest.dependencies.exceljs,
  };

  for (const [name, spec] of Object.entries(pinned)) {
    it(`${name} is pinned to one version, the one installed`, () => {
      expect(semver.valid(spec), `${name}: "${spec}" is a range`).toBe(spec);
      expect(lock.packages[`node_modules/${name}`]?.version).toBe(spec);
      expect(readJson(`node_modules/${name}/package.json`).version).toBe(spec);
    });
  }

  it('exceljs still has the WorkbookReader steps the upload reader calls', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const prototype = ExcelJS.stream.xlsx.WorkbookReader.prototype as unknown as Record<string, unknown>;
    for (const step of ['_parseRels', '_parseWorkbook', '_parseSharedStrings', '_parseWorksheet']) {
      expect(typeof prototype[step], step).toBe('function');
    }
  });
});

describe('prerequisites', () => {
  it('the README names every Debian package .ci/run installs, in its one apt-get line', () => {
    const ci = fs.readFileSync(path.join(ROOT, '.ci/run'), 'utf8');
    const installed = new Set<string>();
    for (const match of ci.matchAll(/apt_install ([a-z0-9][a-z0-9.+-]*)/g)) installed.add(match[1]);
    for (const match of ci.matchAll(/\b[a-z-]+:([a-z0-9][a-z0-9.+-]*)/g)) installed.add(match[1]);
    expect([...installed]).toContain('python3-openpyxl');
    const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    const line = /^apt-get install (.+)$/m.exec(readme)?.[1].split(/\s+/) ?? [];
    expect([...installed].filter((name) => !line.includes(name))).toEqual([]);
    expect(line.filter((name) => !installed.has(name))).toEqual([]);
  });
});
