import { createContext, type ReactElement, type ReactNode, useMemo } from 'react';
import { FilterForm, ListContextProvider, type ListControllerResult, useListContext } from 'react-admin';

/** Whether the list's page is still loading, for a filter input that waits for the rows (DateRangeFilter). */
export const ListPendingContext = createContext<boolean | undefined>(undefined);

/**
 * Gives `children` only the part of the list that filtering uses: the filters, which are shown, the sort and page
 * size (saved queries keep them), and the functions that change them. react-admin's filter form and filter
 * button read the whole list, so every filter input rendered again whenever the list did: as its rows arrived
 * (some 150 of a warm navigation's components) and as each page loaded. `children` must be an element
 * made once (useMemo, or by a parent that does not render again with the list) for them to be left alone.
 */
export function ListFiltersOnly({ children }: { children: ReactNode }) {
  const { filterValues, displayedFilters, setFilters, showFilter, hideFilter, resource, sort, perPage, isPending } =
    useListContext();
  const filtersOnly = useMemo(
    () =>
      ({
        filterValues,
        displayedFilters,
        setFilters,
        showFilter,
        hideFilter,
        resource,
        sort,
        perPage,
      }) as ListControllerResult,
    [filterValues, displayedFilters, setFilters, showFilter, hideFilter, resource, sort, perPage],
  );
  return (
    <ListPendingContext.Provider value={isPending}>
      <ListContextProvider value={filtersOnly}>{children}</ListContextProvider>
    </ListPendingContext.Provider>
  );
}

/** react-admin's filter form over ListFiltersOnly: the list's filter bar. */
export function FilterBar({ filters }: { filters: ReactElement[] }) {
  const form = useMemo(() => <FilterForm filters={filters} />, [filters]);
  return <ListFiltersOnly>{form}</ListFiltersOnly>;
}
