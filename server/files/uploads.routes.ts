import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, bearerToken, loadAuthContext, requireAuth } from '../auth/access';
import { companyScope, limitsCompanies, parseId } from '../auth/scope';
import { isCompanyDocument } from '../companies/companyDocuments.repository';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { ForbiddenError, fail, UnauthenticatedError } from '../http/errors';
import { checkUploadBudget } from './decoding';
import { signDownload, verifyDownload } from './downloadTokens';
import { downloadUrl } from './downloadUrls';
import { fileInStaffScope } from './fileScope';
import { attachmentDisposition, openStoredFile, removeStoredFile, storeFile } from './fileStore';
import { downloadSchema, downloadTokenSchema, uploadSchema } from './files.schemas';
import {
  acceptUpload,
  cleanFileName,
  extensionOf,
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  type UploadKind,
} from './fileTypes';
import {
  findUpload,
  insertUpload,
  isOnPublishedHelpArticle,
  isOnPublishedNotice,
  type UploadRecord,
} from './uploads.repository';

/**
 * Uploads and downloads (spec §7, DESIGN §4):
 * - POST /api/v1/common/uploadfiles              multipart: `file`, optional `kind` image (default) | annex;
 *                                                answers { id, url: '/api-v1/dl?file=<id>&rn=<name>', name };
 * - GET  /api/v1/common/downloadtoken?file=<id>  a 5-minute signed download URL (links and <img> cannot send
 *                                                the Authorization header);
 * - GET  /api-v1/dl?file=<id>&rn=<name>[&t=…]    the file itself, with a bearer token or a signed `t`.
 *
 * Who may download: the uploader, the admin and staff without department scope (finance), department-scoped
 * staff for files of records in their company scope, a partner's own companies only (fileScope.ts), the merchants of a company for the files
 * finance gave it (issued invoices, tax payment certificates), and, for the image or attachment of a
 * published notice, every user of that notice's edition; an image of a published help article, every merchant.
 * Anyone else gets 403.
 */

/** Multipart is parsed only by the upload route: other routes keep answering 415 to multipart bodies. */
async function uploadRoute(app: FastifyInstance, { db, files }: AppServices): Promise<void> {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024 },
  });

  app.post('/api/v1/common/uploadfiles', { schema: uploadSchema }, async (request) => {
    const auth = requireAuth(request);
    if (!request.isMultipart()) fail('请选择要上传的文件');
    const query = request.query as Record<string, string | undefined>;
    let kindValue: unknown = query.kind;
    let file: { name: string; content: Buffer; truncated: boolean } | null = null;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // Only the field named `file` counts; anything else is read (the request must be consumed) and dropped.
        if (part.fieldname === 'file') file = { name: part.filename, content, truncated: part.file.truncated };
      } else if (part.fieldname === 'kind') {
        kindValue = part.value;
      }
    }
    const kind = kindOf(kindValue);
    if (!file) fail('请选择要上传的文件');
    const originalName = cleanFileName(file.name);
    const accepted = file.truncated ? null : acceptUpload(kind, originalName, file.content);
    if (!accepted) fail(UPLOAD_MESSAGES[kind]);
    // What a decoder would later make of it (pixels, pages, inflated size) is within budget, or it is not stored.
    await checkUploadBudget(accepted.mime, file.content, `user:${auth.userId}`);

    const storedName = await storeFile(files, file.content, accepted.extension);
    try {
      const id = await insertUpload(db, {
        storedName,
        originalName,
        mime: accepted.mime,
        size: file.content.length,
        ownerUserId: auth.userId,
        ownerCompanyId: auth.companyId,
        createTime: chinaTime(),
      });
      return ok({ id, url: downloadUrl(id, originalName), name: originalName }, '上传成功');
    } catch (error) {
      await removeStoredFile(files, storedName);
      throw error;
    }
  });
}

type Query = Record<string, string | undefined>;

function kindOf(value: unknown): UploadKind {
  if (value === undefined || value === null || value === '') return 'image';
  if (value === 'image' || value === 'annex') return value;
  fail('kind 只能是 image 或 annex');
}

/** Whether this user may download the file (see the module comment). */
export async function mayDownload(db: Db, auth: AuthContext, upload: UploadRecord): Promise<boolean> {
  if (upload.ownerUserId === auth.userId) return true;
  if (auth.roleId !== ROLE.merchant) {
    // Staff whose role's data scope holds fewer than every company reach files of records in it (their own check).
    if (auth.roleId === ROLE.admin || !limitsCompanies(companyScope(auth))) return true;
    return fileInStaffScope(db, upload.id, auth);
  }
  if (await isCompanyDocument(db, upload, auth.companyId)) return true;
  if (await isOnPublishedHelpArticle(db, upload.id)) return true;
  return isOnPublishedNotice(db, upload.id, auth.platformMark);
}

async function uploadOrFail(db: Db, rawId: unknown): Promise<UploadRecord> {
  const upload = await findUpload(db, parseId(rawId, '文件编号'));
  if (!upload) fail('文件不存在');
  return upload;
}

/** The download's name: `rn` when it keeps the stored file's extension (a renamed attachment), else the original. */
function downloadName(upload: UploadRecord, rn: string | undefined): string {
  if (!rn) return upload.originalName;
  const name = cleanFileName(rn);
  return extensionOf(name) === extensionOf(upload.originalName) ? name : upload.originalName;
}

export async function uploadsRoutes(app: FastifyInstance, services: AppServices): Promise<void> {
  const { db, config, tokens, files } = services;
  await app.register(async (scope) => uploadRoute(scope, services));

  app.get('/api/v1/common/downloadtoken', { schema: downloadTokenSchema }, async (request) => {
    const auth = requireAuth(request);
    const upload = await uploadOrFail(db, (request.query as Record<string, unknown>).file);
    if (!(await mayDownload(db, auth, upload))) throw new ForbiddenError('无权下载该文件');
    const { t, expires } = signDownload(config.jwtSecret, upload.id);
    return ok({
      url: `${downloadUrl(upload.id, upload.originalName)}&t=${encodeURIComponent(t)}`,
      t,
      expireTime: chinaTime(expires * 1000),
    });
  });

  /**
   * Public for the access hook: this route checks a signed `t` or the bearer token itself, before it looks
   * the file up, so a caller without access cannot even learn which ids exist.
   */
  const allowedUpload = async (request: FastifyRequest): Promise<UploadRecord> => {
    const query = request.query as Record<string, unknown>;
    const id = parseId(query.file, '文件编号');
    if (typeof query.t === 'string' && query.t !== '') {
      if (!verifyDownload(config.jwtSecret, id, query.t)) throw new ForbiddenError('下载链接已失效，请重新下载');
      return uploadOrFail(db, id);
    }
    const token = bearerToken(request);
    const claims = token ? tokens.verify(token) : null;
    if (!claims) throw new UnauthenticatedError('登录已失效，请重新登录');
    const auth = await loadAuthContext(db, claims);
    if (!auth) throw new UnauthenticatedError('登录已失效，请重新登录');
    const upload = await uploadOrFail(db, id);
    if (!(await mayDownload(db, auth, upload))) throw new ForbiddenError('无权下载该文件');
    return upload;
  };

  app.get('/api-v1/dl', { config: { access: { public: true } }, schema: downloadSchema }, async (request, reply) => {
    const upload = await allowedUpload(request);
    const stream = await openStoredFile(files, upload.storedName);
    if (!stream) fail('文件不存在');
    return reply
      .header('content-type', upload.mime)
      .header('content-length', String(upload.size))
      .header('content-disposition', attachmentDisposition(downloadName(upload, (request.query as Query).rn)))
      .header('cache-control', 'private, no-store')
      .send(stream);
  });
}
