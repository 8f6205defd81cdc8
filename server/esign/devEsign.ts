import { createHash } from 'node:crypto';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { maskMobile } from '../../src/domain/smsLog';
import { chinaTime, parseChinaTime } from '../db/time';
import { embedChineseFont } from '../pdf/chineseFont';
import type { DocumentTemplate, EsignProvider, Party, SignedDocument, Signer, WillingnessProof } from './provider';

/**
 * The development e-sign provider: real PDFs, made locally. render() lays the agreement out on A4 pages in
 * Noto Sans SC (`server/pdf/chineseFont.ts`, the glyphs the document uses); sign() adds a red seal with the
 * party's name, the operator, the time and the SHA-256 of what was signed to the last page and records the
 * same in the document's keywords. Dates inside the PDF are fixed to the signing time, so the same document
 * signed by the same signer at the same time gives the same bytes.
 */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SEAL_RED = rgb(0.82, 0.1, 0.1);

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function fixedDate(time: string): Date {
  return new Date(parseChinaTime(time));
}

/** Breaks text into lines that fit `width` at `size` (CJK text breaks anywhere). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const char of text) {
    if (font.widthOfTextAtSize(line + char, size) > width && line) {
      lines.push(line);
      line = '';
    }
    line += char;
  }
  if (line) lines.push(line);
  return lines;
}

function fill(text: string, fields: Readonly<Record<string, string>>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => fields[key] ?? '');
}

async function newDocument(time: string, texts: readonly string[]) {
  const pdf = await PDFDocument.create();
  const font = await embedChineseFont(pdf, texts);
  pdf.setProducer('灵工结算平台 电子签章');
  pdf.setCreator('灵工结算平台');
  pdf.setCreationDate(fixedDate(time));
  pdf.setModificationDate(fixedDate(time));
  return { pdf, font };
}

/** The willingness proof as one keyword (mobile masked: the signed PDF is handed out). */
function willingnessKeyword(proof: WillingnessProof): string {
  return `willingness:${proof.method} ${maskMobile(proof.mobile)} ${proof.confirmedAt} ref#${proof.ref}`;
}

/** Its willingness check is devWillingness.ts (index.ts puts them together). */
export const devEsign: Omit<EsignProvider, 'willingness'> = {
  name: 'dev',

  async render(template: DocumentTemplate, parties: readonly Party[], fields: Readonly<Record<string, string>>) {
    const time = fields.createTime ?? '2026-01-01 00:00:00';
    const title = fill(template.title, fields);
    // Every line of the body, in order: the font is cut down to their characters before anything is drawn.
    const body: { text: string; size: number; gap?: number; space?: number }[] = [];
    if (fields.contractNo) body.push({ text: `合同编号：${fields.contractNo}`, size: 10, gap: 14 });
    for (const party of parties)
      body.push({ text: `${party.role}：${party.name}${party.idNumber ? `（${party.idNumber}）` : ''}`, size: 12 });
    for (const [index, clause] of template.clauses.entries())
      body.push({ text: `${index + 1}. ${fill(clause, fields)}`, size: 11, space: index === 0 ? 8 : 0 });
    for (const [index, party] of parties.entries())
      body.push({ text: `${party.role}（盖章）：${party.name}`, size: 12, gap: 20, space: index === 0 ? 16 : 0 });
    const { pdf, font } = await newDocument(time, [title, ...body.map((item) => item.text)]);
    pdf.setTitle(title);
    const width = PAGE.width - PAGE.margin * 2;
    let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
    let y = PAGE.height - PAGE.margin;
    page.drawText(title, {
      x: (PAGE.width - font.widthOfTextAtSize(title, 20)) / 2,
      y: y - 20,
      size: 20,
      font,
    });
    y -= 44;
    for (const { text, size, gap = 6, space = 0 } of body) {
      y -= space;
      for (const part of wrap(text, font, size, width)) {
        if (y < PAGE.margin + size) {
          page = pdf.addPage([PAGE.width, PAGE.height]);
          y = PAGE.height - PAGE.margin;
        }
        page.drawText(part, { x: PAGE.margin, y: y - size, size, font });
        y -= size + gap;
      }
    }
    return pdf.save({ useObjectStreams: false });
  },

  async sign(document: Uint8Array, signer: Signer): Promise<SignedDocument> {
    const originalSha256 = sha256Hex(document);
    const pdf = await PDFDocument.load(document, { updateMetadata: false });
    const name = signer.name.length > 12 ? `${signer.name.slice(0, 12)}…` : signer.name;
    const note = `${signer.role} ${signer.operator} 于 ${signer.time} 签署 · 原文SHA-256 ${originalSha256.slice(0, 16)}…`;
    const font = await embedChineseFont(pdf, [name, '电子签章', note]);
    const pages = pdf.getPages();
    const page = pages[pages.length - 1];
    const radius = 48;
    const cx = PAGE.width - PAGE.margin - radius - 10;
    const cy = PAGE.margin + radius + 40;
    page.drawCircle({ x: cx, y: cy, size: radius, borderColor: SEAL_RED, borderWidth: 3, opacity: 0 });
    const nameSize = Math.min(10, (radius * 1.7) / Math.max(1, name.length));
    page.drawText(name, {
      x: cx - font.widthOfTextAtSize(name, nameSize) / 2,
      y: cy + 6,
      size: nameSize,
      font,
      color: SEAL_RED,
    });
    page.drawText('电子签章', {
      x: cx - font.widthOfTextAtSize('电子签章', 9) / 2,
      y: cy - 14,
      size: 9,
      font,
      color: SEAL_RED,
    });
    page.drawText(note, { x: PAGE.margin, y: PAGE.margin, size: 8, font, color: rgb(0.35, 0.35, 0.35) });
    pdf.setKeywords([
      `signer:${signer.name}`,
      `role:${signer.role}`,
      `time:${signer.time}`,
      `sha256:${originalSha256}`,
      ...(signer.willingness ? [willingnessKeyword(signer.willingness)] : []),
    ]);
    pdf.setModificationDate(fixedDate(signer.time));
    const signed = await pdf.save({ useObjectStreams: false });
    return { pdf: signed, sha256: sha256Hex(signed), originalSha256 };
  },

  async signingLink(documentId: number) {
    const expires = chinaTime(Date.now() + 7 * 86400_000);
    return { url: `/contractManagement?sign=${documentId}`, expiresAt: expires };
  },
};
