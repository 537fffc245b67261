import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../../api-client.js";
import type { LikeState, RepoType } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

export function useLike(type: RepoType, id: string, signedIn: boolean) {
  return useQuery({
    queryKey: ["like", type, id],
    queryFn: () => requestJson<LikeState>(`${apiPaths.repo(type, id)}/like`),
    enabled: signedIn,
  });
}

export function useToggleLike(type: RepoType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (like: boolean) =>
      requestJson<LikeState>(`${apiPaths.repo(type, id)}/like`, { method: like ? "POST" : "DELETE" }),
    onSuccess: (state) => queryClient.setQueryData(["like", type, id], state),
  });
}
