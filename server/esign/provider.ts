/**
 * The e-sign provider (电子签章): renders an agreement to PDF, signs it for a party and hands out a signing
 * link. Contracts between a merchant and an enterprise (issue 13) and, later, a gig worker's agreements use
 * the same interface. `devEsign.ts` does the work locally and deterministically; a real provider (法大大, e签宝,
 * …) implements this interface and is chosen by ESIGN_PROVIDER in `index.ts`.
 */

/** What is rendered: a title, numbered clauses ({{field}} placeholders filled from `fields`). */
export interface DocumentTemplate {
  title: string;
  clauses: readonly string[];
}

export interface Party {
  /** 甲方, 乙方, … */
  role: string;
  name: string;
  /** 统一社会信用代码 or 身份证号, shown beside the name. */
  idNumber?: string | null;
}

export interface Signer {
  /** The party signing (its name goes on the seal). */
  name: string;
  role: string;
  /** Who clicked: the operator's display name. */
  operator: string;
  /** When, China time 'YYYY-MM-DD HH:mm:ss'; part of the signature so a signed document is reproducible. */
  time: string;
}

export interface SignedDocument {
  pdf: Uint8Array;
  /** Hex SHA-256 of `pdf`. */
  sha256: string;
  /** Hex SHA-256 of the document that was signed. */
  originalSha256: string;
}

export interface SigningLink {
  url: string;
  expiresAt: string;
}

export interface EsignProvider {
  readonly name: string;
  render(
    template: DocumentTemplate,
    parties: readonly Party[],
    fields: Readonly<Record<string, string>>,
  ): Promise<Uint8Array>;
  sign(document: Uint8Array, signer: Signer): Promise<SignedDocument>;
  /** Where the signer goes to read and sign document `documentId` (a contract id). */
  signingLink(documentId: number, signer: Pick<Signer, 'name' | 'role'>): Promise<SigningLink>;
}
