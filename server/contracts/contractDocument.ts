import { formatRate } from '../../src/domain/rates';
import { companyForSigning } from '../companies/companySigning';
import type { Db } from '../db/database';
import { AGREEMENT_TEXT } from '../enterprises/agreementText';
import { levelRates } from '../enterprises/enterprises.service';
import type { DocumentTemplate, EsignProvider } from '../esign';
import { saveGeneratedFile } from '../files/generatedFiles';
import type { FileStorage } from '../files/storage/fileStorage';

/**
 * A contract's document, made when first asked for: contracts drawn up before documents were kept
 * (the demo data, imports) have none, so nothing could be downloaded or signed. The first request renders it
 * through the e-sign provider from the contract's own record — signed ones are then sealed with the company's
 * name at the recorded sign time — stores it (generatedFiles) and sets `file_id`, so every later request reuses
 * the same file. A paper-signed contract's document is its scan; that is never made up.
 */

/** Contracts of no agreement kind (其他合同), or of a type added as data without a text of its own. */
export const GENERAL_AGREEMENT: DocumentTemplate = {
  title: '{{templateName}}',
  clauses: [
    '甲方{{companyName}}与乙方{{enterpriseName}}就平台合作事宜达成本协议，双方按平台规则开展合作。',
    '本协议有效期自{{startDate}}起至{{endDate}}止。',
    '本协议以电子签章方式签署，与纸质协议具有同等法律效力。',
  ],
};

export interface ContractDocumentServices {
  db: Db;
  files: FileStorage;
  esign: Pick<EsignProvider, 'render' | 'sign'>;
}

/**
 * The id of contract `id`'s document (made now, owned by `ownerUserId`, if it has none), or null for a paper
 * contract without a scan. The caller has checked that the contract is within its scope.
 */
export async function contractDocumentId(
  { db, files, esign }: ContractDocumentServices,
  id: number,
  ownerUserId: number,
): Promise<number | null> {
  const row = await db
    .selectFrom('contracts')
    .leftJoin('enterprises', 'enterprises.id', 'contracts.enterprise_id')
    .select([
      'contracts.company_id as companyId',
      'contracts.enterprise_id as enterpriseId',
      'contracts.nm',
      'contracts.contract_no as contractNo',
      'contracts.agreement_type as agreementType',
      'contracts.sign_status as signStatus',
      'contracts.sign_mode as signMode',
      'contracts.file_id as fileId',
      'contracts.paper_file_id as paperFileId',
      'contracts.start_date as startDate',
      'contracts.end_date as endDate',
      'contracts.sign_time as signTime',
      'contracts.create_time as createTime',
      'enterprises.name as enterpriseName',
      'enterprises.credit_code as enterpriseCreditCode',
      'enterprises.bank_name as bankName',
      'enterprises.bank_account as bankAccount',
    ])
    .where('contracts.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.signMode === 2) return row.paperFileId === null ? null : Number(row.paperFileId);
  if (row.fileId !== null) return Number(row.fileId);

  const company = await companyForSigning(db, Number(row.companyId));
  const companyName = company?.name ?? '';
  const enterpriseName = row.enterpriseName ?? '平台服务主体';
  const rates = row.enterpriseId === null ? [] : await levelRates(db, Number(row.enterpriseId), 1);
  const draft = await esign.render(
    AGREEMENT_TEXT[Number(row.agreementType)] ?? GENERAL_AGREEMENT,
    [
      { role: '甲方', name: companyName, idNumber: company?.creditCode },
      { role: '乙方', name: enterpriseName, idNumber: row.enterpriseCreditCode },
    ],
    {
      templateName: row.nm,
      companyName,
      enterpriseName,
      rateText: rates[0] ? formatRate(rates[0].rate) : '',
      bankName: row.bankName ?? '',
      bankAccount: row.bankAccount ?? '',
      startDate: row.startDate,
      endDate: row.endDate,
      contractNo: row.contractNo,
      createTime: row.createTime,
    },
  );
  const signed =
    row.signStatus === 1
      ? await esign.sign(draft, {
          name: companyName,
          role: '甲方',
          operator: companyName,
          time: row.signTime ?? row.createTime,
        })
      : null;
  const fileId = await saveGeneratedFile(db, files, {
    content: signed?.pdf ?? draft,
    name: `${row.nm}${signed ? '-已签署' : ''}.pdf`,
    mime: 'application/pdf',
    ownerUserId,
    ownerCompanyId: Number(row.companyId),
  });
  // Two first requests at once: the first to set file_id wins and both answer its file.
  await db
    .updateTable('contracts')
    .set({ file_id: fileId, file_sha256: signed?.sha256 ?? null, sign_mode: signed ? 1 : row.signMode })
    .where('id', '=', id)
    .where('file_id', 'is', null)
    .execute();
  const stored = await db.selectFrom('contracts').select('file_id').where('id', '=', id).executeTakeFirstOrThrow();
  return stored.file_id === null ? null : Number(stored.file_id);
}
