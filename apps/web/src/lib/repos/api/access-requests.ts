import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { requestJson } from "../../api-client.js";
import type {
  AccessRequest,
  AccessRequestStatus,
  AskAccessResponse,
  GateState,
  RepoType,
} from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

const gateKey = (type: RepoType, id: string, user: string | undefined) => ["gate", type, id, user ?? ""];

/** The viewer's standing on a gated repo (refetched when the signed-in user changes). */
export function useGateState(type: RepoType, id: string, user: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: gateKey(type, id, user),
    queryFn: () => requestJson<GateState>(`${apiPaths.repo(type, id)}/user-access-request/me`),
    enabled,
  });
}

export function useAskAccess(type: RepoType, id: string, user: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (answers: Record<string, string | boolean>) =>
      requestJson<AskAccessResponse>(`${apiPaths.repo(type, id)}/ask-access`, {
        method: "POST",
        json: answers,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: gateKey(type, id, user) }),
  });
}

export function useAccessRequests(type: RepoType, id: string, status: AccessRequestStatus, enabled: boolean) {
  return useQuery({
    queryKey: ["access-requests", type, id, status],
    queryFn: () => requestJson<AccessRequest[]>(`${apiPaths.repo(type, id)}/user-access-request/${status}`),
    enabled,
  });
}

export function useHandleAccessRequest(type: RepoType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { user: string; status: AccessRequestStatus }) =>
      requestJson<object>(`${apiPaths.repo(type, id)}/user-access-request/handle`, {
        method: "POST",
        json: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["access-requests", type, id] }),
  });
}
