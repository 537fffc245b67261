import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { ViewerState } from "../lib/viewer-state.js";
import {
  fetchConversionStatus,
  fetchFeatures,
  fetchListing,
  fetchSize,
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

/** Row counts per split, for the split picker (optional: the picker works without them). */
export function useSize(dataset: string, refreshKey: number) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "size", refreshKey],
    queryFn: ({ signal }) => fetchSize(dataset, signal),
    retry: false,
    staleTime: 60_000,
  });
}

export function useConversionStatus(dataset: string, enabled: boolean) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "status"],
    queryFn: ({ signal }) => fetchConversionStatus(dataset, signal),
    enabled,
    retry: false,
    refetchInterval: enabled ? CONVERSION_POLL_MS : false,
  });
}

/** The column types of a split (to write `where` literals), read once per split. */
export function useFeatures(dataset: string, config: string, split: string, enabled: boolean) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "features", config, split],
    queryFn: ({ signal }) => fetchFeatures(dataset, config, split, signal),
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
  });
}

export function useListing(
  dataset: string,
  config: string,
  split: string,
  state: ViewerState,
  isNumeric: (column: string) => boolean,
  enabled: boolean,
) {
  const request = listingRequest(dataset, config, split, state, isNumeric);
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "listing", request],
    queryFn: ({ signal }) => fetchListing(request, signal),
    enabled,
    retry: false,
    // The previous page stays on screen (dimmed) while the next one loads: the table does not jump.
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileConverting,
  });
}

export function useStatistics(dataset: string, config: string, split: string) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "statistics", config, split],
    queryFn: ({ signal }) => fetchStatistics(dataset, config, split, signal),
    retry: false,
    staleTime: 5 * 60_000,
    refetchInterval: pollWhileConverting,
  });
}

/** The result of the query last run in the console (idle until one runs). */
export function useSqlResult(dataset: string, config: string, query: string | undefined) {
  return useQuery({
    queryKey: ["dataset-viewer", dataset, "sql", config, query],
    enabled: Boolean(query?.trim()),
    queryFn: ({ signal }) => runSql(dataset, config, query ?? "", signal),
    retry: false,
    staleTime: 60_000,
  });
}
