/**
 * Column filters and sorting as the `where` and `orderby` parameters of the viewer's `/filter` route:
 * SQL-like text with identifiers in double quotes and strings in single quotes, as the Hub documents.
 */

export const FILTER_OPERATORS = [
  "=",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "contains",
  "is null",
  "is not null",
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

export interface ColumnFilter {
  column: string;
  op: FilterOperator;
  /** The typed text; a number-looking value compares as a number on numeric columns. */
  value: string;
}

export type SortDirection = "asc" | "desc";

export interface ColumnSort {
  column: string;
  direction: SortDirection;
}

export function isFilterOperator(value: string): value is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(value);
}

export function needsValue(op: FilterOperator): boolean {
  return op !== "is null" && op !== "is not null";
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function quoteString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/** A literal for `value`: bare for numbers (numeric columns) and booleans, quoted otherwise. */
export function literal(value: string, numeric: boolean): string {
  const trimmed = value.trim();
  if (numeric && NUMBER.test(trimmed)) return trimmed;
  if (/^(true|false)$/i.test(trimmed) && numeric) return trimmed.toLowerCase();
  return quoteString(value);
}

export function filterClause(filter: ColumnFilter, numeric = false): string {
  const column = quoteIdentifier(filter.column);
  if (filter.op === "is null") return `${column} IS NULL`;
  if (filter.op === "is not null") return `${column} IS NOT NULL`;
  if (filter.op === "contains") return `${column} ILIKE ${quoteString(`%${filter.value}%`)}`;
  return `${column} ${filter.op} ${literal(filter.value, numeric)}`;
}

/**
 * The `where` text for a list of filters (joined with AND). `isNumeric` tells which columns compare
 * as numbers or booleans, so `"age" > 30` is not a string comparison.
 */
export function whereClause(
  filters: readonly ColumnFilter[],
  isNumeric: (column: string) => boolean,
): string {
  return filters.map((filter) => filterClause(filter, isNumeric(filter.column))).join(" AND ");
}

export function orderByClause(sort: ColumnSort | undefined): string {
  return sort ? `${quoteIdentifier(sort.column)} ${sort.direction.toUpperCase()}` : "";
}

export function describeFilter(filter: ColumnFilter): string {
  return needsValue(filter.op)
    ? `${filter.column} ${filter.op} ${filter.value}`
    : `${filter.column} ${filter.op}`;
}
