import {
  forwardRef,
  useId,
  useMemo,
  type HTMLAttributes,
  type ReactNode,
  type Ref,
  type TableHTMLAttributes,
} from 'react';
import { formatNumber, getDisplayString, getSearchParameterDetails, type Bundle, type Resource } from '../../fhir';
import { useLocale } from '../locale/LocaleContext';
import { cellOf, formatPath, type ResolvedColumn } from './searchTableCells';
import { optionKeys, splitProps } from '../primitives/splitProps';
import { slotClass, type InputsClassNames } from './classNames';
import { useDebouncedSearch } from './useDebouncedSearch';
import { useSearchTableState, type UseSearchTableStateOptions } from './useSearchTableState';
import { useMessages } from '../locale/MessagesContext';
import { plural } from '../locale/plural';

// The table's state hook and types are part of its public API, exported with it.
export { formatPath };
export * from './useSearchTableState';

/** One column: a search parameter code ('name', 'birthdate'), or a field with its own label, path and sort. */
export type SearchTableColumn =
  | string
  | {
      readonly key: string;
      readonly label: string;
      /** Dotted element path shown in the cell (e.g. 'address.city'). */
      readonly path?: string;
      /** For a list of ContactPoints (e.g. path 'telecom'): show the first of this system ('phone', 'email'). */
      readonly system?: string;
      /** The search parameter the column sorts by; not sortable without one. */
      readonly sort?: string;
      /** Renders the cell instead of the value at `path`. */
      readonly render?: (resource: Resource) => ReactNode;
    };

/** Runs one page of the search; the app hands in its client, e.g. `(t, q, o) => client.search(t, q, o)`. */
export type BundleSearch = (
  resourceType: string,
  query: Record<string, string>,
  options: { signal: AbortSignal }
) => Promise<Bundle>;

/** Every text of {@link SearchTable}. */
export interface SearchTableMessages {
  readonly filter: string;
  readonly noResults: string;
  readonly loading: string;
  readonly bulk: string;
  readonly selectAll: string;
  readonly selectRow: (name: string) => string;
  readonly previous: string;
  readonly next: string;
  /** The server's count of matches (`Bundle.total`), with the number already formatted in the table's locale. */
  readonly results: (count: number, formatted: string) => string;
  /** The header of a column given as a search parameter code. */
  readonly column: (code: string) => string;
}

/** The default English texts of {@link SearchTable}. */
export const defaultSearchTableMessages: SearchTableMessages = {
  filter: 'Search',
  noResults: 'No results',
  loading: 'Loading…',
  bulk: 'Bulk...',
  selectAll: 'Select all',
  selectRow: (name) => `Select ${name}`,
  previous: 'Previous page',
  next: 'Next page',
  results: (count, formatted) => plural('en', count, { one: `${formatted} result`, other: `${formatted} results` }),
  column: (code) => (code.charAt(0).toUpperCase() + code.slice(1)).replace(/-/g, ' '),
};

/** The columns with labels, paths and sort parameters filled in from the search-parameter table. */
export function resolveColumns(
  resourceType: string,
  columns: readonly SearchTableColumn[],
  label: (code: string) => string = defaultSearchTableMessages.column
): ResolvedColumn[] {
  return columns.map((c) => {
    if (typeof c !== 'string') return { ...c, path: c.path ?? c.key };
    const details = getSearchParameterDetails(resourceType, c);
    const path = details?.paths[0]?.replace(/\[x\]$/, '') ?? c;
    // 'phone' and 'email' search telecom limited to one system: the cell shows that system's entry.
    return {
      key: c,
      label: label(c),
      path,
      sort: c,
      ...(details?.telecomSystem ? { system: details.telecomSystem } : {}),
    };
  });
}

/** Options of {@link useSearchTable}. */
export interface UseSearchTableOptions extends UseSearchTableStateOptions {
  readonly resourceType: string;
  readonly search: BundleSearch;
}

const idOf = (r: Resource) => `${r.resourceType}/${r.id}`;

/**
 * Headless search table: the query (filter 250 ms after typing stops, sort, page), the page of
 * results, and the selection, each controllable (useSearchTableState). Paging follows the
 * server's `next` and `previous` links.
 */
export function useSearchTable({ resourceType, search, ...stateOptions }: UseSearchTableOptions) {
  const state = useSearchTableState(stateOptions);
  const { query, selection, setSelection } = state;

  const result = useDebouncedSearch(
    async (_k, signal) => {
      const bundle = await search(resourceType, query, { signal });
      return [bundle];
    },
    JSON.stringify(query),
    true,
    0,
    resourceType
  );
  const bundle = result.items[0];
  const rows = useMemo(() => (bundle?.entry ?? []).map((e) => e.resource).filter((r): r is Resource => !!r), [bundle]);

  const link = (relation: string) => bundle?.link?.find((l) => l.relation === relation)?.url;
  const nextUrl = link('next');
  const previousUrl = link('previous') ?? link('prev');
  const selected = new Set(selection);
  const isSelected = (r: Resource) => selected.has(idOf(r));
  const toggle = (r: Resource) =>
    setSelection(isSelected(r) ? selection.filter((id) => id !== idOf(r)) : [...selection, idOf(r)]);
  const allSelected = rows.length > 0 && rows.every(isSelected);
  const toggleAll = () => {
    const onPage = new Set(rows.map(idOf));
    setSelection(
      allSelected
        ? selection.filter((id) => !onPage.has(id))
        : [...selection, ...[...onPage].filter((id) => !selected.has(id))]
    );
  };

  return {
    filterText: state.filter,
    setFilterText: state.setFilter,
    query,
    sort: state.sort,
    sortBy: state.sortBy,
    page: state.page,
    rows,
    bundle,
    loading: result.loading,
    error: result.error,
    hasNext: !!nextUrl,
    hasPrevious: !!previousUrl,
    next: () => {
      if (nextUrl) state.follow('next', nextUrl);
    },
    previous: () => {
      if (previousUrl) state.follow('previous', previousUrl);
    },
    selection,
    isSelected,
    toggle,
    allSelected,
    someSelected: !allSelected && rows.some(isSelected),
    toggleAll,
    selectedRows: rows.filter(isSelected),
  };
}

/** Props of {@link SearchTable}; other HTML attributes, `className`, `dir` and `ref` go to the root element. */
export interface SearchTableProps extends UseSearchTableOptions, HTMLAttributes<HTMLDivElement> {
  /** The table's accessible name, e.g. 'Patients'. */
  readonly label: string;
  readonly columns: readonly SearchTableColumn[];
  /** Shows a 'Bulk...' button that receives the selected rows. */
  readonly onBulk?: (selected: Resource[]) => void;
  /** Renders the first column's text as a link (e.g. a router Link); plain text otherwise. */
  readonly renderLink?: (resource: Resource, children: ReactNode) => ReactNode;
  /** The locale of dates, numbers and the result count; default the FhirProvider's, else the browser's. */
  readonly locale?: string;
  readonly messages?: Partial<SearchTableMessages>;
  readonly classNames?: InputsClassNames;
  /** Attributes of the `<table>` element itself. */
  readonly tableProps?: TableHTMLAttributes<HTMLTableElement>;
  /** A ref to the `<table>` element (`ref` is the root's). */
  readonly tableRef?: Ref<HTMLTableElement>;
}

const SEARCH_TABLE_OPTIONS = /* @__PURE__ */ optionKeys<UseSearchTableOptions>()([
  'resourceType',
  'search',
  'pageSize',
  'filterParam',
  'query',
  'filter',
  'defaultFilter',
  'onFilterChange',
  'sort',
  'defaultSort',
  'onSortChange',
  'page',
  'defaultPage',
  'onPageChange',
  'selection',
  'defaultSelection',
  'onSelectionChange',
]);

/** A searchable, sortable, paged table of resources with row selection and an optional bulk action. */
export const SearchTable = /* @__PURE__ */ forwardRef<HTMLDivElement, SearchTableProps>(
  function SearchTable(props, ref) {
    const {
      label,
      columns,
      onBulk,
      renderLink,
      locale: localeProp,
      messages,
      classNames,
      className,
      tableProps,
      tableRef,
      ...others
    } = props;
    const [options, rest] = splitProps(others, SEARCH_TABLE_OPTIONS);
    const m = useMessages('searchTable', defaultSearchTableMessages, messages);
    const locale = useLocale(localeProp);
    const table = useSearchTable(options);
    const cols = useMemo(
      () => resolveColumns(options.resourceType, columns, m.column),
      [options.resourceType, columns, m.column]
    );
    const id = useId();
    const total = table.bundle?.total;
    return (
      <div
        {...rest}
        ref={ref}
        className={slotClass('inputs-table-root', classNames, className)}
        data-loading={table.loading || undefined}
      >
        <div className={slotClass('inputs-table-toolbar', classNames)}>
          <label className={slotClass('inputs-label', classNames)} htmlFor={`${id}-filter`}>
            {m.filter}
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            className={slotClass('input', classNames)}
            value={table.filterText}
            onChange={(e) => table.setFilterText(e.target.value)}
          />
          {onBulk && (
            <button
              type="button"
              className={slotClass('button', classNames)}
              data-variant="outline"
              disabled={!table.selectedRows.length}
              onClick={() => onBulk(table.selectedRows)}
            >
              {m.bulk}
            </button>
          )}
        </div>
        {/* A table with many columns scrolls inside this box on a narrow screen, never the page; a
          named region in the tab order, so it can be scrolled from the keyboard. */}
        <div className={slotClass('inputs-table-scroll', classNames)} role="region" tabIndex={0} aria-label={label}>
          <table
            {...tableProps}
            ref={tableRef}
            aria-label={label}
            aria-busy={table.loading || undefined}
            className={slotClass('inputs-table', classNames, tableProps?.className)}
          >
            <thead>
              <tr>
                <th scope="col">
                  <input
                    type="checkbox"
                    aria-label={m.selectAll}
                    checked={table.allSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = table.someSelected;
                    }}
                    onChange={table.toggleAll}
                  />
                </th>
                {cols.map((c) => {
                  const sort =
                    table.sort === c.sort
                      ? 'ascending'
                      : c.sort && table.sort === `-${c.sort}`
                        ? 'descending'
                        : undefined;
                  return (
                    <th key={c.key} scope="col" aria-sort={sort}>
                      {c.sort ? (
                        <button
                          type="button"
                          className={slotClass('inputs-table-sort', classNames)}
                          onClick={() => table.sortBy(c.sort!)}
                        >
                          {c.label}
                        </button>
                      ) : (
                        c.label
                      )}
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((r) => (
                <tr key={`${r.resourceType}/${r.id}`} data-selected={table.isSelected(r) || undefined}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={m.selectRow(getDisplayString(r))}
                      checked={table.isSelected(r)}
                      onChange={() => table.toggle(r)}
                    />
                  </td>
                  {cols.map((c, i) => {
                    const content = cellOf(r, c, locale);
                    return <td key={c.key}>{i === 0 && renderLink ? renderLink(r, content) : content}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {table.error && (
          <p role="alert" className={slotClass('inputs-error', classNames)}>
            {table.error}
          </p>
        )}
        {!table.loading && !table.error && table.bundle && table.rows.length === 0 && (
          <p role="status" className={slotClass('inputs-hint', classNames)}>
            {m.noResults}
          </p>
        )}
        {table.loading && !table.bundle && (
          <p role="status" className={slotClass('inputs-hint', classNames)}>
            {m.loading}
          </p>
        )}
        <div className={slotClass('inputs-table-pager', classNames)}>
          {typeof total === 'number' && table.rows.length > 0 && (
            <p role="status" className={slotClass('inputs-hint', classNames)}>
              {m.results(total, formatNumber(total, locale))}
            </p>
          )}
          <button
            type="button"
            className={slotClass('button', classNames)}
            data-variant="outline"
            disabled={!table.hasPrevious}
            onClick={table.previous}
          >
            {m.previous}
          </button>
          <button
            type="button"
            className={slotClass('button', classNames)}
            data-variant="outline"
            disabled={!table.hasNext}
            onClick={table.next}
          >
            {m.next}
          </button>
        </div>
      </div>
    );
  }
);
