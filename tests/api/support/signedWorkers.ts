import { addSignedWorkers } from '../../../server/workers/workers.service';
import { bankCard, idCard } from '../../support/batchFiles';
import type { TestApp } from './testApp';

/**
 * Payouts go only to workers who signed with the company: a test that uploads the test kit's payees
 * (batchFiles.ts payee(serial)) first signs those serials up as workers of the paying company.
 */
export async function signPayees(
  test: Pick<TestApp, 'db' | 'config'>,
  company: { companyId: number; platformMark: number },
  serials: Iterable<number>,
  /** Other ID numbers (e.g. the template's example payee). */
  idCards: readonly string[] = [],
): Promise<void> {
  const others = idCards.map((id) => ({
    name: '测试人员',
    idCard: id,
    mobile: '13800138000',
    bankCard: bankCard(0),
    bankName: '中国工商银行',
  }));
  const people = [...serials].map((serial) => ({
    name: '测试人员',
    idCard: idCard(serial),
    mobile: `139${String(serial).padStart(8, '0')}`,
    bankCard: bankCard(serial),
    bankName: '中国工商银行',
  }));
  await addSignedWorkers(test.db, company, [...people, ...others], test.config.idKey);
}

export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, index) => from + index);
}
