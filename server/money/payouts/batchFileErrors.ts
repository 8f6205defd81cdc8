import { BATCH_FILE_MSG } from '../../../src/domain/payoutBatch';

/** A problem with a whole batch file: its message is shown as it is. */
export class BatchFileError extends Error {}

/** A file past one of BATCH_PARSE_LIMITS (`limit` names which, for the log): one message for all of them. */
export class BatchLimitError extends BatchFileError {
  constructor(readonly limit: string) {
    super(BATCH_FILE_MSG.overLimit);
  }
}

/** DecodeRefusal.limit of a file a parser thread refused for its content (a missing column, no rows), not for a cap. */
export const SHEET_CONTENT = 'sheetContent';
