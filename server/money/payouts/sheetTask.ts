import { DecodeRefusal } from '../../files/decoding/refusal';
import { BatchFileError, BatchLimitError, ParseBudget, parseBatchFile } from './batchFile';
import { SHEET_CONTENT } from './batchFileErrors';
import { type PackedRows, packRows } from './packedRows';
import { SHEET_LAYOUTS, type SheetLayoutName } from './sheetLayouts';

/**
 * A batch file read in a decoder thread (files/decoding/tasks.ts): its raw rows, packed to cross back, or the
 * file's refusal — a cap of BATCH_PARSE_LIMITS (`limit` names it) or the file's own message (SHEET_CONTENT).
 */
export async function parseSheetPacked(
  fileName: string,
  content: Uint8Array,
  layoutName: SheetLayoutName,
): Promise<PackedRows> {
  const layout = SHEET_LAYOUTS[layoutName];
  try {
    return packRows(await parseBatchFile(fileName, content, new ParseBudget(), layout), layout);
  } catch (error) {
    if (error instanceof BatchLimitError) throw new DecodeRefusal(error.message, error.limit);
    if (error instanceof BatchFileError) throw new DecodeRefusal(error.message, SHEET_CONTENT);
    throw error;
  }
}
