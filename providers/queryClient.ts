import {
  type DefaultError,
  type DefaultedQueryObserverOptions,
  hashKey,
  notifyManager,
  type Query,
  QueryClient,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';
import type { GetListResult } from 'ra-core';
import { TIMING } from '../src/domain/session';
import { canAccessNow, checkAuthNow, permissionsNow } from './authProvider';
import type { ListParams } from './listRequest';

/**
 * The answer of a react-admin auth query that is a pure function of the session (authProvider.canAccess and
 * getPermissions read only the session's authorities; checkAuth asks nothing while the token is not due for a
 * refresh), or undefined for any other query.
 */
function sessionAnswer(queryKey: QueryKey): unknown {
  if (queryKey[0] !== 'auth') return undefined;
  if (queryKey[1] === 'getPermissions') return permissionsNow();
  if (queryKey[1] === 'checkAuth') return checkAuthNow();
  if (queryKey[1] !== 'canAccess') return undefined;
  const params = queryKey[2] as { resource?: string; action?: string } | undefined;
  // Anything else is left to authProvider.canAccess.
  return params?.resource && params.action
    ? canAccessNow({ resource: params.resource, action: params.action })
    : undefined;
}

/**
 * react-query tells its observers of a change in a task of its own (setTimeout 0), some 55 of them while a list
 * opens: the rows waited behind whatever the browser had queued (a frame, the next slice of the route's render).
 * A microtask tells them as soon as the change is made; React batches the updates itself. Also what keeps a
 * state set after an awaited refetch from rendering beside the old data (TanStack/query#8815).
 */
notifyManager.setScheduler(queueMicrotask);

/**
 * react-admin's query client, one per mount of the app (a new login mounts a new one). Changes from the default,
 * measured on warm navigation between two lists (bench/listFirstRow.ts):
 * - canAccess and getPermissions start with their answer: they ask nothing but the session, which stays the same
 *   while the app is mounted (a login or a company switch loads the app anew). Asked asynchronously, the first
 *   visit of a list rendered the whole page once more before react-admin let it request its rows.
 * - checkAuth (session present, token refreshed when due) counts as fresh for the token-check interval: the
 *   refresh timer (providers/auth/tokenRefresh.ts) checks as often. Re-asked on every page, its fetching flag
 *   re-rendered the whole layout twice per navigation (react-admin's router and guards subscribe to it).
 * - checkAuth also starts with its answer while the token is not due for a refresh. Asked asynchronously on a
 *   cold start, react-admin's list waited for it before it mounted its view and enabled its request: one more
 *   render of the whole page between the first one and the rows. A token due for a refresh, or no
 *   session, goes through authProvider.checkAuth as before (refresh, or logout and /login).
 */
export class AdminQueryClient extends QueryClient {
  /** Hash of a list query put in the cache by seedList → its data's update count then (1: only the seed). */
  private readonly seeded = new Map<string, number>();

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
    const seedCount = this.seeded.get(defaulted.queryHash);
    if (seedCount !== undefined)
      return { ...defaulted, staleTime: seededStaleTime(seedCount, defaulted.staleTime as StaleTime) as never };
    if (defaulted.initialData !== undefined) return defaulted;
    const answer = sessionAnswer(defaulted.queryKey);
    if (answer === undefined) return defaulted;
    // checkAuth stays fresh only for its own staleTime (the token-check interval), then asks authProvider again.
    const staleTime = defaulted.queryKey[1] === 'checkAuth' ? defaulted.staleTime : Number.POSITIVE_INFINITY;
    return { ...defaulted, initialData: answer as TQueryData, staleTime };
  }

  /**
   * A list's first page asked for before the app's first render (src/admin/initialList.ts), put where
   * react-admin's <List> looks for it (ra-core useGetList's key): the list renders its rows in its first render
   * instead of mounting, asking, and rendering the whole page again when the answer comes. It counts
   * as fresh for SEEDED_FRESH_MS, so mounting the list does not ask for the same page again; a refresh, a
   * change, or any later answer makes the query an ordinary one.
   */
  seedList(resource: string, params: Required<ListParams>, result: GetListResult): void {
    const { pagination, sort, filter } = params;
    const queryKey = [resource, 'getList', { pagination, sort, filter, meta: undefined }];
    this.setQueryData(queryKey, result);
    const count = this.getQueryCache().find({ queryKey, exact: true })?.state.dataUpdateCount;
    if (count !== undefined) this.seeded.set(hashKey(queryKey), count);
  }
}

/** As long as the early answer counts as the current page (providers/earlyResponse.ts). */
const SEEDED_FRESH_MS = 15_000;

type StaleTime = DefaultedQueryObserverOptions['staleTime'];

/** Fresh for SEEDED_FRESH_MS while the data is still the seed; after any other answer, the query's own staleTime. */
function seededStaleTime(seedCount: number, otherwise: StaleTime): (query: Query) => number | 'static' {
  return (query) => {
    if (query.state.dataUpdateCount === seedCount) return SEEDED_FRESH_MS;
    return (typeof otherwise === 'function' ? otherwise(query as never) : otherwise) ?? 0;
  };
}
