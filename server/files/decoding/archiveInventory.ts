import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { DECODE_BUDGETS, DECODE_MSG } from './budgets';
import { DecodeRefusal } from './refusal';

/**
 * What a zip (.zip, .docx, .xlsx, .ofd) inflates to, measured before it is stored: the entry count and declared
 * sizes from the central directory first, then every entry inflated and counted (nothing kept), because a header
 * can claim 100 bytes for an entry of gigabytes. yauzl stops an entry at its declared size; the count stops at
 * the budget. A zip this passes holds what it says, so whoever opens it later (a browser, Excel) gets no bomb.
 */

function open(bytes: Uint8Array): Promise<ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      { lazyEntries: true, validateEntrySizes: true },
      (error, zip) => (error || !zip ? reject(error ?? new Error('not a zip')) : resolve(zip)),
    ),
  );
}

function drain(zip: ZipFile, entry: Entry, counted: { bytes: number }, limit: number): Promise<void> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('unreadable entry'));
      stream.on('data', (chunk: Buffer) => {
        counted.bytes += chunk.length;
        if (counted.bytes > limit) stream.destroy(new DecodeRefusal(DECODE_MSG.archiveTooLarge, 'archiveInflated'));
      });
      stream.once('error', reject);
      stream.once('end', () => resolve());
    });
  });
}

/** Refuses (DecodeRefusal) a zip over DECODE_BUDGETS.archive, or one that cannot be read. */
export async function checkArchiveBudget(
  bytes: Uint8Array,
  budget: { entries: number; inflatedBytes: number } = DECODE_BUDGETS.archive,
  message: string = DECODE_MSG.archiveTooLarge,
): Promise<void> {
  let zip: ZipFile;
  try {
    zip = await open(bytes);
  } catch {
    throw new DecodeRefusal(DECODE_MSG.archiveUnreadable, 'archiveDirectory');
  }
  try {
    if (zip.entryCount > budget.entries) throw new DecodeRefusal(message, 'archiveEntries');
    const counted = { bytes: 0 };
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('entry', (entry: Entry) => {
        declared += entry.uncompressedSize;
        if (declared > budget.inflatedBytes) {
          reject(new DecodeRefusal(message, 'archiveDeclared'));
          return;
        }
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        drain(zip, entry, counted, budget.inflatedBytes).then(() => zip.readEntry(), reject);
      });
      zip.once('end', () => resolve());
      zip.once('error', reject);
      zip.readEntry();
    });
  } catch (error) {
    if (error instanceof DecodeRefusal) throw error;
    // yauzl's "too many bytes in the stream": an entry inflating past its declared size.
    if (error instanceof Error && /too many bytes|expected \d+ bytes/i.test(error.message)) {
      throw new DecodeRefusal(message, 'archiveLyingSize');
    }
    throw new DecodeRefusal(DECODE_MSG.archiveUnreadable, 'archiveEntry');
  } finally {
    zip.close();
  }
}
