/** A page button, or a gap (…) between page numbers. */
export type PageItem = number | 'gap';

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(to - from + 1, 0) }, (_, index) => from + index);
}

/**
 * The page buttons of a list's footer: the first and last pages, the current page with one page either side,
 * and a gap where pages are left out; a gap never stands for a single page, which is shown instead (the same
 * buttons as MUI's Pagination with one boundary page and one sibling).
 */
export function pageItems(page: number, totalPages: number): PageItem[] {
  const boundary = 1;
  const siblings = 1;
  const count = Math.max(totalPages, 1);
  const startPages = range(1, Math.min(boundary, count));
  const endPages = range(Math.max(count - boundary + 1, boundary + 1), count);
  const siblingsStart = Math.max(Math.min(page - siblings, count - boundary - siblings * 2 - 1), boundary + 2);
  const siblingsEnd = Math.min(
    Math.max(page + siblings, boundary + siblings * 2 + 2),
    endPages.length > 0 ? endPages[0] - 2 : count - 1,
  );
  const before: PageItem[] =
    siblingsStart > boundary + 2 ? ['gap'] : boundary + 1 < count - boundary ? [boundary + 1] : [];
  const after: PageItem[] =
    siblingsEnd < count - boundary - 1 ? ['gap'] : count - boundary > boundary ? [count - boundary] : [];
  return [...startPages, ...before, ...range(siblingsStart, siblingsEnd), ...after, ...endPages];
}
