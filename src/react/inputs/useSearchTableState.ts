// What a SearchTable holds between searches: the filter text, the sort, the page and the selected
// rows, each controlled or uncontrolled through useControllableState, so a page can keep them in
// its URL. A change the user makes resets what hangs on it: a new filter or sort starts again at
// the first page, and any move to another page clears the selection, which is per page.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useControllableState } from '../primitives/useControllableState';

/** Search debounce of the filter. */
export const SEARCH_TABLE_DEBOUNCE_MS = 250;

/** The search parameters of one page (`_count`, `_sort`, the filter, `_offset`...). */
export type SearchTableQuery = Readonly<Record<string, string>>;

/** The table's state props: each part controlled (`filter`) or uncontrolled (`defaultFilter`). */
export interface SearchTableStateProps {
  /** The text in the filter box; when given, the filter is controlled. */
  readonly filter?: string;
  /** The first text of an uncontrolled filter. Default ''. */
  readonly defaultFilter?: string;
  /** Called with the text on every change the user makes (the search follows 250 ms later). */
  readonly onFilterChange?: (filter: string) => void;
  /** The `_sort` value ('birthdate', '-birthdate' descending; '' the server's order); when given, controlled. */
  readonly sort?: string;
  /** The first sort of an uncontrolled table. Default '' (or the `_sort` of `query`). */
  readonly defaultSort?: string;
  /** Called with the new `_sort` value when the user sorts by a column. */
  readonly onSortChange?: (sort: string) => void;
  /** The page shown, from 0; when given, controlled. */
  readonly page?: number;
  /** The first page of an uncontrolled table. Default 0. */
  readonly defaultPage?: number;
  /** Called with the new page when the user pages, or goes back to 0 after a new filter or sort. */
  readonly onPageChange?: (page: number) => void;
  /** The selected rows as references ('Patient/123'); when given, controlled. */
  readonly selection?: readonly string[];
  /** The first selection of an uncontrolled table. Default none. */
  readonly defaultSelection?: readonly string[];
  /** Called with the new selection when the user checks a row or 'Select all', or pages. */
  readonly onSelectionChange?: (selection: readonly string[]) => void;
}

/** Options of {@link useSearchTableState}. */
export interface UseSearchTableStateOptions extends SearchTableStateProps {
  /** Rows per page (`_count`). Default 20. */
  readonly pageSize?: number;
  /** The search parameter the filter fills. Default 'name'. */
  readonly filterParam?: string;
  /** Fixed search parameters added to every search. */
  readonly query?: SearchTableQuery;
}

const NO_SELECTION: readonly string[] = [];

interface Current {
  readonly page: number;
  readonly selection: readonly string[];
  readonly setPage: (page: number) => void;
  readonly setSelection: (selection: readonly string[]) => void;
}

/** Back to the first page with nothing selected; a callback only for what changes. */
function toFirstPage(now: Current): void {
  if (now.page !== 0) now.setPage(0);
  if (now.selection.length) now.setSelection(NO_SELECTION);
}

/**
 * The table's state and the query of the page it shows. Paging follows the server's `next` and
 * `previous` links; a page reached without one (a `defaultPage` restored from a URL) is asked for
 * with `_offset`.
 */
export function useSearchTableState({
  filter: filterProp,
  defaultFilter = '',
  onFilterChange,
  sort: sortProp,
  defaultSort = '',
  onSortChange,
  page: pageProp,
  defaultPage = 0,
  onPageChange,
  selection: selectionProp,
  defaultSelection = NO_SELECTION,
  onSelectionChange,
  pageSize = 20,
  filterParam = 'name',
  query: fixed,
}: UseSearchTableStateOptions) {
  const [filter = '', setFilter] = useControllableState({
    value: filterProp,
    defaultValue: defaultFilter,
    onValueChange: onFilterChange,
  });
  const [ownSort = '', setSort] = useControllableState({
    value: sortProp,
    defaultValue: defaultSort,
    onValueChange: onSortChange,
  });
  const [page = 0, setPage] = useControllableState({
    value: pageProp,
    defaultValue: defaultPage,
    onValueChange: onPageChange,
  });
  const [selection = NO_SELECTION, setSelection] = useControllableState({
    value: selectionProp,
    defaultValue: defaultSelection,
    onValueChange: onSelectionChange,
  });
  const sort = ownSort || fixed?._sort || '';

  // The latest page and selection, for the debounce timer: it must not restart on a page change.
  const latest = useRef<Current>({ page, selection, setPage, setSelection });
  latest.current = { page, selection, setPage, setSelection };

  // The filter the search uses: the text the user typed once typing has stopped for the
  // debounce, which starts again at the first page; a filter the page sets applies at once and
  // leaves the page as the page sets it (a URL restored with both).
  const typed = filter.trim();
  const [searched, setSearched] = useState(typed);
  const userTyped = useRef(false);
  const typeFilter = useCallback(
    (text: string) => {
      userTyped.current = true;
      setFilter(text);
    },
    [setFilter]
  );
  useEffect(() => {
    if (typed === searched) return;
    const byUser = userTyped.current;
    const timer = setTimeout(
      () => {
        userTyped.current = false;
        setSearched(typed);
        if (byUser) toFirstPage(latest.current);
      },
      byUser ? SEARCH_TABLE_DEBOUNCE_MS : 0
    );
    return () => clearTimeout(timer);
  }, [typed, searched]);

  const fixedKey = JSON.stringify(fixed ?? {});
  const first = useMemo<SearchTableQuery>(() => {
    const q: Record<string, string> = { ...(JSON.parse(fixedKey) as SearchTableQuery), _count: String(pageSize) };
    if (searched) q[filterParam] = searched;
    if (sort) q._sort = sort;
    return q;
  }, [fixedKey, pageSize, searched, filterParam, sort]);
  const firstKey = JSON.stringify(first);

  // The query of each page reached through a server link, for the first page's query they belong to.
  const [links, setLinks] = useState<{ readonly first: string; readonly pages: Record<number, SearchTableQuery> }>({
    first: '',
    pages: {},
  });
  const known = links.first === firstKey ? links.pages[page] : undefined;
  const query: SearchTableQuery = page === 0 ? first : (known ?? { ...first, _offset: String(page * pageSize) });

  return {
    filter,
    /** Sets the filter as the user types it: searched after the debounce, from the first page. */
    setFilter: typeFilter,
    /** The `_sort` in effect: the table's, else the fixed query's. */
    sort,
    /** Sorts by a search parameter, ascending, or descending when it already sorts ascending by it. */
    sortBy: (param: string) => {
      setSort(sort === param ? `-${param}` : param);
      toFirstPage(latest.current);
    },
    page,
    query,
    /** Goes to the page before or after, whose query is the server's link `url`. */
    follow: (relation: 'next' | 'previous', url: string) => {
      const target = relation === 'next' ? page + 1 : Math.max(0, page - 1);
      const params = Object.fromEntries(new URL(url).searchParams);
      setLinks((l) => ({ first: firstKey, pages: { ...(l.first === firstKey ? l.pages : {}), [target]: params } }));
      if (target !== page) setPage(target);
      if (selection.length) setSelection(NO_SELECTION);
    },
    selection,
    setSelection,
  };
}
