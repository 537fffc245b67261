import type { ColumnStatistics, RowsResponse } from "@modelhub/api-types";
import { useEffect, useRef } from "react";
import { typeLabel } from "../lib/cells.js";
import { columnChart } from "../lib/column-stats.js";
import type { ColumnFilter, ColumnSort } from "../lib/where.js";
import { CellValue } from "./cell-value.js";
import { ColumnChart } from "./column-chart.js";

export interface ColumnStats {
  byColumn: Map<string, ColumnStatistics>;
  numExamples: number;
}

function SortButton({
  column,
  sort,
  onSort,
}: {
  column: string;
  sort?: ColumnSort;
  onSort: (c: string) => void;
}) {
  const direction = sort?.column === column ? sort.direction : undefined;
  const next = direction === undefined ? "ascending" : direction === "asc" ? "descending" : "unsorted";
  return (
    <button
      type="button"
      className={`column-sort${direction ? " active" : ""}`}
      onClick={() => onSort(column)}
      aria-label={`Sort by ${column} (${next})`}
      title={`Sort ${next}`}
    >
      {direction === "asc" ? "↑" : direction === "desc" ? "↓" : "↕"}
    </button>
  );
}

/**
 * One page of rows under column headers that carry each column's type, a sort toggle and a chart of
 * the column's values over the whole split.
 */
export function RowsTable({
  page,
  stats,
  sort,
  highlightIndex,
  sortable,
  onSort,
  onPick,
}: {
  page: RowsResponse;
  stats?: ColumnStats;
  sort?: ColumnSort;
  /** Position on this page of the row to scroll to and mark (after a jump to a row). */
  highlightIndex?: number;
  sortable: boolean;
  onSort: (column: string) => void;
  onPick: (filters: ColumnFilter[]) => void;
}) {
  const highlighted = useRef<HTMLTableRowElement>(null);
  useEffect(() => {
    highlighted.current?.scrollIntoView({ block: "nearest" });
  }, [highlightIndex, page]);

  return (
    <div className="data-table-wrap viewer-table-wrap" data-testid="viewer-table">
      <table className="data-table viewer-table">
        <thead>
          <tr>
            <th scope="col" className="row-index-head">
              <span className="visually-hidden">Row</span>#
            </th>
            {page.features.map((feature) => (
              <th key={feature.name} scope="col" data-column={feature.name}>
                <div className="column-head">
                  <div className="column-title">
                    <span className="column-name">{feature.name}</span>
                    <span className="column-type">{typeLabel(feature.type)}</span>
                    {sortable ? <SortButton column={feature.name} sort={sort} onSort={onSort} /> : null}
                  </div>
                  {stats ? (
                    <ColumnChart
                      column={feature.name}
                      chart={columnChart(stats.byColumn.get(feature.name), stats.numExamples, feature.type)}
                      onPick={onPick}
                    />
                  ) : null}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {page.rows.map((row, index) => {
            const marked = index === highlightIndex;
            return (
              <tr
                key={row.row_idx}
                ref={marked ? highlighted : undefined}
                className={marked ? "row-highlight" : undefined}
                data-row={row.row_idx}
              >
                <th scope="row" className="row-index">
                  {row.row_idx}
                </th>
                {page.features.map((feature) => (
                  <td key={feature.name}>
                    <CellValue
                      value={row.row[feature.name]}
                      type={feature.type}
                      truncated={row.truncated_cells.includes(feature.name)}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
