import type { FastifyInstance } from 'fastify';
import { clientHash, hashClientPassword } from '../../../server/auth/passwords';
import { DEMO_PASSWORD } from '../../../server/db/seed/demo';
import { chinaTime } from '../../../server/db/time';
import { fileBytes, multipartRequest } from './multipart';
import { type AuthedClient, authed, envelopeOf, type TestApp, tokenOf } from './testApp';

/** Small helpers of the invoice, category and tax certificate API tests. */
export const OK = 1020000;
export const BUSINESS = 1040400;

export interface Answer<T = any> {
  status: number;
  code?: number;
  message?: string;
  content?: T;
}

/** One call; the envelope is read only on HTTP 200 (401/403 answers are checked by status). */
export async function call<T = any>(
  client: AuthedClient,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const response = await client({ method, url, payload: payload as Record<string, unknown> | undefined });
  return { status: response.statusCode, ...(response.statusCode === 200 ? envelopeOf<T>(response) : {}) };
}

/** Uploads a file as the client's user (kind annex takes PDF, JPG, PNG, Office files and zip). */
export async function uploadFile(
  client: AuthedClient,
  filename: string,
  kind: 'pdf' | 'png' | 'jpeg' | 'zip' = 'pdf',
): Promise<{ id: number; url: string; name: string }> {
  const request = multipartRequest([
    { name: 'kind', value: 'annex' },
    { name: 'file', filename, content: fileBytes(kind) },
  ]);
  const response = await client({ method: 'POST', url: '/api/v1/common/uploadfiles', ...request });
  const answer = envelopeOf(response);
  if (answer.code !== OK) throw new Error(`upload failed: ${answer.message}`);
  return answer.content;
}

/** A staff account (role 3 unless told) holding exactly `codes`, confined to `deptIds` when role 3 or 4. */
export async function staffAccount(
  t: TestApp,
  username: string,
  codes: readonly string[],
  options: { roleId?: number; deptIds?: readonly number[] } = {},
): Promise<AuthedClient> {
  const row = await t.db
    .insertInto('users')
    .values({
      username,
      mobile: `137${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      password_hash: await hashClientPassword(clientHash(DEMO_PASSWORD)),
      role_id: options.roleId ?? 3,
      company_id: null,
      platform_mark: 1,
      display_name: username,
      is_change: 0,
      status: 1,
      parent_user_id: null,
      create_time: chinaTime(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const userId = Number(row.id);
  await t.db
    .insertInto('user_authorities')
    .values(['ADM_HOME', ...codes].map((authority) => ({ user_id: userId, authority })))
    .execute();
  for (const departmentId of options.deptIds ?? []) {
    await t.db.insertInto('user_departments').values({ user_id: userId, department_id: departmentId }).execute();
  }
  return authed(t.app, await tokenOf(t.app, username));
}

export async function clientOf(app: FastifyInstance, username: string, platformMark: 1 | 3 = 1) {
  return authed(app, await tokenOf(app, username, platformMark === 3 ? 3 : 1), platformMark);
}
