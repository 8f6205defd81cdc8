import yauzl, { type Entry, type ZipFile } from 'yauzl';

/** Caps on an OFD (a zip of XML): entries, declared and real inflated bytes. */
const OFD_MAX_ENTRIES = 500;
const OFD_MAX_INFLATED = 20 * 1024 * 1024;

/** The text layer of a PDF (pdfjs-dist's Node build), page by page; '' when it has none (a scanned image). */
export async function pdfTextLayer(content: Uint8Array): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: new Uint8Array(content),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= Math.min(document.numPages, 10); number++) {
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
        if (budget.left < 0) stream.destroy(new Error('OFD 解压后过大'));
        else chunks.push(chunk);
      });
      stream.once('error', reject);
      stream.once('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    });
  });
}

/** Every XML part of an OFD (a zip), concatenated; declared sizes are checked before anything is inflated. */
export async function ofdXml(content: Uint8Array): Promise<string> {
  const zip = await openZip(content);
  try {
    if (zip.entryCount > OFD_MAX_ENTRIES) throw new Error('OFD 文件过多');
    const budget = { left: OFD_MAX_INFLATED };
    const parts: string[] = [];
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        if (!/\.xml$/i.test(entry.fileName) || entry.uncompressedSize > budget.left) {
          zip.readEntry();
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
  } finally {
    zip.close();
  }
}
