import { styled } from '@mui/material/styles';
import { type ChangeEvent, memo, useEffect, useRef } from 'react';
import { useListPaginationContext, useTranslate } from 'react-admin';
import { pageRangeLabel } from '../../src/theme';
import { pageItems } from './pageItems';

/**
 * A list's footer: 每页条数, 第 1-10 条，共 N 条, and the page buttons (pageItems.ts). The same controls and texts as
 * react-admin's Pagination (MUI's TablePagination and Pagination), drawn with plain elements and one style rule:
 * MUI's footer was a sixth of a cold list's first render (some 25 styled components, and MUI's select, which sets
 * state as it mounts). The page-size chooser is the browser's own select.
 */
export const ListPagination = memo(function ListPagination({ pageSizes }: { pageSizes: readonly number[] }) {
  const { isPending, page, perPage, total, hasNextPage, setPage, setPerPage } = useListPaginationContext();
  const translate = useTranslate();
  // A click that comes before the list has rendered the page of the click before it counts from that page, not
  // from the one still shown: 上一页 twice from page 3 is page 1.
  const asked = useRef(page);
  useEffect(() => {
    asked.current = page;
  }, [page]);
  const go = (next: number) => {
    asked.current = next;
    setPage(next);
  };
  if (isPending) return <Footer />;
  const totalPages = total != null ? Math.ceil(total / perPage) : undefined;
  if (total === 0 || page < 1 || (totalPages !== undefined && page > totalPages)) return null;
  const from = (page - 1) * perPage + 1;
  const to = total != null ? Math.min(page * perPage, total) : page * perPage;
  const range =
    total == null
      ? translate('ra.navigation.partial_page_range_info', { offsetBegin: from, offsetEnd: to })
      : pageRangeLabel({ from, to, count: total });
  const lastPage = totalPages ?? (hasNextPage ? page + 1 : page);
  const sizes = pageSizes.includes(perPage) ? pageSizes : [...pageSizes, perPage].sort((a, b) => a - b);
  return (
    <Footer>
      <p>{translate('ra.navigation.page_rows_per_page')}</p>
      <select
        aria-label="每页条数"
        value={perPage}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => setPerPage(Number(event.target.value))}
      >
        {sizes.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {/* MUI's class too, so page-wide selectors find every list footer alike (custom tables use MUI's). */}
      <p className="MuiTablePagination-displayedRows">{range}</p>
      {lastPage > 1 && (
        <nav aria-label="分页">
          <button
            type="button"
            aria-label={translate('ra.navigation.previous')}
            disabled={page <= 1}
            onClick={() => go(Math.max(1, asked.current - 1))}
          >
            ‹
          </button>
          {pageItems(page, lastPage).map((item, index) =>
            item === 'gap' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: a gap is known only by its place
              <span key={`gap-${index}`} aria-hidden>
                …
              </span>
            ) : (
              <button
                key={item}
                type="button"
                aria-current={item === page ? 'page' : undefined}
                aria-label={translate(item === page ? 'ra.navigation.current_page' : 'ra.navigation.page', {
                  page: item,
                })}
                onClick={() => item !== asked.current && go(item)}
              >
                {item}
              </button>
            ),
          )}
          <button
            type="button"
            aria-label={translate('ra.navigation.next')}
            disabled={totalPages !== undefined ? page >= totalPages : !hasNextPage}
            onClick={() => go(Math.min(lastPage, asked.current + 1))}
          >
            ›
          </button>
        </nav>
      )}
    </Footer>
  );
});

const Footer = styled('div')(({ theme }) => ({
  ...theme.typography.body2,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'flex-end',
  gap: theme.spacing(1),
  minHeight: 52,
  paddingRight: theme.spacing(2),
  color: theme.palette.text.primary,
  '& p': { margin: 0 },
  '& select': {
    font: 'inherit',
    color: 'inherit',
    padding: '2px 4px',
    marginRight: theme.spacing(2),
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: theme.shape.borderRadius,
    background: 'transparent',
  },
  '& nav': { display: 'flex', alignItems: 'center', gap: 2, marginLeft: theme.spacing(2) },
  '& nav > span': { minWidth: 26, textAlign: 'center' },
  '& nav button': {
    font: 'inherit',
    fontSize: '0.8125rem',
    color: 'inherit',
    minWidth: 26,
    height: 26,
    padding: '0 4px',
    borderRadius: 13,
    border: 0,
    background: 'transparent',
    cursor: 'pointer',
    '&:hover:not(:disabled)': { backgroundColor: theme.palette.action.hover },
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 1 },
    '&:disabled': { color: theme.palette.action.disabled, cursor: 'default' },
    '&[aria-current="page"]': { backgroundColor: theme.palette.action.selected, cursor: 'default' },
    '&:first-of-type, &:last-of-type': { fontSize: '1.125rem' },
  },
}));
