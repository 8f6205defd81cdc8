import type { FastifyInstance, FastifyRequest } from 'fastify';
import { adTaxPaymentCertificate, TAX_CERTIFICATE_RESOURCES } from '../../resources/taxCertificates';
import { filterKeys, sortFields } from '../../resources/types';
import { ROLE } from '../../src/domain/roles';
import type { AppServices } from '../appServices';
import { type AuthContext, holdsAny, requireAuth } from '../auth/access';
import { assertCompanyVisible, companyScope, parseId } from '../auth/scope';
import { findCompany } from '../companies/companies.repository';
import type { Db } from '../db/database';
import { chinaTime } from '../db/time';
import { ok } from '../http/envelope';
import { ForbiddenError, fail } from '../http/errors';
import { filterReader } from '../http/filterValues';
import { pageOf, parseListQuery } from '../http/listQuery';
import { checkedReference } from '../references/references.service';
import {
  certificateCreateSchema,
  certificateDeleteSchema,
  certificateSchema,
  certificateSearchSchema,
} from './invoices.schemas';
import { type CertificateRequest, certificateOf, isPeriod } from './services/certificateRequest';
import { restoreSampleDocuments } from './services/sampleDocuments';
import { DOCUMENT_NAME_MAX, uploadedDocument } from './services/uploadedDocument';
import {
  type CertificateRecord,
  companiesNamed,
  deleteCertificate,
  findCertificate,
  insertCertificate,
  searchCertificates,
} from './taxCertificates.repository';

/**
 * Tax payment certificates (resources/taxCertificates.ts):
 * - GET    /api/v1/taxcertificates/search?q=coname:…;period:…  a merchant (MER_HOME) its own company's, finance
 *   (UI_PAYMENT_PROVE) every company in its department scope;
 * - GET    /api/v1/taxcertificates/:id                         one certificate, same visibility;
 * - POST   /api/v1/taxcertificates  { coid | coname, period, fileUrl, fileName?, remark? }   finance uploads;
 * - DELETE /api/v1/taxcertificates/:id                         finance deletes.
 * The file itself is downloaded through /api-v1/dl, which lets a company's merchants have their own.
 */

const LIST_SPEC = {
  filterKeys: [...new Set(TAX_CERTIFICATE_RESOURCES.flatMap(filterKeys))],
  sortFields: [...new Set(TAX_CERTIFICATE_RESOURCES.flatMap(sortFields))],
  defaultSort: { field: 'createTime', order: 'desc' as const },
};
const STAFF_CODES = adTaxPaymentCertificate.permissions.list;

/** Merchants see their own company; anyone else needs the finance code (role 1 passes). */
function assertReader(auth: AuthContext): void {
  if (auth.roleId !== ROLE.merchant && !holdsAny(auth, STAFF_CODES)) throw new ForbiddenError('无权限访问此页面！');
}

async function certificateOrFail(db: Db, id: number): Promise<CertificateRecord> {
  const certificate = await findCertificate(db, id);
  if (!certificate) fail('完税证明不存在');
  return certificate;
}

/** The company a new certificate is for: by id, or by exact name when no id is given. */
async function companyOf(db: Db, request: CertificateRequest): Promise<{ id: number; platformMark: number }> {
  if (request.companyId !== null) {
    const company = await findCompany(db, request.companyId);
    if (!company) fail('企业不存在，请核对企业编号');
    if (request.companyName && request.companyName !== company.name) fail('企业编号与企业名称不一致');
    return { id: company.id, platformMark: company.platformMark };
  }
  const named = await companiesNamed(db, request.companyName ?? '');
  if (named.length === 0) fail('未找到该企业，请核对企业名称');
  if (named.length > 1) fail('有多家同名企业，请填写企业编号');
  return named[0];
}

export async function taxCertificatesRoutes(app: FastifyInstance, { db, files }: AppServices): Promise<void> {
  await restoreSampleDocuments(db, files);
  const readAccess = { config: { access: { permissions: [...STAFF_CODES, 'MER_HOME'] } } };
  const writeAccess = {
    config: { access: { permissions: adTaxPaymentCertificate.permissions.create ?? STAFF_CODES } },
  };

  const visible = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    assertReader(auth);
    const certificate = await certificateOrFail(db, parseId((request.params as { id: string }).id, '完税证明编号'));
    await assertCompanyVisible(db, auth, certificate.companyId);
    return { auth, certificate };
  };

  app.get('/api/v1/taxcertificates/search', { ...readAccess, schema: certificateSearchSchema }, async (request) => {
    const auth = requireAuth(request);
    assertReader(auth);
    const list = parseListQuery(request.url, request.query as Record<string, unknown>, LIST_SPEC);
    const read = filterReader(list.filters, adTaxPaymentCertificate.filters);
    const period = read.text('period');
    if (period && !isPeriod(period)) fail('所属期格式不正确，应为 YYYY-MM');
    const { rows, total } = await searchCertificates(
      db,
      { ...companyScope(auth), companyName: read.text('coname'), period },
      { sort: list.sort, offset: list.offset, limit: list.size },
    );
    return ok(pageOf(rows, total, list));
  });

  app.get('/api/v1/taxcertificates/:id', { ...readAccess, schema: certificateSchema }, async (request) =>
    ok((await visible(request)).certificate),
  );

  app.post('/api/v1/taxcertificates', { ...writeAccess, schema: certificateCreateSchema }, async (request) => {
    const auth = requireAuth(request);
    const certificate = certificateOf(request.body);
    // The form's 企业 picker: an id that names no company in the caller's scope is refused on that field.
    if (certificate.companyId !== null) {
      await checkedReference(db, auth, 'company', certificate.companyId, { field: 'coid', label: '企业' });
    }
    const company = await companyOf(db, certificate);
    await assertCompanyVisible(db, auth, company.id);
    const file = await uploadedDocument(db, auth.userId, certificate.fileUrl, 'tax_certificate', {
      invalid: '完税证明文件无效，请重新上传',
      format: '完税证明仅支持PDF、JPG、PNG格式',
    });
    const id = await insertCertificate(db, {
      companyId: company.id,
      platformMark: company.platformMark,
      period: certificate.period,
      fileUrl: file.url,
      fileName: certificate.fileName ? [...certificate.fileName].slice(0, DOCUMENT_NAME_MAX).join('') : file.name,
      remark: certificate.remark,
      uploaderId: auth.userId,
      createTime: chinaTime(),
    });
    return ok(await certificateOrFail(db, id), '上传成功');
  });

  app.delete('/api/v1/taxcertificates/:id', { ...writeAccess, schema: certificateDeleteSchema }, async (request) => {
    const { certificate } = await visible(request);
    if (!(await deleteCertificate(db, certificate.id))) fail('完税证明不存在');
    return ok(certificate, '删除成功');
  });
}
