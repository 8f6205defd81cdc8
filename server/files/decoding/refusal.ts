import { BusinessError } from '../../http/errors';

/**
 * A file refused for the work it would take (1040400 with the message): over a budget (budgets.ts), or its
 * decoder's thread ran out of time, heap or memory. `limit` names which, for the log.
 */
export class DecodeRefusal extends BusinessError {
  constructor(
    message: string,
    readonly limit: string,
  ) {
    super(message);
  }
}
