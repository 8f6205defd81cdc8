import {
  type DefaultError,
  type DefaultedQueryObserverOptions,
  QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import { TIMING } from '../src/domain/session';
import { canAccessNow, permissionsNow } from './authProvider';

/**
 * The answer of a react-admin auth query that is a pure function of the session (authProvider.canAccess and
 * getPermissions read only the session's authorities), or undefined for any other query.
 */
function sessionAnswer(queryKey: QueryKey): unknown {
  if (queryKey[0] !== 'auth') return undefined;
  if (queryKey[1] === 'getPermissions') return permissionsNow();
  if (queryKey[1] !== 'canAccess') return undefined;
  const params = queryKey[2] as { resource?: string; action?: string } | undefined;
  // Anything else is left to authProvider.canAccess.
  return params?.resource && params.action
    ? canAccessNow({ resource: params.resource, action: params.action })
    : undefined;
}

/**
 * react-admin's query client, one per mount of the app (a new login mounts a new one). Changes from the default,
 * measured on warm navigation between two lists (bench/listFirstRow.ts):
 * - canAccess and getPermissions start with their answer: they ask nothing but the session, which stays the same
 *   while the app is mounted (a login or a company switch loads the app anew). Asked asynchronously, the first
 *   visit of a list rendered the whole page once more before react-admin let it request its rows.
 * - checkAuth (session present, token refreshed when due) counts as fresh for the token-check interval: the
 *   refresh timer (providers/auth/tokenRefresh.ts) checks as often. Re-asked on every page, its fetching flag
 *   re-rendered the whole layout twice per navigation (react-admin's router and guards subscribe to it).
 */
export class AdminQueryClient extends QueryClient {
  constructor() {
    super();
    this.setQueryDefaults(['auth', 'checkAuth'], { staleTime: TIMING.tokenCheckIntervalMs });
  }

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    if (defaulted.initialData !== undefined) return defaulted;
    const answer = sessionAnswer(defaulted.queryKey);
    if (answer === undefined) return defaulted;
    return { ...defaulted, initialData: answer as TQueryData, staleTime: Number.POSITIVE_INFINITY };
  }
}
