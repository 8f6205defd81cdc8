import { DECODE_BUDGETS, DECODE_MSG } from './budgets';
import { decodeStage, OverBudget } from './pdfFilters';
import { DecodeRefusal } from './refusal';

/**
 * What a PDF would cost to open, read from its bytes before any PDF library sees them: its indirect objects (in
 * the file and inside object streams), its page objects, and what its streams inflate to. pdf-lib parses every
 * object and inflates every object stream when it loads a file; pdf.js inflates the content, fonts and object
 * streams of the pages it reads. A stream can say FlateDecode twice over and inflate a thousand times each, so
 * every stream is inflated here through its filter chain, counting, and the count stops at the budget: the check
 * costs at most the budget, whatever the file holds.
 *
 * The scan is lexical, linear, and errs on the side of counting too much, because the libraries find objects
 * through the cross-reference table, not in file order: a stream's dictionary is taken to be everything since the
 * previous stream ended, every filter chain named there is tried and the largest result counts; names are read
 * with their #xx escapes decoded; a `/Type /Page` anywhere counts as a page. A stream whose dictionary says it is
 * an image is inflated too (a content stream could say so), but only up to what its width and height allow, and
 * against a budget of its own: real images are never decoded by the libraries here, so a scan may hold many.
 */
export interface PdfInventory {
  objects: number;
  pages: number;
  /** What the streams other than images inflate to. */
  inflatedBytes: number;
  /** What the images inflate to. */
  imageBytes: number;
  encrypted: boolean;
}

interface ScanBudget {
  objects: number;
  inflatedBytes: number;
  imageBytes: number;
  filters: number;
}

/** Distinct filter chains tried on one stream, at most (each try costs at most the budget left). */
const MAX_CHAINS = 16;
/** Bytes a pixel can take (four 16-bit components), and a row's predictor byte. */
const MAX_PIXEL_BYTES = 8;

/** A name's #xx escapes decoded (`/Fl#61teDecode` is /FlateDecode to every PDF reader). */
function unescapeNames(text: string): string {
  return text.includes('#')
    ? text.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : text;
}

function countPages(text: string): number {
  let pages = 0;
  for (const _ of text.matchAll(/\/Type\s*\/Page(?![A-Za-z0-9])/g)) pages += 1;
  return pages;
}

function countObjects(text: string): number {
  let objects = 0;
  for (const _ of text.matchAll(/\d[\s\0]+obj(?![A-Za-z0-9])/g)) objects += 1;
  return objects;
}

/** Every filter chain a /Filter entry of `dict` names; throws OverBudget for one given by reference or too long. */
function filterChains(dict: string, maxFilters: number): string[][] {
  const chains = new Map<string, string[]>();
  for (const match of dict.matchAll(/\/Filter\s*(\/[A-Za-z0-9]+|\[[^\]]*\]|\d+\s+\d+\s+R)/g)) {
    if (match[1].endsWith('R')) throw new OverBudget();
    const chain = [...match[1].matchAll(/\/([A-Za-z0-9]+)/g)].map((name) => name[1]);
    if (chain.length > maxFilters) throw new OverBudget();
    chains.set(chain.join('/'), chain);
    if (chains.size > MAX_CHAINS) throw new OverBudget();
  }
  return [...chains.values()];
}

/** The largest direct value of `key` in `dict` (a reference `5 0 R` is not one), or null. */
function largestNumber(dict: string, key: string): number | null {
  let largest: number | null = null;
  for (const match of dict.matchAll(new RegExp(`\\/${key}\\s+(\\d{1,10})(?!\\s+\\d+\\s+R)(?![\\d.])`, 'g'))) {
    largest = Math.max(largest ?? 0, Number(match[1]));
  }
  return largest;
}

/**
 * What decoding the stream by `chain` costs: the largest output of any of its stages (a later stage may not
 * apply, after an earlier one inflated), each at most `limit` bytes (else OverBudget); null when none applies.
 */
function decodeChain(
  chain: readonly string[],
  data: Uint8Array,
  limit: number,
): { bytes: Uint8Array; most: number } | null {
  let current: Uint8Array = data;
  let most = -1;
  for (const filter of chain) {
    const next = decodeStage(filter, current, limit);
    if (!next) break;
    current = next;
    most = Math.max(most, next.length);
  }
  return most < 0 ? null : { bytes: current, most };
}

/**
 * The bytes a chain decodes. A reader takes a stream's /Length (maybe a reference, which this scan cannot
 * follow) where this scan would stop at the first `endstream`, which the data itself may contain: a chain that
 * starts with Flate gets the rest of the file (zlib stops where the deflate data ends), another its direct
 * /Length when the file agrees (`endstream` follows), else the bytes up to the first `endstream`.
 */
function extentOf(
  bytes: Uint8Array,
  text: string,
  dict: string,
  chain: readonly string[],
  start: number,
  end: number,
): Uint8Array {
  if (chain[0] === 'FlateDecode' || chain[0] === 'Fl') return bytes.subarray(start);
  const lengths = [...dict.matchAll(/\/Length\s+(\d{1,10})(?!\s+\d+\s+R)(?![\d.])/g)];
  const length = lengths.length > 0 ? Number(lengths[lengths.length - 1][1]) : null;
  if (length !== null && /^\s*endstream/.test(text.slice(start + length, start + length + 16))) {
    return bytes.subarray(start, start + length);
  }
  return bytes.subarray(start, end);
}

/** The PDF's inventory; throws OverBudget as soon as a count passes `budget`. */
function scan(bytes: Uint8Array, budget: ScanBudget): PdfInventory {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const names = unescapeNames(text);
  const inventory: PdfInventory = {
    objects: countObjects(text),
    pages: countPages(names),
    inflatedBytes: 0,
    imageBytes: 0,
    encrypted: /\/Encrypt(?![A-Za-z0-9])/.test(names),
  };
  if (inventory.objects > budget.objects) throw new OverBudget();
  const keyword = /stream[ \t\f\0]*(?:\r\n|\n|\r)/g;
  let lastEnd = 0;
  for (let match = keyword.exec(text); match; match = keyword.exec(text)) {
    const at = match.index;
    if (at >= 3 && text.startsWith('end', at - 3)) continue;
    const dataStart = at + match[0].length;
    const endstream = text.indexOf('endstream', dataStart);
    const dataEnd = endstream === -1 ? text.length : endstream;
    const dict = unescapeNames(text.slice(lastEnd, at));
    lastEnd = dataEnd;
    keyword.lastIndex = dataEnd;
    const image = /\/Subtype\s*\/Image(?![A-Za-z0-9])/.test(dict);
    const left = image ? budget.imageBytes - inventory.imageBytes : budget.inflatedBytes - inventory.inflatedBytes;
    const width = largestNumber(dict, 'Width');
    const height = largestNumber(dict, 'Height');
    const limit =
      image && width !== null && height !== null ? Math.min(left, width * height * MAX_PIXEL_BYTES + height) : left;
    let largest: { bytes: Uint8Array; most: number } | null = null;
    for (const chain of filterChains(dict, budget.filters)) {
      const decoded = decodeChain(chain, extentOf(bytes, text, dict, chain, dataStart, dataEnd), limit);
      if (decoded && decoded.most > (largest?.most ?? -1)) largest = decoded;
    }
    if (!largest) continue;
    if (image) inventory.imageBytes += largest.most;
    else inventory.inflatedBytes += largest.most;
    if (inventory.imageBytes > budget.imageBytes || inventory.inflatedBytes > budget.inflatedBytes) {
      throw new OverBudget();
    }
    if (/\/Type\s*\/ObjStm(?![A-Za-z0-9])/.test(dict)) {
      const objects = largest.bytes;
      const decoded = unescapeNames(
        Buffer.from(objects.buffer, objects.byteOffset, objects.byteLength).toString('latin1'),
      );
      inventory.objects += largestNumber(dict, 'N') ?? countObjects(decoded);
      inventory.pages += countPages(decoded);
      if (inventory.objects > budget.objects) throw new OverBudget();
    }
  }
  return inventory;
}

/** The inventory, or null when it passes a budget (the scan stopped there). */
export function pdfInventory(bytes: Uint8Array): PdfInventory | null {
  try {
    return scan(bytes, {
      objects: DECODE_BUDGETS.pdf.objects,
      inflatedBytes: DECODE_BUDGETS.pdf.inflatedBytes,
      imageBytes: DECODE_BUDGETS.pdf.imageBytes,
      filters: DECODE_BUDGETS.pdf.filtersPerStream,
    });
  } catch (error) {
    if (error instanceof OverBudget) return null;
    throw error;
  }
}

/**
 * Refuses (DecodeRefusal) a PDF over the budgets: objects, inflated streams, more than `pages` pages, or
 * encrypted (no decoder here decrypts, and an encrypted stream cannot be measured).
 */
export function checkPdfBudget(
  bytes: Uint8Array,
  pages: number = DECODE_BUDGETS.pdf.pages,
  pagesMessage: string = DECODE_MSG.pdfPages,
): PdfInventory {
  const inventory = pdfInventory(bytes);
  if (!inventory) throw new DecodeRefusal(DECODE_MSG.pdfTooComplex, 'pdfInventory');
  if (inventory.encrypted) throw new DecodeRefusal(DECODE_MSG.pdfEncrypted, 'pdfEncrypted');
  if (inventory.pages > pages) throw new DecodeRefusal(pagesMessage, 'pdfPages');
  return inventory;
}
