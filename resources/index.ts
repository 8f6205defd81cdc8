import { agreementTemplateSeals, agreementTemplates } from './agreementTemplates';
import { companies } from './companies';
import { adminContracts, merchantContracts } from './contracts';
import { industries } from './industries';
import { adNotice, systemNotice } from './notices';
import { activateMerchant, smallActivateMerchant } from './registrations';
import { codeQuery } from './smsCodes';
import { subsidiaries } from './subsidiaries';
import type { ResourceDeclaration } from './types';
import { systemMaintain } from './upgradeNotices';
import { versionUpdate } from './versions';

/** Every declared resource. Adding an entity adds one line here. */
export const RESOURCES: readonly ResourceDeclaration[] = [
  companies,
  merchantContracts,
  adminContracts,
  industries,
  subsidiaries,
  agreementTemplates,
  agreementTemplateSeals,
  adNotice,
  systemNotice,
  activateMerchant,
  smallActivateMerchant,
  codeQuery,
  systemMaintain,
  versionUpdate,
];
