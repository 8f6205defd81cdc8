import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import { withCallLog } from '../thirdparty/outboundCalls';
import { type IdentityVerifier, identityVerifier } from './identity';
import { cachedVerifier } from './identityCache';

/**
 * The identity check of the app (IDENTITY_PROVIDER). A real provider is a call out, each one logged (server/thirdparty)
 * with the person's numbers masked, and asked once per set of factors (identityCache.ts): a cached verdict is
 * neither paid nor logged again. The dev provider checks locally and calls nobody.
 */
export function identityCheckOf(db: Db, config: ServerConfig): IdentityVerifier {
  const verifier = identityVerifier(config.identity);
  if (verifier.name === 'dev') return verifier;
  return cachedVerifier(
    db,
    config.idKey,
    withCallLog(db, verifier, { service: 'identity', provider: verifier.name, enterpriseId: null }, ['verify']),
  );
}
