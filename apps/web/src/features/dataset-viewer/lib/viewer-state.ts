import { isFilterOperator, type ColumnFilter, type ColumnSort } from "./where.js";

/** Rows per page, the Hub viewer's and the API's maximum `length`. */
export const PAGE_SIZE = 100;

/**
 * What the viewer shows, kept in the page URL so every view can be shared and survives a reload.
 * Parameter names follow the Hub's viewer URLs where it has one (`p` is the 0-based page, `row`
 * the highlighted row, `q` the search, `sort[column]`/`sort[direction]`, `sql` the console query).
 */
export interface ViewerState {
  config?: string;
  split?: string;
  /** 0-based page index. */
  page: number;
  /** A row index (in the current listing) to scroll to and highlight. */
  row?: number;
  search: string;
  filters: ColumnFilter[];
  sort?: ColumnSort;
  /** Set when the SQL console is open; the query in the editor. */
  sql?: string;
}

export const VIEWER_PARAMS = [
  "config",
  "split",
  "p",
  "row",
  "q",
  "filter",
  "sort[column]",
  "sort[direction]",
  "sql",
];

function nonNegativeInt(text: string | null): number | undefined {
  if (text === null || !/^\d{1,12}$/.test(text)) return undefined;
  return Number(text);
}

function parseFilter(text: string): ColumnFilter | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (!Array.isArray(value) || value.length < 2) return undefined;
    const [column, op, operand = ""] = value as unknown[];
    if (typeof column !== "string" || typeof op !== "string" || typeof operand !== "string") return undefined;
    return isFilterOperator(op) ? { column, op, value: operand } : undefined;
  } catch {
    return undefined;
  }
}

export function readViewerState(params: URLSearchParams): ViewerState {
  const sortColumn = params.get("sort[column]");
  const direction = params.get("sort[direction]");
  return {
    config: params.get("config") ?? undefined,
    split: params.get("split") ?? undefined,
    page: nonNegativeInt(params.get("p")) ?? 0,
    row: nonNegativeInt(params.get("row")),
    search: params.get("q") ?? "",
    filters: params
      .getAll("filter")
      .map(parseFilter)
      .filter((filter) => filter !== undefined),
    sort: sortColumn ? { column: sortColumn, direction: direction === "desc" ? "desc" : "asc" } : undefined,
    sql: params.get("sql") ?? undefined,
  };
}

/** `state` written into a copy of `base`: the viewer's parameters replaced, any others kept. */
export function writeViewerState(state: ViewerState, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of VIEWER_PARAMS) params.delete(name);
  if (state.config) params.set("config", state.config);
  if (state.split) params.set("split", state.split);
  if (state.page > 0) params.set("p", String(state.page));
  if (state.row !== undefined) params.set("row", String(state.row));
  if (state.search) params.set("q", state.search);
  for (const filter of state.filters) {
    const parts =
      filter.op === "is null" || filter.op === "is not null"
        ? [filter.column, filter.op]
        : [filter.column, filter.op, filter.value];
    params.append("filter", JSON.stringify(parts));
  }
  if (state.sort) {
    params.set("sort[column]", state.sort.column);
    params.set("sort[direction]", state.sort.direction);
  }
  if (state.sql !== undefined) params.set("sql", state.sql);
  return params;
}

/** The listing the table shows: plain rows, a full-text search, or filtered/sorted rows. */
export type ListingMode = "rows" | "search" | "filter";

export function listingMode(state: ViewerState): ListingMode {
  if (state.search.trim()) return "search";
  return state.filters.length > 0 || state.sort ? "filter" : "rows";
}

// Transitions. Search and filter/sort exclude each other (the Hub's /search takes no `where`).

export function selectConfig(state: ViewerState, config: string): ViewerState {
  return { page: 0, search: "", filters: [], config, sql: state.sql };
}

/** Another split starts unfiltered on its first page (its columns may differ). */
export function selectSplit(state: ViewerState, split: string): ViewerState {
  return { page: 0, search: "", filters: [], config: state.config, split, sql: state.sql };
}

export function setSearch(state: ViewerState, search: string): ViewerState {
  return { ...state, search, filters: [], sort: undefined, page: 0, row: undefined };
}

export function addFilter(state: ViewerState, filter: ColumnFilter): ViewerState {
  const same = (f: ColumnFilter) =>
    f.column === filter.column && f.op === filter.op && f.value === filter.value;
  const filters = state.filters.some(same) ? state.filters : [...state.filters, filter];
  return { ...state, filters, search: "", page: 0, row: undefined };
}

export function removeFilter(state: ViewerState, index: number): ViewerState {
  return { ...state, filters: state.filters.filter((_, i) => i !== index), page: 0, row: undefined };
}

/** Header clicks cycle a column: ascending → descending → unsorted. */
export function toggleSort(state: ViewerState, column: string): ViewerState {
  const current = state.sort?.column === column ? state.sort.direction : undefined;
  const sort: ColumnSort | undefined =
    current === undefined
      ? { column, direction: "asc" }
      : current === "asc"
        ? { column, direction: "desc" }
        : undefined;
  return { ...state, sort, search: "", page: 0, row: undefined };
}

export function goToPage(state: ViewerState, page: number): ViewerState {
  return { ...state, page: Math.max(0, Math.floor(page)), row: undefined };
}

/** Jumps to a 0-based row index: its page, with the row highlighted. */
export function goToRow(state: ViewerState, row: number): ViewerState {
  const index = Math.max(0, Math.floor(row));
  return { ...state, page: Math.floor(index / PAGE_SIZE), row: index };
}

export function openSql(state: ViewerState, query: string): ViewerState {
  return { ...state, sql: query };
}

export function closeSql(state: ViewerState): ViewerState {
  return { ...state, sql: undefined };
}
