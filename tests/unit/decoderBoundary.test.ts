import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DECODING_ROUTES } from '../../server/files/decoding/decodingRoutes';

/**
 * No request decodes on the request thread: every decoder of user-supplied content (PDF, image, spreadsheet and
 * archive libraries, inflate) runs in the decoder threads (server/files/decoding/), after its budget. This test
 * reads the import graph of server/ and fails when
 * - a module that calls a decoder can be loaded by the request thread (through value imports from server.ts),
 *   unless it is listed below with the reason it may, or is not loaded by the decoder thread either;
 * - a module that registers routes reaches the decoders and none of its routes is declared in DECODING_ROUTES
 *   (decodingRoutes.ts, which the bomb test attacks), or a declared route is not in its module.
 */

/** Decoding on the request thread, and why it is safe there. */
const REQUEST_THREAD_DECODERS: Record<string, string> = {
  'server/esign/devEsign.ts':
    'signs only PDFs this server rendered itself (esign.render), read back through readGeneratedFile, which ' +
    'refuses any file that is not a generated one',
  'server/money/payouts/alipay/alipayBill.ts':
    "unzips the daily bill Alipay's own signed answer points to (not user content), in the reconciliation job, " +
    'with caps on the zip, each inflated entry and the rows',
};

/** Calls that decode content (or load a library that only decodes). */
const DECODER_CALLS: readonly RegExp[] = [
  /PDFDocument\.load\(/,
  /\.embed(?:Png|Jpg)\(/,
  /pdfjs-dist/,
  /getDocument\(/,
  /from\s+['"]yauzl['"]/,
  /WorkbookReader/,
  /\.xlsx\.(?:load|read)\(/,
  /\.csv\.read\(/,
  /\b(?:inflate|inflateRaw|gunzip|unzip|brotliDecompress)(?:Sync)?\(/,
  /\bcreate(?:Inflate|InflateRaw|Gunzip|Unzip|BrotliDecompress)\(/,
  /decodePDFRawStream/,
  /\bUPNG\b|from\s+['"]upng/,
];

const ROOT = process.cwd();

function serverModules(directory = 'server'): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(directory, entry.name);
    if (entry.isDirectory()) return serverModules(file);
    return /\.(?:ts|mts|mjs)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [file] : [];
  });
}

const code = (file: string) =>
  readFileSync(path.join(ROOT, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

interface Imports {
  /** Value imports (not `import type`, not only `type` specifiers), static or dynamic. */
  values: string[];
  /** Of those, the static ones (loaded with the module). */
  statics: string[];
}

function resolve(from: string, specifier: string, modules: ReadonlySet<string>): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`, base.replace(/\.mjs$/, '.ts')]) {
    if (modules.has(candidate)) return candidate;
  }
  return null;
}

function importsOf(file: string, modules: ReadonlySet<string>): Imports {
  const text = code(file);
  const statics: string[] = [];
  const values: string[] = [];
  for (const match of text.matchAll(/(?:^|\n)\s*(import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g)) {
    const clause = match[2];
    if (/^type\s/.test(clause)) continue;
    const braces = /\{([^}]*)\}/.exec(clause);
    const onlyTypes =
      braces !== null &&
      !clause.replace(braces[0], '').replace(/,/g, '').trim() &&
      braces[1]
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .every((part) => part.startsWith('type '));
    if (onlyTypes) continue;
    const target = resolve(file, match[3], modules);
    if (target) statics.push(target);
  }
  for (const match of text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)) {
    const target = resolve(file, match[1], modules);
    if (target) statics.push(target);
  }
  values.push(...statics);
  for (const match of text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = resolve(file, match[1], modules);
    if (target) values.push(target);
  }
  return { statics, values };
}

const modules = serverModules();
const moduleSet = new Set(modules);
const graph = new Map(modules.map((file) => [file, importsOf(file, moduleSet)]));

function reachable(from: readonly string[], edges: (imports: Imports) => string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...from];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...edges(graph.get(file) as Imports));
  }
  return seen;
}

/** What the request thread loads: server.ts and everything it imports, except the decoder thread's entry. */
const requestSide = reachable(['server/server.ts'], (imports) => imports.values);
const threadSide = reachable(['server/files/decoding/thread.ts'], (imports) => imports.values);
const decoders = modules.filter((file) => DECODER_CALLS.some((pattern) => pattern.test(code(file))));

const ROUTE_CALL = /\.(get|post|put|patch|delete)\(\s*['"`](\/[^'"`]+)['"`]/g;
const routeModules = modules.filter((file) => code(file).match(ROUTE_CALL) !== null);

describe('decoders run in the decoder threads only', () => {
  it('reads the graph (the server, its routes, the decoder thread and the decoders are found)', () => {
    expect(requestSide.has('server/files/uploads.routes.ts')).toBe(true);
    expect(threadSide.has('server/files/watermark.ts')).toBe(true);
    expect(threadSide.has('server/money/payouts/xlsxReader.ts')).toBe(true);
    expect(decoders).toContain('server/invoices/ocr/invoiceReaders.ts');
    expect(routeModules.length).toBeGreaterThan(30);
  });

  it('no module the request thread loads calls a decoder, except the listed ones', () => {
    const onRequestThread = decoders.filter((file) => requestSide.has(file) && !(file in REQUEST_THREAD_DECODERS));
    expect(onRequestThread).toEqual([]);
  });

  it('every other decoder is loaded by the decoder thread (it is a task of files/decoding/tasks.ts)', () => {
    const elsewhere = decoders.filter((file) => !threadSide.has(file) && !(file in REQUEST_THREAD_DECODERS));
    expect(elsewhere).toEqual([]);
  });

  it('every listed exception still decodes (a stale entry is removed)', () => {
    for (const file of Object.keys(REQUEST_THREAD_DECODERS)) expect(decoders).toContain(file);
  });
});

describe('every route that reaches the decoders is declared in DECODING_ROUTES', () => {
  const entry = 'server/files/decoding/index.ts';
  const reachesDecoders = (file: string) =>
    reachable([file], (imports) =>
      imports.statics.filter((target) => !routeModules.includes(target) || target === file),
    ).has(entry);

  it('each module that registers routes and reaches files/decoding/ declares at least one of them', () => {
    const declaredModules = new Set(DECODING_ROUTES.map((route) => route.module));
    const undeclared = routeModules.filter((file) => reachesDecoders(file) && !declaredModules.has(file));
    expect(undeclared).toEqual([]);
  });

  it('each declared route is registered by its module, which reaches the decoders', () => {
    for (const declared of DECODING_ROUTES) {
      const [method, url] = declared.route.split(' ');
      const registered = [...code(declared.module).matchAll(ROUTE_CALL)].map(
        (match) => `${match[1].toUpperCase()} ${match[2]}`,
      );
      expect(registered, declared.module).toContain(`${method} ${url}`);
      expect(reachesDecoders(declared.module), declared.module).toBe(true);
    }
  });
});
