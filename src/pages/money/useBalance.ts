import { useEffect, useState } from 'react';
import { fetchBalance } from './moneyApi';

/** The account balance of a company and edition in units; undefined until known (or when it cannot be read). */
export function useBalance(companyId: number | null | undefined, platformMark: number | undefined) {
  const [balance, setBalance] = useState<number>();
  useEffect(() => {
    let alive = true;
    if (companyId && platformMark) {
      fetchBalance(companyId, platformMark).then(
        (answer) => alive && setBalance(answer.balance),
        () => undefined,
      );
    }
    return () => {
      alive = false;
    };
  }, [companyId, platformMark]);
  return balance;
}
