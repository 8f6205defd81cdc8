import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { bearerToken, holdsAny, loadAuthContext } from '../../auth/access';
import type { TokenService } from '../../auth/tokens';
import type { Db } from '../../db/database';
import { ForbiddenError, UnauthenticatedError } from '../errors';

/**
 * Who may read the API document: a logged-in holder of UI_SYSTEM_TOOL (系统工具), or anyone when API_DOCS_PUBLIC=1.
 * The web app keeps its token in the tab's sessionStorage and sends it as a Bearer header; a page opened from an
 * address carries no header. So the reader page (/api/docs, static files without data) is public, and it fetches
 * the document either with the Bearer token of the session in that tab or with a short-lived ticket in its address
 * (`/api/docs/?ticket=…`), which GET /api/docs/link gives a holder of the code: 10 minutes, signed with the token
 * key, good for the document only, never for an API call.
 */
export const DOCS_CODES = ['UI_SYSTEM_TOOL'] as const;
export const TICKET_SECONDS = 600;

function signature(secret: string, expires: number): Buffer {
  return createHmac('sha256', secret).update(`api-docs:${expires}`).digest();
}

export function issueTicket(secret: string, now = Date.now()): { ticket: string; expires: number } {
  const expires = Math.floor(now / 1000) + TICKET_SECONDS;
  return { ticket: `${expires}.${signature(secret, expires).toString('base64url')}`, expires };
}

export function ticketIsValid(secret: string, ticket: unknown, now = Date.now()): boolean {
  if (typeof ticket !== 'string') return false;
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return false;
  const expires = Number(match[1]);
  if (expires * 1000 < now) return false;
  const given = Buffer.from(match[2], 'base64url');
  const expected = signature(secret, expires);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface DocsAccess {
  isPublic: boolean;
  secret: string;
  db: Db;
  tokens: TokenService;
}

/** Resolves when the request may read the document; otherwise rejects with 401 or 403 (the envelope's answers). */
export async function checkDocsAccess(request: FastifyRequest, access: DocsAccess): Promise<void> {
  if (access.isPublic) return;
  const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
  if (ticket !== undefined) {
    if (ticketIsValid(access.secret, ticket)) return;
    throw new UnauthenticatedError('文档链接已失效，请在系统工具中重新打开接口文档');
  }
  const token = bearerToken(request);
  const claims = token ? access.tokens.verify(token) : null;
  const auth = claims ? await loadAuthContext(access.db, claims) : null;
  if (!auth) throw new UnauthenticatedError('请先登录');
  if (!holdsAny(auth, DOCS_CODES)) throw new ForbiddenError('无权限访问此页面！');
}
