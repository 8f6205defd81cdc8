import { useEffect, useRef, useState } from 'react';
import { requestContent } from '../../providers/httpClient';
import type { Page } from '../../src/domain/codes';
import {
  REFERENCE_PAGE_SIZE,
  type ReferenceKind,
  referenceOnePath,
  referenceSearchPath,
} from '../../src/domain/references';

export interface ReferenceOption {
  id: number;
  name: string;
  status?: number;
}

const SEARCH_DELAY_MS = 250;

/**
 * The options of a reference picker: the records whose name contains `text`, searched on the server as the user
 * types (after a short pause), page by page: `more()` appends the next page (the list scrolled to its end).
 */
export function useReferenceSearch(
  kind: ReferenceKind,
  text: string,
  open: boolean,
  platformMark?: number,
  usableOnly = false,
) {
  const [state, setState] = useState<{ items: ReferenceOption[]; total: number; page: number; error?: string }>({
    items: [],
    total: 0,
    page: -1,
  });
  const [loading, setLoading] = useState(false);
  const request = useRef<AbortController | null>(null);
  const key = `${kind}|${platformMark ?? ''}|${usableOnly}|${text.trim()}`;

  const load = (page: number, items: ReferenceOption[]) => {
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    setLoading(true);
    requestContent<Page<ReferenceOption>>(referenceSearchPath(kind), {
      q: { name: text.trim() || undefined, platformmark: platformMark, usable: usableOnly ? 1 : undefined },
      query: { page, size: REFERENCE_PAGE_SIZE },
      signal: controller.signal,
      silent: true,
      background: true,
    })
      .then((result) => setState({ items: [...items, ...result.content], total: result.totalElements, page }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setState({ items, total: items.length, page, error: error instanceof Error ? error.message : '加载失败' });
        }
      })
      .finally(() => {
        if (request.current === controller) setLoading(false);
      });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search whenever the words or the kind change
  useEffect(() => {
    if (!open) return;
    const timer = setTimeout(() => load(0, []), text ? SEARCH_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [key, open]);
  useEffect(() => () => request.current?.abort(), []);

  const hasMore = state.items.length < state.total;
  return {
    options: state.items,
    total: state.total,
    error: state.error,
    loading,
    hasMore,
    more: () => {
      if (hasMore && !loading) load(state.page + 1, state.items);
    },
  };
}

const named = new Map<string, ReferenceOption>();

/** The record an id names (for a value set before the options were loaded: a reload, an edit form). */
export function useReferenceName(kind: ReferenceKind, id: number | null): ReferenceOption | null {
  const cacheKey = `${kind}:${id}`;
  const [option, setOption] = useState<ReferenceOption | null>(() =>
    id === null ? null : (named.get(cacheKey) ?? null),
  );
  useEffect(() => {
    if (id === null) {
      setOption(null);
      return;
    }
    const known = named.get(cacheKey);
    if (known) {
      setOption(known);
      return;
    }
    const controller = new AbortController();
    requestContent<ReferenceOption>(referenceOnePath(kind, id), {
      signal: controller.signal,
      silent: true,
      background: true,
    })
      .then((found) => {
        named.set(cacheKey, found);
        setOption(found);
      })
      // Gone or out of scope: the picker shows the id's absence rather than a number.
      .catch(() => {
        if (!controller.signal.aborted) setOption({ id, name: '（已不可用）', status: 0 });
      });
    return () => controller.abort();
  }, [cacheKey, id, kind]);
  return option;
}

/** Remember a chosen option's name, so showing it again needs no request. */
export function rememberReference(kind: ReferenceKind, option: ReferenceOption): void {
  named.set(`${kind}:${option.id}`, option);
}

/** A name already known for an id (picked before, or read with a prompt's current value), else undefined. */
export function knownReference(kind: ReferenceKind, id: number): ReferenceOption | undefined {
  return named.get(`${kind}:${id}`);
}
