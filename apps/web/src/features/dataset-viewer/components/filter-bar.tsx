import { useState, type FormEvent } from "react";
import type { ColumnSort } from "../lib/where.js";
import {
  FILTER_OPERATORS,
  describeFilter,
  isFilterOperator,
  needsValue,
  type ColumnFilter,
  type FilterOperator,
} from "../lib/where.js";

/** Builds one column filter (column, operator, value) and lists the active ones as removable chips. */
export function FilterBar({
  columns,
  filters,
  sort,
  onAdd,
  onRemove,
  onClearSort,
}: {
  columns: string[];
  filters: ColumnFilter[];
  sort?: ColumnSort;
  onAdd: (filter: ColumnFilter) => void;
  onRemove: (index: number) => void;
  onClearSort: () => void;
}) {
  const [column, setColumn] = useState(columns[0] ?? "");
  const [op, setOp] = useState<FilterOperator>("=");
  const [value, setValue] = useState("");
  const chosen = columns.includes(column) ? column : (columns[0] ?? "");

  function add(event: FormEvent) {
    event.preventDefault();
    if (!chosen || (needsValue(op) && value.trim() === "")) return;
    onAdd({ column: chosen, op, value: needsValue(op) ? value : "" });
    setValue("");
  }

  return (
    <div className="viewer-filters">
      <form className="filter-form" onSubmit={add} aria-label="Add a filter">
        <select
          className="input"
          aria-label="Filter column"
          value={chosen}
          onChange={(event) => setColumn(event.target.value)}
        >
          {columns.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        <select
          className="input filter-op"
          aria-label="Filter operator"
          value={op}
          onChange={(event) => isFilterOperator(event.target.value) && setOp(event.target.value)}
        >
          {FILTER_OPERATORS.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
        {needsValue(op) ? (
          <input
            className="input filter-value"
            aria-label="Filter value"
            placeholder="value"
            value={value}
            onChange={(event) => setValue(event.target.value)}
          />
        ) : null}
        <button type="submit" className="button button-small">
          Add filter
        </button>
      </form>
      {filters.length > 0 || sort ? (
        <ul className="active-filters viewer-chips" aria-label="Active filters">
          {filters.map((filter, index) => (
            <li key={`${filter.column}-${filter.op}-${filter.value}`}>
              <button
                type="button"
                className="filter-chip"
                aria-pressed="true"
                aria-label={`Remove filter ${describeFilter(filter)}`}
                onClick={() => onRemove(index)}
              >
                {describeFilter(filter)} ×
              </button>
            </li>
          ))}
          {sort ? (
            <li>
              <button
                type="button"
                className="filter-chip"
                aria-pressed="true"
                aria-label={`Remove sorting by ${sort.column}`}
                onClick={onClearSort}
              >
                sorted by {sort.column} {sort.direction === "asc" ? "↑" : "↓"} ×
              </button>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}
