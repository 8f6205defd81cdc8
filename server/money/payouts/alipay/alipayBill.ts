import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { BillLine } from '../payoutChannel';
import { parseYuan } from './amounts';

/**
 * Alipay's account bill (bill_type signcustomer): a zip of GBK CSV files, comment lines starting with #, one
 * header row, then one row per account movement. A transfer out is a 支出 under 商户订单号 = our item id; a
 * return (退票) comes back as an 收入 under the same id. Bounded: the zip's size, each entry's inflated size and
 * the number of rows are capped, and rows that are not ours (no numeric 商户订单号) are skipped.
 */
export const BILL_MAX_ZIP_BYTES = 20 * 1024 * 1024;
const MAX_ENTRY_BYTES = 50 * 1024 * 1024;
const MAX_ROWS = 200_000;

export async function billLines(zip: Uint8Array): Promise<BillLine[]> {
  const lines: BillLine[] = [];
  for (const text of await csvEntries(zip)) {
    lines.push(...parseBillCsv(text));
    if (lines.length > MAX_ROWS) throw new Error('支付宝账单行数超过上限');
  }
  return lines;
}

/** The rows of one bill CSV (already decoded) that are transfers of ours. */
export function parseBillCsv(text: string): BillLine[] {
  const rows = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .slice(0, MAX_ROWS + 1)
    .map((line) => line.split(',').map((cell) => cell.trim().replace(/^"|"$/g, '').replace(/^\t/, '')));
  const headerAt = rows.findIndex((cells) => cells.includes('商户订单号'));
  if (headerAt < 0) return [];
  const header = rows[headerAt];
  const column = (prefix: string) => header.findIndex((cell) => cell.startsWith(prefix));
  const at = {
    order: column('业务流水号'),
    outBizNo: column('商户订单号'),
    income: column('收入金额'),
    expense: column('支出金额'),
    kind: column('业务类型'),
  };
  const lines: BillLine[] = [];
  for (const cells of rows.slice(headerAt + 1)) {
    const outBizNo = cells[at.outBizNo] ?? '';
    if (!/^\d{1,15}$/.test(outBizNo)) continue;
    // The bill signs its amounts (+ income, − expense); parseYuan reads a minus only.
    const amountOf = (cell: string | undefined) => Math.abs(parseYuan((cell ?? '').replace(/^\+/, '')) ?? 0);
    const expense = amountOf(cells[at.expense]);
    const income = amountOf(cells[at.income]);
    const base = { itemId: Number(outBizNo), orderId: cells[at.order] ?? '' };
    if (expense > 0) lines.push({ ...base, amount: expense, state: 'succeeded' });
    else if (income > 0 && /退/.test(cells[at.kind] ?? '')) lines.push({ ...base, amount: income, state: 'returned' });
  }
  // A transfer and its return on the same day: the day's last word on the item is the return.
  const byItem = new Map<number, BillLine>();
  for (const line of lines) {
    const seen = byItem.get(line.itemId);
    if (!seen || line.state === 'returned') byItem.set(line.itemId, line);
  }
  return [...byItem.values()];
}

async function csvEntries(content: Uint8Array): Promise<string[]> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(Buffer.from(content), { lazyEntries: true }, (error, file) =>
      error || !file ? reject(error ?? new Error('账单不是 zip')) : resolve(file),
    ),
  );
  const texts: string[] = [];
  return new Promise((resolve, reject) => {
    zip.on('error', reject);
    zip.on('end', () => resolve(texts));
    zip.on('entry', (entry: Entry) => {
      if (!/\.csv$/i.test(entry.fileName) || entry.uncompressedSize > MAX_ENTRY_BYTES) {
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, (error, stream) => {
        if (error || !stream) return reject(error ?? new Error('账单条目无法读取'));
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', reject);
        stream.on('end', () => {
          // Alipay writes its bills in GBK.
          texts.push(new TextDecoder('gbk').decode(Buffer.concat(chunks)));
          zip.readEntry();
        });
      });
    });
    zip.readEntry();
  });
}
