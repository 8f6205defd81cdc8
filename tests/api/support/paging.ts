import { expect } from 'vitest';

export interface PageAnswer<T> {
  content: T[];
  totalElements: number;
  number: number;
  size: number;
}

/**
 * The shared paging contract (DESIGN §2) of one list: walking every page of `size` from 0 gives exactly `all`
 * (0-based numbers, no overlap, the last page holds the rest), and the page after the last is empty.
 */
export async function expectPagesCoverAll<T extends { id: number }>(
  all: readonly T[],
  size: number,
  fetchPage: (query: { page: number; size: number }) => Promise<PageAnswer<T>>,
): Promise<void> {
  const lastPage = Math.ceil(all.length / size) - 1;
  const seen: number[] = [];
  for (let page = 0; page <= lastPage; page += 1) {
    const answer = await fetchPage({ page, size });
    expect(answer.number).toBe(page);
    expect(answer.content.length).toBe(page === lastPage ? all.length - lastPage * size : size);
    seen.push(...answer.content.map((row) => row.id));
  }
  expect(seen).toEqual(all.map((row) => row.id));
  expect(await fetchPage({ page: lastPage + 1, size })).toEqual({
    content: [],
    totalElements: all.length,
    number: lastPage + 1,
    size,
  });
}
