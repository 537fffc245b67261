import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminScansReport,
  RepoScanAnswer,
  RepoType,
  ScanReleaseAnswer,
  ScanRescanAnswer,
  SecurityFileStatus,
} from "@modelhub/api-types";
import { requestJson } from "../api-client.js";
import { apiPaths } from "../../config/paths.js";

const PENDING_POLL_MS = 3000;

/** The revision's scan summary and every file's status (`GET …/scan?files=true`). */
export function useRepoScan(type: RepoType, id: string, revision = "main") {
  return useQuery({
    queryKey: ["repo-scan", type, id, revision],
    queryFn: () =>
      requestJson<RepoScanAnswer>(`${apiPaths.repo(type, id)}/scan`, { query: { revision, files: true } }),
    retry: false,
    // while files wait for their scans, the answer changes by itself
    refetchInterval: (query) => (query.state.data && !query.state.data.scansDone ? PENDING_POLL_MS : false),
  });
}

/** One file's `securityFileStatus` (the same answer paths-info gives with `expand`). */
export function useFileSecurity(type: RepoType, id: string, revision: string, path: string) {
  return useQuery({
    queryKey: ["file-security", type, id, revision, path],
    queryFn: () =>
      requestJson<SecurityFileStatus>(`${apiPaths.repo(type, id)}/scan/file`, { query: { revision, path } }),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === "queued" ? PENDING_POLL_MS : false),
  });
}

const ADMIN_KEY = ["admin-scans"];

export function useAdminScans(enabled: boolean) {
  return useQuery({
    queryKey: ADMIN_KEY,
    queryFn: () => requestJson<AdminScansReport>("/api/admin/scans"),
    enabled,
    retry: false,
    refetchInterval: 10_000,
  });
}

export function useRescanAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => requestJson<ScanRescanAnswer>("/api/admin/scans/rescan", { method: "POST" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}

export function useReleaseFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { key: string; reason: string }) =>
      requestJson<ScanReleaseAnswer>("/api/admin/scans/release", { json: input }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_KEY }),
  });
}
