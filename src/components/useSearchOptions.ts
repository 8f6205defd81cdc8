import { useEffect, useState } from 'react';

/**
 * Options a picker searches on the server as the user types: asked 250 ms after the last keystroke, an answer that
 * arrives after a newer search (or after the picker closed) is dropped, a failed search shows no options.
 * `search` must be stable between renders for a given `key` (the other inputs of the search, e.g. the edition).
 */
export function useSearchOptions<T>(search: (text: string) => Promise<T[]>, input: string, key?: unknown): T[] {
  const [options, setOptions] = useState<T[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for what `search` closes over
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      search(input.trim())
        .then((rows) => live && setOptions(rows))
        .catch(() => live && setOptions([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [input, key]);
  return options;
}
