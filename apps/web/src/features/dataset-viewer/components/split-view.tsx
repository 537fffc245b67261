import type { ColumnStatistics } from "@modelhub/api-types";
import { useCallback, useMemo } from "react";
import { ErrorState, Skeleton } from "../../../components/ui/status.js";
import { useFeatures, useListing, useStatistics } from "../api/use-viewer-queries.js";
import { errorText, isNotReady } from "../api/viewer-api.js";
import { featureKind, isNumericType } from "../lib/cells.js";
import {
  PAGE_SIZE,
  addFilter,
  goToPage,
  goToRow,
  listingMode,
  removeFilter,
  setSearch,
  toggleSort,
  type ViewerState,
} from "../lib/viewer-state.js";
import type { ColumnFilter } from "../lib/where.js";
import { ConversionNotice } from "./conversion-notice.js";
import { FilterBar } from "./filter-bar.js";
import { Pager } from "./pager.js";
import { RowsTable, type ColumnStats } from "./rows-table.js";
import { SearchBox } from "./search-box.js";

export type ChangeState = (next: (state: ViewerState) => ViewerState, replace?: boolean) => void;

/** A split's error as the API words it, shown where the table would be. */
export function SplitError({ message }: { message: string }) {
  return (
    <div className="status status-error split-error" role="alert" data-testid="split-error">
      <p className="status-title">This split could not be converted</p>
      <p className="status-body">{message}</p>
      <p className="split-error-hint small muted">
        Fix the file and push a new commit: the viewer converts it again.
      </p>
    </div>
  );
}

/** The table of one split: search, filters, sort, page numbers, and column charts from `/statistics`. */
export function SplitView({
  dataset,
  config,
  split,
  state,
  change,
}: {
  dataset: string;
  config: string;
  split: string;
  state: ViewerState;
  change: ChangeState;
}) {
  const mode = listingMode(state);
  const features = useFeatures(dataset, config, split, mode === "filter");
  const numeric = useMemo(() => {
    const columns = new Set<string>();
    for (const feature of features.data ?? []) if (isNumericType(feature.type)) columns.add(feature.name);
    return columns;
  }, [features.data]);
  const isNumeric = useCallback((column: string) => numeric.has(column), [numeric]);
  const listing = useListing(
    dataset,
    config,
    split,
    state,
    isNumeric,
    mode !== "filter" || !features.isPending,
  );
  const statistics = useStatistics(dataset, config, split);

  const stats = useMemo((): ColumnStats | undefined => {
    if (!statistics.data) return undefined;
    const byColumn = new Map<string, ColumnStatistics>();
    for (const item of statistics.data.statistics) byColumn.set(item.column_name, item);
    return { byColumn, numExamples: statistics.data.num_examples };
  }, [statistics.data]);

  const onSearch = useCallback((text: string) => change((s) => setSearch(s, text), true), [change]);
  const onPick = useCallback(
    (filters: ColumnFilter[]) => change((s) => filters.reduce((next, filter) => addFilter(next, filter), s)),
    [change],
  );

  const page = listing.data;
  // Media cells are URLs: nothing a filter could usefully compare.
  const columns =
    page?.features
      .filter((feature) => !["Image", "Audio"].includes(featureKind(feature.type) ?? ""))
      .map((feature) => feature.name) ?? [];
  const highlightIndex =
    state.row !== undefined && Math.floor(state.row / PAGE_SIZE) === state.page
      ? state.row % PAGE_SIZE
      : undefined;

  if (listing.isError && isNotReady(listing.error)) return <ConversionNotice dataset={dataset} />;

  return (
    <div className="split-view" data-testid="split-view">
      <div className="viewer-controls">
        <SearchBox value={state.search} onSearch={onSearch} />
        {columns.length > 0 ? (
          <FilterBar
            columns={columns}
            filters={state.filters}
            sort={state.sort}
            onAdd={(filter) => change((s) => addFilter(s, filter))}
            onRemove={(index) => change((s) => removeFilter(s, index))}
            onClearSort={() => change((s) => ({ ...s, sort: undefined, page: 0 }))}
          />
        ) : null}
      </div>
      {listing.isError ? (
        mode === "rows" ? (
          <SplitError message={errorText(listing.error)} />
        ) : (
          <ErrorState error={listing.error} retry={() => void listing.refetch()} />
        )
      ) : !page ? (
        <Skeleton lines={10} height="360px" />
      ) : (
        <>
          {page.rows.length === 0 ? (
            <p className="status status-empty viewer-no-rows">
              {mode === "rows" ? "This split has no rows." : "No rows match."}
            </p>
          ) : (
            <div
              className={listing.isPlaceholderData ? "viewer-stale" : undefined}
              aria-busy={listing.isFetching}
            >
              <RowsTable
                page={page}
                stats={stats}
                sort={state.sort}
                highlightIndex={highlightIndex}
                sortable={mode !== "search"}
                onSort={(column) => change((s) => toggleSort(s, column))}
                onPick={onPick}
              />
            </div>
          )}
          <Pager
            page={state.page}
            rowsOnPage={page.rows.length}
            totalRows={page.num_rows_total}
            onPage={(next) => change((s) => goToPage(s, next))}
            onRow={(row) => change((s) => goToRow(s, row))}
          />
          {statistics.isError && !isNotReady(statistics.error) ? (
            <p className="small muted">Column statistics are not available: {errorText(statistics.error)}</p>
          ) : null}
        </>
      )}
    </div>
  );
}
