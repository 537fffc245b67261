import type { QueryClient } from "@tanstack/react-query";
import type { RepoType } from "@modelhub/api-types";
import { readmeQuery } from "../../lib/repos/api/get-file-text.js";
import { repoInfoQuery } from "../../lib/repos/api/get-repo-info.js";

/** First path segments that are app pages, never a repo owner. */
const RESERVED = new Set([
  "api",
  "models",
  "datasets",
  "spaces",
  "kernels",
  "tasks",
  "settings",
  "login",
  "new",
  "assets",
]);

const PREFIXED: Record<string, RepoType> = { datasets: "dataset", spaces: "space", kernels: "kernel" };

/**
 * On a cold load of a repo page, asks for the repo info and README (and the renderer chunks) while the
 * page's code is still downloading, instead of after it (saves round trips on the most visited pages).
 */
export function prefetchRepoPage(queryClient: QueryClient, pathname: string): void {
  const segments = pathname.split("/").filter(Boolean).map(decodeURIComponent);
  let type: RepoType = "model";
  const prefixed = PREFIXED[segments[0] ?? ""];
  if (prefixed && segments.length === 3) {
    type = prefixed;
    segments.shift();
  }
  if (segments.length !== 2 || RESERVED.has(segments[0])) return;
  const id = `${segments[0]}/${segments[1]}`;
  void queryClient.prefetchQuery(repoInfoQuery(type, id));
  void queryClient.prefetchQuery(readmeQuery(type, id, "main"));
  // The card renderer and the highlighter are needed next; fetch them alongside the page chunk.
  void import("../../components/markdown/markdown.js");
  void import("../../lib/highlight.js");
}
