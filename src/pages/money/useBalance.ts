import { type Load, useLoad } from '../../components/useLoad';
import { fetchBalance } from './moneyApi';

/** The account balance (units) of a company and edition, or why it could not be read. */
export function useBalance(companyId: number | null | undefined, platformMark: number | undefined): Load<number> {
  return useLoad(
    companyId && platformMark ? () => fetchBalance(companyId, platformMark).then((answer) => answer.balance) : null,
    `${companyId}/${platformMark}`,
  );
}
