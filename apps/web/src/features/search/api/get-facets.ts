import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiPaths } from "../../../config/paths.js";
import { requestJson } from "../../../lib/api-client.js";
import type { Facets, RepoType } from "@modelhub/api-types";

/** The listing's filter parameters (sort and cursor do not change counts). */
export interface FacetParams {
  search?: string;
  author?: string;
  pipeline_tag?: string;
  library?: string;
  language?: string;
  license?: string;
  filter?: string[];
}

export const FACET_LIMIT = 50;

export function getFacets(type: RepoType, params: FacetParams, signal?: AbortSignal): Promise<Facets> {
  return requestJson<Facets>(`${apiPaths.collection(type)}/facets`, {
    query: { ...params, limit: FACET_LIMIT },
    signal,
  });
}

export const facetsQuery = (type: RepoType, params: FacetParams) =>
  queryOptions({
    queryKey: ["facets", type, params],
    queryFn: ({ signal }) => getFacets(type, params, signal),
    // the old counts stay on screen (dimmed) while the next ones load, so the sidebar does not jump
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export function useFacets(type: RepoType, params: FacetParams, enabled = true) {
  return useQuery({ ...facetsQuery(type, params), enabled });
}
