import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/database';
import { saveGeneratedFile } from '../files/generatedFiles';
import type { FileStorage } from '../files/storage/fileStorage';
import { fail } from '../http/errors';
import { pdfPageCount } from '../pdf/pageCount';
import { sha256Hex } from './devEsign';
import type { EsignAutoSeal, EsignSignatory, EsignV3Client } from './esignV3Client';

/**
 * What every document signed in an e签宝 sign flow shares (a gig worker's agreement, a merchant's contract): our
 * PDF uploaded and the flow created with its signature field on the last page; the flow kept on the record that
 * asked for it (one flow per record); the signed file downloaded into our storage when the flow completes.
 */

/** Records that keep the e签宝 flow made for them (both have `id` and `esign_flow_id`). */
export type EsignFlowTable = 'worker_agreements' | 'contracts';

/** A place on the document's last page, in points from its bottom-left corner. */
export interface LastPagePoint {
  x: number;
  y: number;
}

/** Uploads `document` and creates its flow: `signer` signs at `at`, `autoSeal` (if any) is sealed by e签宝. */
export async function startSignFlow(
  client: Pick<EsignV3Client, 'uploadFile' | 'createFlow'>,
  input: {
    document: Uint8Array;
    fileName: string;
    title: string;
    signer: EsignSignatory;
    at: LastPagePoint;
    autoSeal?: { orgName: string; creditCode: string; at: LastPagePoint };
  },
): Promise<string> {
  const page = await pdfPageCount(input.document);
  const fileId = await client.uploadFile(input.document, input.fileName);
  const autoSeal: EsignAutoSeal | undefined = input.autoSeal && {
    orgName: input.autoSeal.orgName,
    creditCode: input.autoSeal.creditCode,
    position: { page, ...input.autoSeal.at },
  };
  return client.createFlow({
    title: input.title,
    fileId,
    fileName: input.fileName,
    signer: input.signer,
    position: { page, ...input.at },
    ...(autoSeal ? { autoSeal } : {}),
  });
}

/**
 * The record's flow: the one it keeps, else one made now by `create` and kept (`created`). Two presses at once
 * make one flow that counts: the second keeps the first one's. `extra` is stored with a new flow (contracts: who
 * started it).
 */
export async function flowOfRecord(
  db: Db,
  record: { table: EsignFlowTable; id: number },
  create: () => Promise<string>,
  extra: { esign_user_id?: number } = {},
): Promise<{ flowId: string; created: boolean }> {
  // Both tables have the two columns; Kysely cannot type an update over a union of tables.
  const table = record.table as 'contracts';
  const kept = async () =>
    (await db.selectFrom(table).select('esign_flow_id').where('id', '=', record.id).executeTakeFirstOrThrow())
      .esign_flow_id;
  const current = await kept();
  if (current) return { flowId: current, created: false };
  const created = await create();
  await db
    .updateTable(table)
    .set({ esign_flow_id: created, ...extra })
    .where('id', '=', record.id)
    .where('esign_flow_id', 'is', null)
    .execute();
  const flowId = (await kept()) ?? created;
  return { flowId, created: flowId === created };
}

/** The completed flow's signed PDF, stored as a generated file of the company. */
export async function storeSignedFile(
  { db, files }: { db: Db; files: FileStorage },
  client: Pick<EsignV3Client, 'signedFiles'>,
  flowId: string,
  file: { name: string; ownerCompanyId: number },
): Promise<{ fileId: number; sha256: string }> {
  const [signed] = await client.signedFiles(flowId);
  if (!signed) fail('e签宝未返回签署文件');
  const fileId = await saveGeneratedFile(db, files, {
    content: signed.content,
    name: file.name,
    mime: 'application/pdf',
    ownerUserId: 0,
    ownerCompanyId: file.ownerCompanyId,
  });
  return { fileId, sha256: sha256Hex(signed.content) };
}

/**
 * One kind of record signed in e签宝 flows, as the callback sees it: `complete` answers false when no record of
 * its kind keeps the flow, else finishes the record's signing (nothing when it is signed already) and answers true.
 */
export interface EsignFlowOwner {
  complete(flowId: string, request: FastifyRequest): Promise<boolean>;
}
