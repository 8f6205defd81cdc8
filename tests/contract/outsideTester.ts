import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type RunningServer, startServer } from '../../scripts/serverProcess';

/**
 * The outside tester: portman (from the npm registry) turns our OpenAPI document into a Postman collection of
 * contract tests (JSON answer, answer conforms to its documented schema, no server error) and fuzzing variations
 * (a required field left out, a number below its minimum or above its maximum, a text shorter or longer than
 * allowed: each must be refused with 1040400), and newman sends it to a real server process, once as a merchant
 * and once as the administrator. Everything it knows about the API comes from GET /api/docs/openapi.json.
 *
 * tests/contract/portman.json is portman's own configuration; tests/contract/exclusions.json names the operations
 * that are not sent or get no variations, each with its reason.
 */

const require = createRequire(import.meta.url);
const here = path.dirname(new URL(import.meta.url).pathname);
const PORTMAN_BIN = path.join(path.dirname(require.resolve('@apideck/portman/package.json')), 'bin', 'portman');
const run = promisify(execFile);

/** At most this many fuzzing variations per operation (the first ones portman writes), so the run stays short. */
export const VARIATIONS_PER_OPERATION = 4;

interface Exclusion {
  operation: string;
  reason: string;
}
interface Exclusions {
  notSent: Exclusion[];
  noVariations: Exclusion[];
}

export interface Failure {
  role: string;
  request: string;
  status: number;
  code: unknown;
  test: string;
  message: string;
}

interface PmItem {
  name: string;
  item?: PmItem[];
  request?: {
    method: string;
    url: { path?: string[]; query?: { key: string; value: string; disabled?: boolean }[] };
    body?: { raw?: string };
  };
  event?: { listen: string; script: { exec: string[] } }[];
}

/** "GET::/api/v1/x/{id}" of a collection item (portman writes path variables as ":id"). */
function operationOf(item: PmItem): string {
  const segments = (item.request?.url.path ?? []).map((part) => (part.startsWith(':') ? `{${part.slice(1)}}` : part));
  return `${item.request?.method.toUpperCase()}::/${segments.join('/')}`;
}

/** The value a variation sends for its field: a query parameter, or a path in the JSON body (a.b, ids[0]). */
function sentValue(item: PmItem, field: string): unknown {
  const query = item.request?.url.query?.find((param) => param.key === field && !param.disabled);
  if (query) return query.value;
  try {
    let value: unknown = JSON.parse(item.request?.body?.raw ?? '');
    for (const key of field.split(/[.[\]]+/).filter(Boolean)) value = (value as Record<string, unknown> | null)?.[key];
    return value;
  } catch {
    return undefined;
  }
}

/**
 * Whether a variation sends what the document forbids. portman builds a length or range variation from the example
 * it generated: when that example is empty or null (our optional fields take a blank as "not given") it sends the
 * blank again, and its length variation of a text field that also takes numbers (x-text numbers) sends a number,
 * to which a length limit does not apply. Such a request is valid input; only the rest are wrong-input cases.
 */
function violates(item: PmItem): boolean {
  const match = /\[(minimum|maximum) (length|number value) ([^\]]+(?:\[\d+\])?)\]$/.exec(item.name);
  if (!match) return true;
  const value = sentValue(item, match[3]);
  if (value === undefined || value === null || value === '') return false;
  return match[2] === 'number value' || typeof value === 'string';
}

/**
 * Drops the operations that are not sent, keeps the first VARIATIONS_PER_OPERATION variations of each operation,
 * and checks an answer against the documented 200 schema only when it is HTTP 200: the 401/403 answers a role gets
 * for a route it may not call are documented under their own status (ErrorAnswer), which portman does not pick.
 */
function prepareCollection(collection: { item: PmItem[] }, notSent: Set<string>): number {
  const variationsOf = new Map<string, number>();
  let requests = 0;
  const keep = (items: PmItem[], inVariations: boolean): PmItem[] =>
    items.flatMap((item) => {
      if (item.item) {
        const children = keep(item.item, inVariations || item.name === 'Variation Tests');
        return children.length > 0 ? [{ ...item, item: children }] : [];
      }
      const operation = operationOf(item);
      if (notSent.has(operation)) return [];
      if (inVariations) {
        if (!violates(item)) return [];
        const count = (variationsOf.get(operation) ?? 0) + 1;
        variationsOf.set(operation, count);
        if (count > VARIATIONS_PER_OPERATION) return [];
      }
      for (const event of item.event ?? []) {
        event.script.exec = event.script.exec.map((line) =>
          line
            .replace(/pm\.test\("(\[[^"]*- Schema is valid)"/g, 'if (pm.response.code === 200) pm.test("$1"')
            .replace(FILE_TYPE_CHECK, FILE_OR_REFUSAL),
        );
      }
      requests += 1;
      return [item];
    });
  collection.item = keep(collection.item, false);
  return requests;
}

/**
 * portman checks the first documented content type; a route that answers a file (PDF, xlsx, zip) answers its
 * refusals as the JSON envelope (HTTP 200, 1040400), so a JSON answer there must be a refusal, anything else the file.
 */
const FILE_TYPE_CHECK =
  /pm\.expect\(pm\.response\.headers\.get\("Content-Type"\)\)\.to\.include\("((?!application\/json)[^"]+)"\);/g;
const FILE_OR_REFUSAL =
  'var type = pm.response.headers.get("Content-Type") || ""; if (type.indexOf("application/json") === 0) pm.expect(pm.response.json().code, "JSON 回答只能是拒绝").to.not.equal(1020000); else pm.expect(type).to.include("$1");';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

async function login(url: string, username: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: sha256Hex('Demo1234'), type: '1', platformMark: '1' }),
  });
  const body = (await response.json()) as { code: number; message: string; content: { token?: string } };
  if (!body.content?.token) throw new Error(`${username} 登录失败：${body.code} ${body.message}`);
  return body.content.token;
}

/** Whether the session still answers (the tester must not have ended it on the way). */
async function sessionAlive(url: string, token: string): Promise<boolean> {
  const response = await fetch(`${url}/api/v1/companies/findpermissionlogin`, {
    headers: { authorization: `Bearer ${token}`, platformmark: '1' },
  });
  return response.status === 200 && ((await response.json()) as { code: number }).code === 1020000;
}

interface NewmanExecution {
  item: { name: string };
  request: { method: string; url: { toString: () => string }; body?: { raw?: string } };
  response?: { code: number; stream?: Buffer };
  assertions?: { assertion: string; error?: { message: string } }[];
  requestError?: { message: string };
}

function newmanRun(collection: unknown, url: string, token: string): Promise<NewmanExecution[]> {
  const newman = require('newman') as {
    run: (
      options: object,
      done: (error: Error | null, summary: { run: { executions: NewmanExecution[] } }) => void,
    ) => void;
  };
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection,
        envVar: [
          { key: 'baseUrl', value: url },
          { key: 'bearerToken', value: token },
        ],
        reporters: [],
        timeoutRequest: 30_000,
      },
      (error, summary) => (error ? reject(error) : resolve(summary.run.executions)),
    );
  });
}

function failuresOf(role: string, executions: NewmanExecution[]): Failure[] {
  const failures: Failure[] = [];
  for (const execution of executions) {
    const status = execution.response?.code ?? 0;
    let code: unknown;
    try {
      code = JSON.parse(execution.response?.stream?.toString('utf8') ?? '').code;
    } catch {
      code = undefined;
    }
    const base = {
      role,
      request:
        `${execution.item.name}：${execution.request.method} ${execution.request.url.toString()} ${execution.request.body?.raw ?? ''}`.slice(
          0,
          400,
        ),
      status,
      code,
    };
    if (execution.requestError) failures.push({ ...base, test: '请求', message: execution.requestError.message });
    for (const assertion of execution.assertions ?? []) {
      if (assertion.error) failures.push({ ...base, test: assertion.assertion, message: assertion.error.message });
    }
  }
  return failures;
}

const log = (text: string) => {
  if (process.env.OUTSIDE_TESTER_LOG) console.log(`[外部测试] ${text}`);
};

export interface TesterResult {
  failures: Failure[];
  requests: number;
  operations: number;
}

/**
 * Starts a server (on PostgreSQL in a schema of its own when DATABASE_URL is set), generates the collection from
 * the document it serves, and runs it as a merchant, then as the administrator (whose writes reach further).
 */
export async function runOutsideTester(env: Record<string, string> = {}): Promise<TesterResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'lg-portman-'));
  let server: RunningServer | undefined;
  try {
    const started = Date.now();
    const seconds = () => ((Date.now() - started) / 1000).toFixed(0);
    server = await startServer({ env: { API_DOCS_PUBLIC: '1', ...env } });
    log(`服务器已启动（${seconds()} s）`);
    const document = await (await fetch(`${server.url}/api/docs/openapi.json`)).text();
    const operations = Object.values((JSON.parse(document) as { paths: Record<string, object> }).paths).reduce<number>(
      (sum, methods) => sum + Object.keys(methods).length,
      0,
    );
    writeFileSync(path.join(work, 'openapi.json'), document);

    const exclusions = JSON.parse(readFileSync(path.join(here, 'exclusions.json'), 'utf8')) as Exclusions;
    const config = JSON.parse(readFileSync(path.join(here, 'portman.json'), 'utf8'));
    for (const variation of config.tests.variationTests) {
      variation.excludeForOperations = exclusions.noVariations.map((entry) => entry.operation);
    }
    writeFileSync(path.join(work, 'portman.json'), JSON.stringify(config));
    // portman writes its working files under ./tmp: run it in the temp directory.
    await run(
      process.execPath,
      [PORTMAN_BIN, '-l', 'openapi.json', '-c', 'portman.json', '-o', 'collection.json', '--syncPostman', 'false'],
      { cwd: work, maxBuffer: 64 * 1024 * 1024 },
    );
    const collection = JSON.parse(readFileSync(path.join(work, 'collection.json'), 'utf8'));
    log(`portman 已生成测试集（${seconds()} s）`);
    const requests = prepareCollection(collection, new Set(exclusions.notSent.map((entry) => entry.operation)));
    // OUTSIDE_TESTER_KEEP=path keeps the collection that ran, to replay one request with newman by hand.
    if (process.env.OUTSIDE_TESTER_KEEP) writeFileSync(process.env.OUTSIDE_TESTER_KEEP, JSON.stringify(collection));

    const failures: Failure[] = [];
    for (const role of ['merchant', 'admin']) {
      const token = await login(server.url, role);
      failures.push(...failuresOf(role, await newmanRun(collection, server.url, token)));
      log(`${role} 跑完（${seconds()} s）`);
      if (!(await sessionAlive(server.url, token))) {
        failures.push({ role, request: '—', status: 0, code: undefined, test: '会话', message: '跑完后会话已失效' });
      }
    }
    return { failures, requests, operations };
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
  }
}
