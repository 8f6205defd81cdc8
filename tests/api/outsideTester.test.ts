import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type Failure, runOutsideTester } from '../contract/outsideTester';

/**
 * The outside, schema-driven tester (tests/contract/outsideTester.ts): portman generates contract and fuzzing
 * tests from the OpenAPI document a real server process serves, newman runs them as a merchant and as the
 * administrator. On PostgreSQL (DATABASE_URL) the server gets a schema of its own.
 */

const databaseUrl = process.env.DATABASE_URL || '';
const schema = `t_outside_${randomBytes(4).toString('hex')}`;

async function withPg(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

afterAll(async () => {
  if (databaseUrl) await withPg((client) => client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`));
});

const describeFailure = (failure: Failure) =>
  `${failure.role} ${failure.request} → HTTP ${failure.status} code ${String(failure.code)}：${failure.test}：${failure.message}`;

describe(`外部测试者（portman + newman，${databaseUrl ? 'PostgreSQL' : 'SQLite'}）`, () => {
  it('每个接口以商户和管理员身份：无服务器错误，回答符合文档，错误输入以 1040400 拒绝', async () => {
    const env: Record<string, string> = {};
    if (databaseUrl) {
      await withPg((client) => client.query(`CREATE SCHEMA ${schema}`));
      const url = new URL(databaseUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      env.DATABASE_URL = url.toString();
    }
    const result = await runOutsideTester(env);
    // Every documented operation is in the collection, bar the few exclusions.json names.
    expect(result.operations).toBeGreaterThan(400);
    expect(result.requests).toBeGreaterThan(result.operations);
    expect(result.failures.map(describeFailure)).toEqual([]);
  }, 900_000);
});
