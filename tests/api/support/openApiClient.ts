import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import { expect } from 'vitest';
import type { paths } from '../../../clients/open-api/schema';
import { signatureOf } from '../../../server/openapi/signature';
import { type AuthedClient, envelopeOf } from './testApp';

/**
 * The signed open API's callers in tests: a key granted through the admin's route, and the generated client
 * (clients/open-api/schema.d.ts, openapi-fetch) with a fetch that signs each request as the document says and sends
 * it into the app.
 */
// The generated 200 answer is the envelope or the refusal (a union): a test reads the envelope it asserts on.
export type Answer = { code: number; message: string; content: any };
export const body = (answer: { data?: unknown }) => answer.data as Answer | undefined;

export interface Signing {
  keyId: string;
  secret: string;
  timestamp?: string;
  nonce?: string;
  tamper?: boolean;
}

export interface Grant {
  id: number;
  keyId: string;
  signingSecret: string;
}

export async function grantKey(admin: AuthedClient, companyId: number, scopes: string[]): Promise<Grant> {
  const answer = envelopeOf(
    await admin({
      method: 'POST',
      url: '/api/v1/companies/otherplatformmark',
      payload: { companyId: String(companyId), caller: '商户系统', scopes },
    }),
  );
  expect(answer.code, answer.message).toBe(1020000);
  return answer.content as Grant;
}

let nonceSerial = 0;
export const freshNonce = () => `n${Date.now()}${String(nonceSerial++).padStart(10, '0')}`;

/** A fetch for openapi-fetch that signs the request and sends it into the app (bytes kept: a PDF stays a PDF). */
export function signingFetch(app: () => FastifyInstance, signing: () => Signing | null) {
  return async (input: Request) => {
    const url = new URL(input.url);
    const text = input.method === 'GET' ? '' : await input.text();
    const headers: Record<string, string> = Object.fromEntries(input.headers.entries());
    const s = signing();
    if (s) {
      const timestamp = s.timestamp ?? String(Math.floor(Date.now() / 1000));
      const nonce = s.nonce ?? freshNonce();
      const parts = {
        method: input.method,
        path: url.pathname,
        query: url.search.slice(1),
        timestamp,
        nonce,
        body: text,
      };
      const signature = signatureOf(s.tamper ? `${s.secret}x` : s.secret, parts);
      Object.assign(headers, {
        'x-lg-key': s.keyId,
        'x-lg-timestamp': timestamp,
        'x-lg-nonce': nonce,
        'x-lg-signature': signature,
      });
    }
    const response = await app().inject({
      method: input.method as 'GET',
      url: url.pathname + url.search,
      headers,
      payload: text || undefined,
    });
    return new Response(new Uint8Array(response.rawPayload), {
      status: response.statusCode,
      headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
    });
  };
}

export const openClient = (app: () => FastifyInstance, signing: () => Signing | null) =>
  createClient<paths>({ baseUrl: 'http://open.test', fetch: signingFetch(app, signing) as never });
