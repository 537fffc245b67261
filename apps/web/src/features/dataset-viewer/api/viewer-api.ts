import { ApiError } from "../../../lib/api-error.js";
import { requestJson, type RequestOptions } from "../../../lib/api-client.js";
import { PAGE_SIZE, listingMode, type ViewerState } from "../lib/viewer-state.js";
import { orderByClause, whereClause } from "../lib/where.js";
import type {
  ConversionStatus,
  RowsResponse,
  SizeResponse,
  SplitsResponse,
  SqlRequest,
  SqlResponse,
  StatisticsResponse,
} from "@modelhub/api-types";

/** The hub serves the Hub dataset viewer's API under this prefix. */
export const VIEWER_API = "/datasets-server";

type Query = NonNullable<RequestOptions["query"]>;

export interface ListingRequest {
  path: string;
  query: Query;
}

/**
 * The request behind one page of the table: `/rows`, `/search` (with `query`) or `/filter` (with
 * `where`/`orderby`), always `offset`/`length` of one page.
 */
export function listingRequest(
  dataset: string,
  config: string,
  split: string,
  state: ViewerState,
  isNumeric: (column: string) => boolean,
): ListingRequest {
  const base: Query = { dataset, config, split, offset: state.page * PAGE_SIZE, length: PAGE_SIZE };
  switch (listingMode(state)) {
    case "search":
      return { path: `${VIEWER_API}/search`, query: { ...base, query: state.search.trim() } };
    case "filter":
      return {
        path: `${VIEWER_API}/filter`,
        query: { ...base, where: whereClause(state.filters, isNumeric), orderby: orderByClause(state.sort) },
      };
    default:
      return { path: `${VIEWER_API}/rows`, query: base };
  }
}

export function fetchSplits(dataset: string, signal?: AbortSignal): Promise<SplitsResponse> {
  return requestJson<SplitsResponse>(`${VIEWER_API}/splits`, { query: { dataset }, signal });
}

export function fetchListing(request: ListingRequest, signal?: AbortSignal): Promise<RowsResponse> {
  return requestJson<RowsResponse>(request.path, { query: request.query, signal });
}

export function fetchStatistics(
  dataset: string,
  config: string,
  split: string,
  signal?: AbortSignal,
): Promise<StatisticsResponse> {
  return requestJson<StatisticsResponse>(`${VIEWER_API}/statistics`, {
    query: { dataset, config, split },
    signal,
  });
}

export function runSql(dataset: string, config: string | undefined, query: string, signal?: AbortSignal) {
  const body: SqlRequest = config ? { dataset, config, query } : { dataset, query };
  return requestJson<SqlResponse>(`${VIEWER_API}/sql`, { method: "POST", json: body, signal });
}

export function fetchSize(dataset: string, signal?: AbortSignal): Promise<SizeResponse> {
  return requestJson<SizeResponse>(`${VIEWER_API}/size`, { query: { dataset }, signal });
}

/** The first row of a split: enough to learn its column types before filtering. */
export function fetchFeatures(dataset: string, config: string, split: string, signal?: AbortSignal) {
  return requestJson<RowsResponse>(`${VIEWER_API}/rows`, {
    query: { dataset, config, split, offset: 0, length: 1 },
    signal,
  }).then((page) => page.features);
}

/**
 * The API's answer while the Parquet conversion is still running: the Hub's `ResponseNotReady` code,
 * or this hub's 503 "being converted" (both mean: ask again shortly). Other 503s, such as a query
 * stopped by the time limit, are errors to show, not to poll on.
 */
export function isNotReady(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return (
    error.code === "ResponseNotReady" || (error.status === 503 && /being converted/i.test(error.message))
  );
}

/** This hub's conversion state of the dataset (queued, running, done, failed). */
export function fetchConversionStatus(dataset: string, signal?: AbortSignal): Promise<ConversionStatus> {
  return requestJson<ConversionStatus>(`${VIEWER_API}/status`, { query: { dataset }, signal });
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : "Something went wrong.";
}
