import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DECODE_BUDGETS } from '../../files/decoding/budgets';

/**
 * The readers of electronic invoices: a PDF's text layer (pdf.js) and an OFD's XML (a zip). They decode, so they
 * run in a decoder thread (invoiceReading.ts), each after the file's budget.
 */

/** Caps on an OFD (a zip of XML): entries, declared and real inflated bytes. */
const OFD_MAX_ENTRIES = DECODE_BUDGETS.ofd.entries;
const OFD_MAX_INFLATED = DECODE_BUDGETS.ofd.inflatedBytes;
/** Pages read for the text: an invoice's fields are on its first page. */
const PAGES_READ = 10;

class OfdTooLarge extends Error {}

/**
 * The text layer of a PDF (pdfjs-dist's Node build), page by page; '' when it has none (a scanned image), null
 * when the document has more than `maxPages` pages.
 */
export async function pdfTextLayer(content: Uint8Array, maxPages: number): Promise<string | null> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(content),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    if (document.numPages > maxPages) return null;
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, PAGES_READ); number++) {
      const page = await document.getPage(number);
      const text = await page.getTextContent();
      pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}

function openZip(content: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(content), { lazyEntries: true }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('not a zip')) : resolve(zip),
    ),
  );
}

function readEntry(zip: ZipFile, entry: Entry, budget: { left: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('unreadable entry'));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        budget.left -= chunk.length;
        if (budget.left < 0) stream.destroy(new OfdTooLarge());
        else chunks.push(chunk);
      });
      stream.once('error', reject);
      stream.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  });
}

/**
 * Every XML part of an OFD (a zip), concatenated; declared sizes are checked before anything is inflated, and an
 * entry inflating past its declared size is stopped (yauzl). Null when the OFD passes its caps.
 */
export async function ofdXml(content: Uint8Array): Promise<string | null> {
  const zip = await openZip(content);
  try {
    if (zip.entryCount > OFD_MAX_ENTRIES) return null;
    const budget = { left: OFD_MAX_INFLATED };
    const parts: string[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (!/\.xml$/i.test(entry.fileName)) {
          zip.readEntry();
          return;
        }
        if (entry.uncompressedSize > budget.left) {
          reject(new OfdTooLarge());
          return;
        }
        readEntry(zip, entry, budget).then((xml) => {
          parts.push(xml);
          zip.readEntry();
        }, reject);
      });
      zip.once('end', () => resolve());
      zip.once('error', reject);
      zip.readEntry();
    });
    return parts.join('\n');
  } catch (error) {
    if (error instanceof OfdTooLarge || (error instanceof Error && /too many bytes/i.test(error.message))) return null;
    throw error;
  } finally {
    zip.close();
  }
}
