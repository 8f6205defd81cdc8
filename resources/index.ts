import { agreementTemplateSeals, agreementTemplates } from './agreementTemplates';
import { companies } from './companies';
import { adminContracts, merchantContracts } from './contracts';
import { industries } from './industries';
import { adNotice, systemNotice } from './notices';
import { subsidiaries } from './subsidiaries';
import type { ResourceDeclaration } from './types';

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
];
