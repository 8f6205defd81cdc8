import { invoiceFiguresFor } from '../../../src/domain/invoiceFormulas';
import { BATCH, BATCH_INVOICE, INVOICE, INVOICE_KIND_PAPER } from '../../../src/domain/moneyEnums';
import { downloadUrl } from '../../files/downloadUrls';
import { samplePdf, sampleStoredName } from '../../invoices/services/sampleDocuments';
import type { Db } from '../database';
import { chinaTime, parseChinaTime } from '../time';

/**
 * Demo invoicing: categories of both editions, tax payment certificates for the demo merchants' companies,
 * and, over batches the payout seed left eligible, a few applications in each status. Every document is a small
 * PDF the server writes on start (invoices/services/sampleDocuments.ts). Run after the payout seed.
 */
const DAY = 86_400_000;

const CATEGORIES: readonly { name: string; taxCode: string; mark: 1 | 3; status: number }[] = [
  { name: '现代服务*人力资源服务', taxCode: '3040801000000000000', mark: 1, status: 1 },
  { name: '现代服务*企业管理服务', taxCode: '3040802000000000000', mark: 1, status: 1 },
  { name: '现代服务*劳务派遣服务', taxCode: '3040803000000000000', mark: 1, status: 1 },
  { name: '现代服务*信息技术服务', taxCode: '3040201000000000000', mark: 1, status: 0 },
  { name: '现代服务*人力资源服务', taxCode: '3040801000000000000', mark: 3, status: 1 },
  { name: '现代服务*企业管理服务', taxCode: '3040802000000000000', mark: 3, status: 1 },
  { name: '生活服务*其他生活服务', taxCode: '3070499000000000000', mark: 3, status: 1 },
];

async function userId(db: Db, username: string): Promise<number> {
  const row = await db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow();
  return Number(row.id);
}

/** The upload row of a sample document, with the purpose of the record that holds it (migration 130). */
type SampleUpload = (
  name: string,
  ownerUserId: number,
  time: string,
  purpose: 'tax_certificate' | 'invoice_file',
) => Promise<string>;

/** Uploads rows for sample PDFs, one file each (so each record has its own download URL). */
function sampleUploads(db: Db): SampleUpload {
  let sequence = 0;
  return async (name, ownerUserId, time, purpose) => {
    sequence += 1;
    const row = await db
      .insertInto('uploads')
      .values({
        stored_name: sampleStoredName(sequence),
        original_name: name,
        mime: 'application/pdf',
        size: samplePdf().length,
        owner_user_id: ownerUserId,
        owner_company_id: null,
        create_time: time,
        purpose,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return downloadUrl(Number(row.id), name);
  };
}

async function seedCategories(db: Db, now: number): Promise<void> {
  await db
    .insertInto('invoice_categories')
    .values(
      CATEGORIES.map((category, index) => ({
        name: category.name,
        tax_code: category.taxCode,
        platform_mark: category.mark,
        status: category.status,
        remark: category.status === 0 ? '暂停使用' : null,
        create_time: chinaTime(now - (300 - index) * DAY),
      })),
    )
    .execute();
}

/** The last three months before `now`, as YYYY-MM. */
function recentPeriods(now: number): string[] {
  const today = new Date(parseChinaTime(chinaTime(now)));
  return [1, 2, 3].map((back) => {
    const month = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - back, 1));
    return `${month.getUTCFullYear()}-${String(month.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

async function seedCertificates(db: Db, sampleUpload: SampleUpload, uploaderId: number, now: number) {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'platform_mark'])
    .where('id', 'in', [1, 2, 3])
    .orderBy('id')
    .execute();
  for (const company of companies) {
    for (const [index, period] of recentPeriods(now).entries()) {
      const time = chinaTime(now - (index * 30 + 10) * DAY);
      const name = `${period}完税证明.pdf`;
      await db
        .insertInto('tax_certificates')
        .values({
          company_id: Number(company.id),
          platform_mark: Number(company.platform_mark),
          period,
          file_url: await sampleUpload(name, uploaderId, time, 'tax_certificate'),
          file_name: name,
          remark: index === 0 ? '个人所得税代扣代缴' : null,
          uploader_id: uploaderId,
          create_time: time,
        })
        .execute();
    }
  }
}

/** 0: mailed paper invoice, 1: issued electronic, 2: still applied for, 3: rejected (its batch released). */
const STEPS = [
  { status: INVOICE.mailed, kind: INVOICE_KIND_PAPER },
  { status: INVOICE.issued, kind: 2 },
  { status: INVOICE.applied, kind: 2 },
  { status: INVOICE.rejected, kind: INVOICE_KIND_PAPER },
] as const;

async function seedApplications(db: Db, sampleUpload: SampleUpload, handlerId: number, now: number) {
  const companies = await db
    .selectFrom('companies')
    .select(['id', 'name', 'platform_mark', 'credit_code', 'city'])
    .where('id', 'in', [1, 2])
    .orderBy('id')
    .execute();
  let sequence = 0;
  for (const company of companies) {
    const companyId = Number(company.id);
    const mark = Number(company.platform_mark);
    const batches = await db
      .selectFrom('payout_batches')
      .select(['id', 'batch_no', 'success_amount', 'success_charge', 'create_time', 'finish_time'])
      .where('company_id', '=', companyId)
      .where('platform_mark', '=', mark)
      .where('invoice_status', '=', BATCH_INVOICE.none)
      .where('status', 'in', [BATCH.completed, BATCH.partlyFailed])
      .where('success_amount', '>', 0)
      .orderBy('create_time')
      .orderBy('id')
      .limit(STEPS.length)
      .execute();
    const category = await db
      .selectFrom('invoice_categories')
      .select('id')
      .where('platform_mark', '=', mark)
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    const applicant = await db
      .selectFrom('users')
      .select('id')
      .where('company_id', '=', companyId)
      .orderBy('id')
      .executeTakeFirst();
    if (!category || !applicant) continue;
    for (const [index, batch] of batches.entries()) {
      sequence += 1;
      const step = STEPS[index];
      const amount = Number(batch.success_amount);
      const charge = Number(batch.success_charge);
      const figures = invoiceFiguresFor(mark, amount + charge, amount);
      const applied = Math.min(now - DAY, parseChinaTime(batch.finish_time ?? batch.create_time) + 3_600_000);
      const issued = step.status === INVOICE.issued || step.status === INVOICE.mailed;
      const invoiceNumber = issued ? `2${String(44_000_000 + sequence * 137).padStart(9, '0')}` : null;
      const paper = step.kind === INVOICE_KIND_PAPER;
      const inserted = await db
        .insertInto('invoices')
        .values({
          apply_no: `FP${chinaTime(applied).replace(/\D/g, '')}${String(sequence).padStart(6, '0')}`,
          company_id: companyId,
          platform_mark: mark,
          kind: step.kind,
          category_id: Number(category.id),
          title: company.name.slice(0, 36),
          tax_number: company.credit_code,
          bank_name: '招商银行股份有限公司',
          bank_account: `6214${String(companyId).padStart(4, '0')}00001234`,
          address: `${company.city ?? '上海'}市示范路${companyId}号`,
          phone: '021-55556666',
          batch_count: 1,
          total: figures.total,
          deduction: figures.deduction,
          tax: figures.tax,
          net: figures.net,
          rate_percent: figures.ratePercent,
          status: step.status,
          invoice_number: invoiceNumber,
          invoice_file_url: issued
            ? await sampleUpload(`发票${invoiceNumber}.pdf`, handlerId, chinaTime(applied + DAY / 2), 'invoice_file')
            : null,
          invoice_file_name: issued ? `发票${invoiceNumber}.pdf` : null,
          tracking_no: step.status === INVOICE.mailed ? `SF${String(1_300_000_000 + sequence)}` : null,
          reject_reason: step.status === INVOICE.rejected ? '开票类目与实际业务不符，请重新申请' : null,
          recipient: paper ? '王小明' : null,
          recipient_phone: paper ? '02155556666' : null,
          mail_address: paper ? `${company.city ?? '上海'}市示范路${companyId}号财务部` : null,
          remark: null,
          applicant_id: Number(applicant.id),
          handler_id: step.status === INVOICE.applied ? null : handlerId,
          create_time: chinaTime(applied),
          issue_time: issued ? chinaTime(applied + DAY / 2) : null,
          mail_time: step.status === INVOICE.mailed ? chinaTime(applied + DAY * 0.75) : null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const invoiceId = Number(inserted.id);
      await db
        .insertInto('invoice_batches')
        .values({ invoice_id: invoiceId, batch_id: Number(batch.id), success_amount: amount, success_charge: charge })
        .execute();
      if (step.status !== INVOICE.rejected) {
        await db
          .updateTable('payout_batches')
          .set({ invoice_status: issued ? BATCH_INVOICE.issued : BATCH_INVOICE.applied, invoice_id: invoiceId })
          .where('id', '=', Number(batch.id))
          .execute();
      }
    }
  }
}

export async function seedInvoices(db: Db, now = Date.now()): Promise<void> {
  const sampleUpload = sampleUploads(db);
  await seedCategories(db, now);
  await seedCertificates(db, sampleUpload, await userId(db, 'admin'), now);
  await seedApplications(db, sampleUpload, await userId(db, 'caiwu'), now);
}
