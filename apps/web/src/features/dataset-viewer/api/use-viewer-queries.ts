import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ViewerState } from "../lib/viewer-state.js";
import {
  fetchListing,
  fetchSplits,
  fetchStatistics,
  isNotReady,
  listingRequest,
  runSql,
} from "./viewer-api.js";

/** How often a view still waiting for the Parquet conversion asks again. */
export const CONVERSION_POLL_MS = 2000;

const pollWhileConverting = (query: { state: { error: unknown } }) =>
  isNotReady(query.state.error) ? CONVERSION_POLL_MS : false;

export function useSplits(dataset: string) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "splits"],
    queryFn: ({ signal }) => fetchSplits(dataset, signal),
    retry: false,
    refetchInterval: (query) =>
      (query.state.data?.pending.length ?? 0) > 0 ? CONVERSION_POLL_MS : pollWhileConverting(query),
  });
}

export function useListing(
  dataset: string,
  config: string | undefined,
  split: string | undefined,
  state: ViewerState,
  isNumeric: (column: string) => boolean,
) {
  const request = config && split ? listingRequest(dataset, config, split, state, isNumeric) : undefined;
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "listing", request],
    enabled: request !== undefined,
    queryFn: ({ signal }) => fetchListing(request!, signal),
    retry: false,
    // The previous page stays on screen (dimmed) while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileConverting,
  });
}

export function useStatistics(dataset: string, config: string | undefined, split: string | undefined) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "statistics", config, split],
    enabled: Boolean(config && split),
    queryFn: ({ signal }) => fetchStatistics(dataset, config ?? "", split ?? "", signal),
    retry: false,
    staleTime: 5 * 60_000,
    refetchInterval: pollWhileConverting,
  });
}

/** The result of the query last run in the console (`undefined` until one runs). */
export function useSqlResult(dataset: string, config: string | undefined, query: string | undefined) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "sql", config, query],
    enabled: Boolean(query?.trim()),
    queryFn: ({ signal }) => runSql(dataset, config, query ?? "", signal),
    retry: false,
    staleTime: 60_000,
  });
}
