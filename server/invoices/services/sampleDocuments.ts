import type { Db } from '../../db/database';
import type { FileStorage } from '../../files/storage/fileStorage';

/**
 * The demo seed's documents (tax payment certificates, issued invoices) are one small PDF each, stored under
 * names of their own with a fixed prefix. The seed only writes database rows (it does not know the data
 * storage), so the server writes the files itself when seeded rows name them and they are missing.
 */
const SAMPLE_PREFIX = 'de5e';

/** The stored name of the n-th sample document: 32 hex characters like every stored name, and .pdf. */
export function sampleStoredName(sequence: number): string {
  return `${SAMPLE_PREFIX}${sequence.toString(16).padStart(28, '0')}.pdf`;
}

/** A one-page PDF with one line of text, offsets computed so readers need no repair. */
export function samplePdf(line = 'Sample document - demo data'): Buffer {
  const escaped = line.replace(/[\\()]/g, (character) => `\\${character}`);
  const stream = `BT /F1 18 Tf 72 720 Td (${escaped}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream)} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** Writes the sample PDF for every seeded upload whose file is not in the file storage. */
export async function restoreSampleDocuments(db: Db, files: FileStorage): Promise<void> {
  const seeded = await db
    .selectFrom('uploads')
    .select('stored_name')
    // A range over the unique index rather than LIKE, so start-up never scans a large uploads table.
    .where('stored_name', '>=', sampleStoredName(0))
    .where('stored_name', '<=', `${SAMPLE_PREFIX}${'f'.repeat(28)}.pdf`)
    .execute();
  const content = samplePdf();
  // Two hosts starting together may both find one missing: the second put fails on the file the first wrote.
  for (const row of seeded) {
    if ((await files.size(row.stored_name)) === null) await files.put(row.stored_name, content).catch(() => undefined);
  }
}
