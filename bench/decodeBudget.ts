// What the decoding budgets cost an ordinary file: a 1 000-row payout .xlsx parsed through the decoder threads
// (server/files/decoding/: a capped worker, the parser's caps, the rows packed across), beside an anchor measured
// in the same run and alternating with it: the same parse (parseBatchFile, its own caps) on this thread, as if
// nothing guarded it. Also the check every .xlsx attachment passes before it is stored (checkUploadBudget: its
// entries inflated and counted in a decoder thread), against the same anchor.
import { performance } from 'node:perf_hooks';
import { checkUploadBudget, warmDecoders } from '../server/files/decoding';
import { parseBatchFile } from '../server/money/payouts/batchFile';
import { parseBatchFileIsolated } from '../server/money/payouts/batchParser';
import { HEADERS, payee, xlsxFile } from '../tests/support/batchFiles';
import { conditions, figure, header, ms } from './support/report';
import { median } from './support/session';

const ROWS = 1_000;
const RUNS = 15;
/** The thread, its caps and the packing may cost this much over the bare parse of an ordinary file. */
const RATIO_BUDGET = 1.5;
const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

header(`decoding budgets on an ordinary ${ROWS}-row payout .xlsx`);
conditions({});
const rows = Array.from({ length: ROWS }, (_, index) => payee(index + 1));
const xlsx = await xlsxFile([[...HEADERS], ...rows]);
console.log(`  file: ${(xlsx.length / 1024).toFixed(1)} KB, ${ROWS} rows, ${RUNS} runs each, alternating`);

// Warm both: the thread loads exceljs on its first job, this thread on its first parse.
warmDecoders();
const parsed = await parseBatchFileIsolated('打款.xlsx', xlsx);
if (parsed.length !== ROWS) throw new Error(`expected ${ROWS} rows through the decoder thread, got ${parsed.length}`);
if ((await parseBatchFile('打款.xlsx', xlsx)).length !== ROWS) throw new Error('the bare parse lost rows');
await checkUploadBudget(XLSX_MIME, xlsx, 'bench');

const bare: number[] = [];
const budgeted: number[] = [];
const uploadCheck: number[] = [];
for (let run = 0; run < RUNS; run++) {
  bare.push(await timed(() => parseBatchFile('打款.xlsx', xlsx)));
  budgeted.push(await timed(() => parseBatchFileIsolated('打款.xlsx', xlsx)));
  uploadCheck.push(await timed(() => checkUploadBudget(XLSX_MIME, xlsx, 'bench')));
}

const anchor = median(bare);
const ratio = median(budgeted) / anchor;
figure('anchor: parseBatchFile on this thread (median)', ms(anchor));
figure('through the decoder thread (median)', ms(median(budgeted)));
figure('decoder thread / anchor', ratio.toFixed(2), {
  limit: RATIO_BUDGET,
  shown: RATIO_BUDGET.toFixed(2),
  value: ratio,
});
figure(
  'upload check of the same .xlsx (median; ratio to the anchor)',
  `${ms(median(uploadCheck))} (${(median(uploadCheck) / anchor).toFixed(2)})`,
);
conditions({});
process.exit(0);
