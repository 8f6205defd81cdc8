import type { Db } from '../../db/database';
import { type BusinessRegistry, devRegistry } from './companyLookup';
import type { RegistrySettings } from './registrySettings';
import { tianyanchaRegistry } from './tianyancha';

export type { BusinessRegistry, RegistryCompany } from './companyLookup';

/** The configured business registry (REGISTRY_PROVIDER): the development one by default. */
export function businessRegistry(db: Db, settings: RegistrySettings): BusinessRegistry {
  return settings.provider === 'tianyancha' ? tianyanchaRegistry(settings) : devRegistry(db);
}
