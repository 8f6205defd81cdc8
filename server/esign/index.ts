import { devEsign } from './devEsign';
import type { EsignProvider } from './provider';

export type { DocumentTemplate, EsignProvider, Party, SignedDocument, Signer, SigningLink } from './provider';

/**
 * The configured e-sign provider: ESIGN_PROVIDER=dev (the default, local PDFs). A real provider adds its
 * implementation of EsignProvider here under its own name.
 */
const PROVIDERS: Readonly<Record<string, EsignProvider>> = { dev: devEsign };

export function esignProvider(name = process.env.ESIGN_PROVIDER ?? 'dev'): EsignProvider {
  const provider = PROVIDERS[name];
  if (!provider) throw new Error(`ESIGN_PROVIDER=${name} 未实现；可用：${Object.keys(PROVIDERS).join('、')}`);
  return provider;
}
