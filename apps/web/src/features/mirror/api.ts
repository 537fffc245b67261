import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MirrorPullLine, MirrorPullProgress, MirrorReport, RepoType } from "@modelhub/api-types";
import { requestJson, send } from "../../lib/api-client.js";

export type { MirrorReport, MirroredRepoReport as MirrorRepoStats } from "@modelhub/api-types";
export type { MirrorPullProgress as PullProgress } from "@modelhub/api-types";
type PullLine = MirrorPullLine;

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
export function usePullRepo(onProgress: (progress: MirrorPullProgress) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PullRequest): Promise<MirrorPullProgress> => {
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
