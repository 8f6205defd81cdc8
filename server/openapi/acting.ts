import type { FastifyRequest } from 'fastify';
import { OPEN_MSG } from '../../src/domain/openApiRules';
import type { AuthContext } from '../auth/access';
import { fail } from '../http/errors';
import type { OpenCaller } from './openApiGuard';

/** What every /open/v1 route shares: its options (public to the session check, its scope) and who it acts as. */
export const ROUTE = (scope: 'read' | 'workers' | 'pay' | 'invoices') => ({
  config: { access: { public: true }, openScope: scope },
});

export type Acting = AuthContext & { companyId: number };

/** The key's caller and the merchant's main account it acts as, in the key's company and edition. */
export function actingOf(request: FastifyRequest): { caller: OpenCaller; auth: Acting } {
  const caller = request.openCaller;
  if (!caller) throw new Error('open API route reached without its guard');
  if (!request.auth) fail(OPEN_MSG.noMainAccount);
  return { caller, auth: { ...request.auth, companyId: caller.companyId, platformMark: caller.platformMark } };
}

export const idOf = (request: FastifyRequest) => Number((request.params as { id: string }).id);
