import { useQuery } from "@tanstack/react-query";
import { requestPage } from "../../api-client.js";
import type { RepoType, TreeEntry } from "@modelhub/api-types";
import { apiPaths } from "../../../config/paths.js";

const MAX_PAGES = 20;

/** Lists one folder, following `Link` pages (bounded). */
export async function getTree(
  type: RepoType,
  id: string,
  revision: string,
  path: string,
): Promise<TreeEntry[]> {
  let page = await requestPage<TreeEntry>(apiPaths.tree(type, id, revision, path), {
    query: { expand: true },
  });
  const entries = [...page.items];
  for (let i = 1; i < MAX_PAGES && page.nextUrl; i++) {
    const next = new URL(page.nextUrl);
    page = await requestPage<TreeEntry>(next.pathname + next.search);
    entries.push(...page.items);
  }
  return entries.sort((a, b) =>
    a.type === b.type ? a.path.localeCompare(b.path) : a.type === "directory" ? -1 : 1,
  );
}

export function useTree(type: RepoType, id: string, revision: string, path: string) {
  return useQuery({
    queryKey: ["tree", type, id, revision, path],
    queryFn: () => getTree(type, id, revision, path),
  });
}
