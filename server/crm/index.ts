import type { ServerConfig } from '../config';
import type { Db } from '../db/database';
import type { CrmProvider } from './crmProvider';
import { devCrm } from './devCrm';

/** The CRM that CRM_PROVIDER names; a real one is a new case here (and a value in CRM_PROVIDERS). */
export function crmProviderFor(config: Pick<ServerConfig, 'crmProvider'>, db: Db): CrmProvider {
  switch (config.crmProvider) {
    case 'dev':
      return devCrm(db);
  }
}
