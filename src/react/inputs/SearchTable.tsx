import { forwardRef, useEffect, useId, useMemo, useState, type ReactNode, type TableHTMLAttributes } from 'react';
import {
  formatAddress,
  formatCodeableConcept,
  formatHumanName,
  formatQuantity,
  getDisplayString,
  getSearchParameterDetails,
  type Bundle,
  type Resource,
} from '../../fhir';
import { slotClass, type InputsClassNames } from './classNames';
import { useDebouncedSearch } from './useDebouncedSearch';

/** Search debounce of the filter. */
export const SEARCH_TABLE_DEBOUNCE_MS = 250;

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
  column: (code) => (code.charAt(0).toUpperCase() + code.slice(1)).replace(/-/g, ' '),
};

interface ResolvedColumn {
  key: string;
  label: string;
  path: string;
  system?: string;
  sort?: string;
  render?: (resource: Resource) => ReactNode;
}

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

/**
 * The text of the value at a dotted path: names, concepts, addresses and references formatted; the
 * first of a list, or with `system` the first ContactPoint of that system ('phone': a phone number,
 * never the email listed before it).
 */
export function formatPath(resource: Resource, path: string, system?: string): string {
  let value: any = resource;
  for (const part of path.split('.')) {
    if (Array.isArray(value)) value = value[0];
    if (value === null || typeof value !== 'object') return '';
    // A choice element (value[x]) is stored under valueQuantity, valueString...
    const key =
      part in value ? part : Object.keys(value).find((k) => k.startsWith(part) && /^[A-Z]/.test(k.slice(part.length)));
    value = key ? value[key] : undefined;
  }
  if (Array.isArray(value) && system) value = value.find((v) => v?.system === system);
  else if (Array.isArray(value)) value = value[0];
  else if (system && value?.system !== system) return '';
  if (value === undefined || value === null) return '';
  if (typeof value !== 'object') return String(value);
  if ('family' in value || 'given' in value) return formatHumanName(value);
  if ('coding' in value || 'text' in value) return formatCodeableConcept(value);
  if ('city' in value || 'line' in value || 'postalCode' in value) return formatAddress(value);
  if ('display' in value || 'reference' in value) return value.display ?? value.reference ?? '';
  // A number is a Quantity (unit as people write it); a ContactPoint's value is its text.
  if ('value' in value) return typeof value.value === 'number' ? formatQuantity(value) : String(value.value ?? '');
  return '';
}

/** Options of {@link useSearchTable}. */
export interface UseSearchTableOptions {
  readonly resourceType: string;
  readonly search: BundleSearch;
  /** Rows per page (`_count`). Default 20. */
  readonly pageSize?: number;
  /** The search parameter the filter box fills. Default 'name'. */
  readonly filterParam?: string;
  /** Fixed search parameters added to every search. */
  readonly query?: Readonly<Record<string, string>>;
}

/**
 * Headless search table: the query (filter 250 ms after typing stops, sort, page), the page of
 * results, and the selection. Paging follows the server's `next` and `previous` links.
 */
export function useSearchTable({
  resourceType,
  search,
  pageSize = 20,
  filterParam = 'name',
  query: fixed,
}: UseSearchTableOptions) {
  const [filterText, setFilterText] = useState('');
  const [query, setQuery] = useState<Record<string, string>>(() => ({ ...fixed, _count: String(pageSize) }));
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());

  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery((q) => {
        const next = { ...q };
        delete next._offset;
        if (filterText.trim()) next[filterParam] = filterText.trim();
        else delete next[filterParam];
        return JSON.stringify(next) === JSON.stringify(q) ? q : next;
      });
    }, SEARCH_TABLE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [filterText, filterParam]);

  const key = JSON.stringify(query);
  const result = useDebouncedSearch(
    async (_k, signal) => {
      const bundle = await search(resourceType, query, { signal });
      return [bundle];
    },
    key,
    true,
    0,
    resourceType
  );
  const bundle = result.items[0];
  const rows = useMemo(() => (bundle?.entry ?? []).map((e) => e.resource).filter((r): r is Resource => !!r), [bundle]);
  useEffect(() => setSelected(new Set()), [bundle]);

  const link = (relation: string) => bundle?.link?.find((l) => l.relation === relation)?.url;
  const follow = (relation: 'next' | 'previous') => {
    const url = link(relation) ?? (relation === 'previous' ? link('prev') : undefined);
    if (url) setQuery(Object.fromEntries(new URL(url).searchParams));
  };
  const sortBy = (param: string) =>
    setQuery((q) => {
      const next: Record<string, string> = { ...q, _sort: q._sort === param ? `-${param}` : param };
      delete next._offset;
      return next;
    });
  const idOf = (r: Resource) => `${r.resourceType}/${r.id}`;
  const toggle = (r: Resource) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(idOf(r))) next.add(idOf(r));
      return next;
    });
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(idOf(r)));
  const toggleAll = () => setSelected(allSelected ? new Set() : new Set(rows.map(idOf)));

  return {
    filterText,
    setFilterText,
    query,
    sort: query._sort,
    sortBy,
    rows,
    bundle,
    loading: result.loading,
    error: result.error,
    hasNext: !!link('next'),
    hasPrevious: !!(link('previous') ?? link('prev')),
    next: () => follow('next'),
    previous: () => follow('previous'),
    isSelected: (r: Resource) => selected.has(idOf(r)),
    toggle,
    allSelected,
    someSelected: selected.size > 0 && !allSelected,
    toggleAll,
    selectedRows: rows.filter((r) => selected.has(idOf(r))),
  };
}

/** Props of {@link SearchTable}. */
export interface SearchTableProps
  extends UseSearchTableOptions, Omit<TableHTMLAttributes<HTMLTableElement>, 'onSelect'> {
  /** The table's accessible name, e.g. 'Patients'. */
  readonly label: string;
  readonly columns: readonly SearchTableColumn[];
  /** Shows a 'Bulk...' button that receives the selected rows. */
  readonly onBulk?: (selected: Resource[]) => void;
  /** Renders the first column's text as a link (e.g. a router Link); plain text otherwise. */
  readonly renderLink?: (resource: Resource, children: ReactNode) => ReactNode;
  readonly messages?: Partial<SearchTableMessages>;
  readonly classNames?: InputsClassNames;
}

/** A searchable, sortable, paged table of resources with row selection and an optional bulk action. */
export const SearchTable = /* @__PURE__ */ forwardRef<HTMLTableElement, SearchTableProps>(function SearchTable(
  {
    label,
    resourceType,
    search,
    pageSize,
    filterParam,
    query,
    columns,
    onBulk,
    renderLink,
    messages,
    classNames,
    className,
    ...rest
  },
  ref
) {
  const m = { ...defaultSearchTableMessages, ...messages };
  const table = useSearchTable({ resourceType, search, pageSize, filterParam, query });
  const cols = useMemo(() => resolveColumns(resourceType, columns, m.column), [resourceType, columns, m.column]);
  const id = useId();
  return (
    <div className={slotClass('inputs-table-root', classNames)} data-loading={table.loading || undefined}>
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
          {...rest}
          ref={ref}
          aria-label={label}
          aria-busy={table.loading || undefined}
          className={slotClass('inputs-table', classNames, className)}
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
                  const content = c.render ? c.render(r) : formatPath(r, c.path, c.system);
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
});
