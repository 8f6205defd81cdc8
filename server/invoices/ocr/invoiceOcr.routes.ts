import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { INVOICE_OCR_LABELS } from '../../../src/domain/invoiceOcr';
import type { AppServices } from '../../appServices';
import { requireAuth } from '../../auth/access';
import { checkImageBudget, DECODE_TIMEOUT_MS, decode } from '../../files/decoding';
import { sniff } from '../../files/fileTypes';
import { ok } from '../../http/envelope';
import { fail } from '../../http/errors';
import { ocrSchema } from '../invoices.schemas';
import { devInvoiceImageOcr, type InvoiceImageOcr } from './imageOcr';
import type { InvoiceFields } from './invoiceFields';

const MAX_BYTES = 10 * 1024 * 1024;
/** Who fills an invoice form: merchants applying, finance staff recording (both editions). */
const CODES = ['MER_BANKACCOUNT_RECHARGE', 'UI_BILLING_APPLY_JCY', 'UI_XGM_INVOICE_APPLY_DETAILS_SAVE'];

const LABELS: Readonly<Record<keyof InvoiceFields, string>> = INVOICE_OCR_LABELS;
const UNREADABLE = '发票文件无法读取，请确认文件完整';

type Source = 'pdf' | 'ofd' | 'xml' | 'image';

function sourceOf(content: Buffer): Source | null {
  const signature = sniff(content);
  if (signature === 'pdf') return 'pdf';
  if (signature === 'zip') return 'ofd';
  if (signature === 'png' || signature === 'jpeg') return 'image';
  const head = content
    .subarray(0, 64)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return head.startsWith('<') ? 'xml' : null;
}

/**
 * POST /api/v1/invoices/ocr (multipart `file`): reads an invoice and answers the form's fields. An electronic
 * invoice's PDF is read from its text layer, an OFD or XML invoice from its XML, in a decoder thread under the
 * file's budget (invoiceReading.ts, files/decoding/); photos and scans, once their header is within the image
 * budget, go to the image OCR provider (imageOcr.ts). The answer says what was read (`source`, `readFields` in
 * Chinese) and what was not. Nothing is stored: this only fills a form the user still checks and submits.
 */
export async function invoiceOcrRoutes(
  app: FastifyInstance,
  _services: AppServices,
  imageOcr: InvoiceImageOcr = devInvoiceImageOcr,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 256 },
    });
    scope.post(
      '/api/v1/invoices/ocr',
      {
        bodyLimit: MAX_BYTES + 64 * 1024,
        config: { access: { permissions: CODES }, readOnly: true },
        schema: ocrSchema,
      },
      async (request) => {
        const auth = requireAuth(request);
        if (!request.isMultipart()) fail('请选择要识别的发票文件');
        let file: { content: Buffer; truncated: boolean } | null = null;
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          const content = await part.toBuffer();
          if (part.fieldname === 'file') file = { content, truncated: part.file.truncated };
        }
        if (!file || file.content.length === 0) fail('请选择要识别的发票文件');
        if (file.truncated) fail('发票文件不能超过10M');
        const source = sourceOf(file.content);
        if (!source) fail('仅支持 PDF、OFD、XML 电子发票和 JPG、PNG 图片');
        let fields: InvoiceFields;
        let note: string;
        if (source === 'image') {
          const image = checkImageBudget(file.content);
          try {
            ({ fields, note } = await imageOcr.read(file.content, `image/${image.format}`));
          } catch {
            fail(UNREADABLE);
          }
        } else {
          ({ fields, note } = await decode(
            'invoice',
            { content: file.content, source },
            { timeoutMs: DECODE_TIMEOUT_MS.invoice, owner: `user:${auth.userId}`, unreadable: UNREADABLE },
          ));
        }
        const readFields = (Object.keys(LABELS) as (keyof InvoiceFields)[]).filter((key) => fields[key] !== undefined);
        const missing = (Object.keys(LABELS) as (keyof InvoiceFields)[]).filter((key) => fields[key] === undefined);
        const message =
          readFields.length > 0
            ? `已识别：${readFields.map((key) => LABELS[key]).join('、')}`
            : note || '未能从该文件识别出发票信息，请手工填写';
        return ok({ source, fields, readFields, missingFields: missing, note: note || null }, message);
      },
    );
  });
}
