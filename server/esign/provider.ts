import type { SmsSender } from '../accounts/sms/smsSender';
import type { Db } from '../db/database';

/**
 * The e-sign provider (电子签章): renders an agreement to PDF, signs it for a party, hands out a signing link,
 * and checks that the person signing is the signer (意愿认证) before a signer's signature is applied. Contracts between a merchant and an enterprise and, later, a gig worker's agreements use
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
  /** The signer's willingness proof, when a person signs for themself (recorded with the signature). */
  willingness?: WillingnessProof;
}

/** Whose willingness to check: the signer of one document, on their own mobile on record. */
export interface WillingnessRequest {
  /** The document (its number): a check made for one document is kept with it and signs nothing else. */
  documentRef: string;
  signerName: string;
  /** The signer's mobile on record, never one from the request. */
  mobile: string;
  /** Who asked (send limits). */
  ip: string;
}

/** A check under way: the provider's reference, kept with the document until the signer answers it. */
export interface WillingnessChallenge {
  ref: string;
  /** Where the code went (full; mask it to display). */
  mobile: string;
}

/** What proves the signer signed: how, on which mobile, when, and the check's reference. */
export interface WillingnessProof {
  method: 'sms';
  ref: string;
  mobile: string;
  /** China time 'YYYY-MM-DD HH:mm:ss'. */
  confirmedAt: string;
}

/**
 * The willingness check (意愿认证): `start` sends the signer a code on their own mobile; `confirm` answers the
 * proof when `code` is that check's code (single use, limited tries, expiring), else null. A real provider does
 * this with its own 意愿认证 API; the dev provider sends and checks a platform SMS code.
 */
export interface WillingnessCheck {
  start(request: WillingnessRequest): Promise<WillingnessChallenge>;
  confirm(ref: string, signer: Pick<WillingnessRequest, 'mobile'>, smsToken: string): Promise<WillingnessProof | null>;
}

/** The platform's own services a provider may use (the dev provider's check keeps its codes in the database). */
export interface LocalServices {
  db: Db;
  sms: SmsSender;
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
  willingness(local: LocalServices): WillingnessCheck;
}
