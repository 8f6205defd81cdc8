import type { AuthContext } from '../auth/access';
import type { Db } from '../db/database';
import { fail } from '../http/errors';
import { downloadUrl, fileIdOfUrl } from './downloadUrls';
import { findUpload, type UploadRecord } from './uploads.repository';

/**
 * Files are owned references (DESIGN §4). A request body or query names a file by the URL the upload
 * answered ('/api-v1/dl?file=<id>&rn=<name>') or by its id; every route that stores such a reference in a record
 * goes through attachFile, and nothing else in server/ parses a file reference out of a request
 * (tests/unit/fileReferenceCallers.test.ts holds that).
 *
 * attachFile accepts a file only when
 * - the record already holds that very file (an edit that keeps it: `current`), or
 * - the caller uploaded it, it fits the purpose (image / document types) and it is not taken for another purpose.
 * A file the caller may merely read (another company's certificate, a colleague's upload, a signed agreement) is
 * never accepted: reading it is scoped by the record that holds it, and re-attaching it elsewhere would widen that
 * scope. The first record that takes a file claims its purpose (uploads.purpose, migration 130), atomically; a file
 * of one purpose is refused for every other. Since a file is only ever held by records of its own uploader, the
 * read scope of a file stays the scope of the records holding it (fileScope.ts).
 */
export const FILE_PURPOSES = {
  contract_paper: { types: 'document' },
  notice: { types: 'any' },
  help_image: { types: 'image' },
  invoice_file: { types: 'document' },
  tax_certificate: { types: 'document' },
  recharge_voucher: { types: 'image' },
  feedback_image: { types: 'image' },
  agreement_template: { types: 'any' },
  /** A registrant's licence or student card: the upload key (registrations.routes.ts) proves the registrant. */
  registration: { types: 'image' },
} as const;
export type FilePurpose = keyof typeof FILE_PURPOSES;

/** The purpose of the server's own files (signed agreements, saveGeneratedFile): never attachable. */
export const GENERATED_PURPOSE = 'generated';

export const FILE_REFUSED = '文件不存在或无权使用该文件';

const DOCUMENT_MIMES: ReadonlySet<string> = new Set(['application/pdf', 'image/jpeg', 'image/png']);

export interface AttachedFile {
  upload: UploadRecord;
  /** The canonical reference the record keeps. */
  url: string;
}

export interface AttachOptions {
  purpose: FilePurpose;
  /** The reference the record holds now (URL or id): naming that same file again needs no other right. */
  current?: string | number | null;
  /** The refusal (default FILE_REFUSED): a route may keep the field's own wording. */
  message?: string;
  /** The refusal of the caller's own upload of a type the purpose does not take (default `message`). */
  formatMessage?: string;
}

/** The file id a body value names: a download URL this server issued, or a positive integer id. */
export function fileIdOfReference(ref: unknown): number | null {
  if (typeof ref === 'number') return Number.isSafeInteger(ref) && ref > 0 ? ref : null;
  if (typeof ref !== 'string') return null;
  const value = ref.trim();
  if (/^\d{1,15}$/.test(value)) return Number(value) > 0 ? Number(value) : null;
  return fileIdOfUrl(value);
}

function fitsPurpose(upload: UploadRecord, purpose: FilePurpose): boolean {
  const { types } = FILE_PURPOSES[purpose];
  if (types === 'image') return upload.mime.startsWith('image/');
  if (types === 'document') return DOCUMENT_MIMES.has(upload.mime);
  return true;
}

/**
 * The file `ref` names, if the caller may attach it for `purpose` (see the module comment); otherwise a 1040400
 * with `message`. Run it in the transaction that writes the record when there is one.
 */
export async function attachFile(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  ref: unknown,
  options: AttachOptions,
): Promise<AttachedFile> {
  const attached = await checkedFile(db, auth, ref, options);
  if (attached === 'format') fail(options.formatMessage ?? options.message ?? FILE_REFUSED);
  if (!attached) fail(options.message ?? FILE_REFUSED);
  return attached;
}

/** attachFile's answer without the refusal: null when the file may not be attached (for forms collecting errors). */
export async function attachableFile(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  ref: unknown,
  options: AttachOptions,
): Promise<AttachedFile | null> {
  const attached = await checkedFile(db, auth, ref, options);
  return attached === 'format' ? null : attached;
}

async function checkedFile(
  db: Db,
  auth: Pick<AuthContext, 'userId'>,
  ref: unknown,
  { purpose, current }: AttachOptions,
): Promise<AttachedFile | 'format' | null> {
  const id = fileIdOfReference(ref);
  if (id === null) return null;
  const upload = await findUpload(db, id);
  if (!upload) return null;
  const answer = { upload, url: downloadUrl(upload.id, upload.originalName) };
  const currentId = current === undefined || current === null ? null : fileIdOfReference(current);
  if (currentId === id) return answer;
  if (upload.ownerUserId !== auth.userId) return null;
  if (!fitsPurpose(upload, purpose)) return 'format';
  if (upload.purpose === purpose) return answer;
  if (upload.purpose !== null) return null;
  const claimed = await db
    .updateTable('uploads')
    .set({ purpose })
    .where('id', '=', id)
    .where('purpose', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) > 0) return answer;
  // Claimed meanwhile by another request: fine when for the same purpose.
  return (await findUpload(db, id))?.purpose === purpose ? answer : null;
}
