import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/** A view whose every part is text, as an address holds it. */
export type UrlState<T> = { [K in keyof T]: string };

/**
 * A page's view (applied filters, page, page size, sort) kept in the address's query string, so a reload, the back
 * button or a shared link shows the same view. A key the address lacks, or holds a value `accept` refuses (a link
 * typed by hand, an old bookmark), reads as its default; values equal to their defaults stay out of the address.
 * Changes replace the history entry: a filter change is not a page of its own to go back to.
 */
export function useUrlState<T extends UrlState<T>>(
  defaults: T,
  accept: (key: keyof T & string, value: string) => boolean = () => true,
): [T, (patch: Partial<T>) => void] {
  const [params, setParams] = useSearchParams();
  // The first render's defaults and rule: today's date must not move the view under the user.
  const fixed = useRef({ defaults, accept }).current;
  const state = useMemo(() => {
    const read: Record<string, string> = { ...fixed.defaults };
    for (const key of Object.keys(fixed.defaults)) {
      const value = params.get(key);
      if (value !== null && fixed.accept(key as keyof T & string, value)) read[key] = value;
    }
    return read as unknown as T;
  }, [params, fixed]);
  // Two changes in one event (a new page size, then page 0) must both land: while the address has not moved on, a
  // change builds on the one before it rather than on the address the event started from.
  const pending = useRef<{ on: URLSearchParams; next: URLSearchParams } | null>(null);
  const update = useCallback(
    (patch: Partial<T>) => {
      const next = new URLSearchParams(pending.current?.on === params ? pending.current.next : params);
      for (const [key, value] of Object.entries(patch)) {
        if (value === undefined || value === fixed.defaults[key as keyof T]) next.delete(key);
        else next.set(key, value as string);
      }
      pending.current = { on: params, next };
      setParams(next, { replace: true });
    },
    [params, setParams, fixed],
  );
  return [state, update];
}

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Checks for values read from an address. */
export const urlValue = {
  day: (value: string) => DAY.test(value),
  month: (value: string) => MONTH.test(value),
  pageNumber: (value: string) => /^\d{1,6}$/.test(value),
  oneOf: (choices: readonly string[]) => (value: string) => choices.includes(value),
  id: (value: string) => value === '' || /^[1-9]\d{0,15}$/.test(value),
  text: (value: string) => value.length <= 64,
};
