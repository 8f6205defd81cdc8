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

/**
 * The configured e-sign provider: ESIGN_PROVIDER=dev (the default, local PDFs; its willingness check sends a
 * platform SMS code, devWillingness.ts). A real provider adds its implementation of EsignProvider here under its
 * own name.
 */
const PROVIDERS: Readonly<Record<string, EsignProvider>> = { dev: { ...devEsign, willingness: devWillingness } };

export function esignProvider(name = process.env.ESIGN_PROVIDER ?? 'dev'): EsignProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`ESIGN_PROVIDER=${name} 未实现；可用：${Object.keys(PROVIDERS).join('、')}`);
  return provider;
}
