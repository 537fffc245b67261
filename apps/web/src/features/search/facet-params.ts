import type { RepoType } from "@modelhub/api-types";
import type { FacetParams } from "./api/get-facets.js";

export function repoTypeOfPath(pathname: string): RepoType {
  if (pathname.startsWith("/datasets")) return "dataset";
  if (pathname.startsWith("/spaces")) return "space";
  return pathname.startsWith("/kernels") ? "kernel" : "model";
}

/**
 * The API query a listing page sends, read from its URL: the page's parameters are the API's, except
 * that a dataset task travels as a `task_categories:` tag and a space SDK as its bare tag (`static`, `gradio`, …).
 */
export function facetParamsOf(search: URLSearchParams, type: RepoType): FacetParams {
  const get = (key: string) => search.get(key) || undefined;
  const filter = search.getAll("filter").filter(Boolean);
  const params: FacetParams = {
    search: get("search"),
    author: get("author"),
    library: get("library"),
    language: get("language"),
    license: get("license"),
  };
  const task = get("pipeline_tag");
  if (task) {
    if (type === "dataset") filter.push(`task_categories:${task}`);
    else params.pipeline_tag = task;
  }
  const sdk = get("sdk");
  if (sdk) filter.push(sdk);
  if (filter.length > 0) params.filter = filter;
  for (const key of Object.keys(params) as (keyof FacetParams)[])
    if (params[key] === undefined) delete params[key];
  return params;
}
