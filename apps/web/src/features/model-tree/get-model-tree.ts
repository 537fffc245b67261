import { useQuery } from "@tanstack/react-query";
import { requestJson } from "../../lib/api-client.js";
import type { ModelTree } from "@modelhub/api-types";

export function modelTreePath(id: string): string {
  return `/api/models/${id}/model-tree`;
}

/** The model's bases and the counts of models built on it, in one request. */
export function useModelTree(id: string) {
  return useQuery({
    queryKey: ["model-tree", id],
    queryFn: ({ signal }) => requestJson<ModelTree>(modelTreePath(id), { signal }),
  });
}
