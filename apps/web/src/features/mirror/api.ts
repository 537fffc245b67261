import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { RepoType } from "@modelhub/api-types";
import { requestJson, send } from "../../lib/api-client.js";

// The shapes of `GET /api/admin/mirror` and `POST /api/admin/mirror/pull` (kept here until they join
// @modelhub/api-types).

export interface MirrorRepoStats {
  id: string;
  type: RepoType;
  sha: string | null;
  gated: string;
  refreshedAt: string;
  files: number;
  bytes: number;
  pinnedBytes: number;
  hits: number;
}

export interface MirrorReport {
  upstream: string;
  offline: boolean;
  upstreamReachable: boolean;
  refreshSeconds: number;
  cacheCapBytes: number | null;
  cachedBytes: number;
  hits: number;
  misses: number;
  bytesSaved: number;
  bytesFetched: number;
  evictions: number;
  verificationFailures: number;
  upstreamErrors: number;
  recentErrors: { at: string; message: string }[];
  inFlight: { oid: string; size: number; written: number }[];
  rules: { allow: string[]; deny: string[] };
  repos: MirrorRepoStats[];
}

export interface PullProgress {
  files: number;
  totalFiles: number;
  bytes: number;
  totalBytes: number;
  path?: string;
  fileSize?: number;
}

type PullLine =
  | { progress: PullProgress }
  | ({ done: true; id: string; revision: string } & PullProgress)
  | { error: string; status?: number };

export interface PullRequest {
  id: string;
  type: RepoType;
  revision: string;
}

const KEY = ["admin-mirror"];

export const adminMirrorPath = "/admin/mirror";

export function useMirrorReport(enabled: boolean) {
  return useQuery({
    queryKey: KEY,
    queryFn: () => requestJson<MirrorReport>("/api/admin/mirror"),
    enabled,
    retry: false,
    refetchInterval: 10_000,
  });
}

/** Reads the NDJSON lines of a pull as they arrive. */
async function* pullLines(body: ReadableStream<Uint8Array>): AsyncGenerator<PullLine> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const text = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (text) yield JSON.parse(text) as PullLine;
    }
  }
  if (buffered.trim()) yield JSON.parse(buffered) as PullLine;
}

/** Pins a whole upstream revision; `onProgress` hears every progress line. */
export function usePullRepo(onProgress: (progress: PullProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PullRequest): Promise<PullProgress> => {
      const response = await send("/api/admin/mirror/pull", {
        json: request,
        headers: { Accept: "application/x-ndjson" },
      });
      if (!response.body) throw new Error("The hub answered without a body");
      let last: PullLine | undefined;
      for await (const line of pullLines(response.body)) {
        last = line;
        if ("progress" in line) onProgress(line.progress);
      }
      if (!last || "progress" in last) throw new Error("The hub stopped answering during the pull");
      if ("error" in last) throw new Error(last.error);
      return last;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: KEY }),
  });
}
