import { BusinessError } from '../http/errors';
import { devEsign } from './devEsign';
import { devWillingness } from './devWillingness';
import type { EsignProvider } from './provider';

export type {
  DocumentTemplate,
  EsignProvider,
  LocalServices,
  Party,
  SignedDocument,
  Signer,
  SigningLink,
  WillingnessCheck,
  WillingnessProof,
} from './provider';

/** Signing with e签宝, the willingness check (意愿认证) is on e签宝's own signing page, never a platform code. */
export const MSG_WILLINGNESS_ON_ESIGN = '请通过e签宝签署页面完成意愿认证和签署';

/**
 * The configured e-sign provider: ESIGN_PROVIDER=dev (the default, local PDFs; its willingness check sends a
 * platform SMS code, devWillingness.ts) or esign (e签宝 v3: our agreement PDF, rendered locally, is signed in an
 * e签宝 sign flow — server/workers/esignFlow.routes.ts; a local code cannot stand in for its willingness check).
 */
const PROVIDERS: Readonly<Record<string, EsignProvider>> = {
  dev: { ...devEsign, willingness: devWillingness },
  esign: {
    ...devEsign,
    name: 'esign',
    willingness: () => ({
      start: () => Promise.reject(new BusinessError(MSG_WILLINGNESS_ON_ESIGN)),
      confirm: () => Promise.resolve(null),
    }),
  },
};

export function esignProvider(name = process.env.ESIGN_PROVIDER ?? 'dev'): EsignProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`ESIGN_PROVIDER=${name} 未实现；可用：${Object.keys(PROVIDERS).join('、')}`);
  return provider;
}
