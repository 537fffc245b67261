import { EXIT, TransferError } from "./exit-codes.js";
import type { HubHttp } from "./hub-http.js";

/** A file of the repo at one commit, with what its bytes must hash to. */
export interface RemoteFile {
  path: string;
  size: number;
  /** git blob sha1 of the file (of the pointer for LFS files). */
  oid: string;
  lfs?: { oid: string; size: number };
}

interface TreeEntry {
  type: string;
  path: string;
  size?: number;
  oid?: string;
  lfs?: { oid?: string; sha256?: string; size?: number };
}

const MAX_PAGES = 10_000;

/** Resolves a branch/tag/sha to the commit id, so every file is read from the same commit. */
export async function resolveCommit(hub: HubHttp): Promise<string> {
  const revision = hub.target.revision;
  const { body } = await hub.getJson<{ sha?: string | null }>(
    hub.apiUrl(`/revision/${encodeURIComponent(revision)}`),
    `${hub.repoLabel}@${revision}`,
  );
  if (!body.sha) throw new TransferError(EXIT.notFound, `${hub.repoLabel} has no commits yet`);
  return body.sha;
}

/** Every file at `commit` (recursive tree listing, following `Link: rel="next"` pages). */
export async function listRemoteFiles(hub: HubHttp, commit: string): Promise<RemoteFile[]> {
  const files: RemoteFile[] = [];
  let url: string | undefined = hub.apiUrl(`/tree/${commit}?recursive=true`);
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const { body, response }: { body: TreeEntry[]; response: Response } = await hub.getJson<TreeEntry[]>(
      url,
      `listing files of ${hub.repoLabel}`,
    );
    for (const entry of body) {
      if (entry.type !== "file") continue;
      const lfsOid = entry.lfs?.oid ?? entry.lfs?.sha256;
      files.push({
        path: entry.path,
        size: entry.size ?? 0,
        oid: entry.oid ?? "",
        lfs: lfsOid ? { oid: lfsOid, size: entry.lfs?.size ?? entry.size ?? 0 } : undefined,
      });
    }
    url = nextLink(response.headers.get("Link"));
  }
  return files;
}

function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  const match = /<([^>]+)>\s*;\s*rel="next"/.exec(header);
  return match?.[1];
}

/** Picks the requested files: exact paths or folders (everything below them). */
export function selectFiles(
  all: RemoteFile[],
  requested: string[],
): { selected: RemoteFile[]; missing: string[] } {
  if (requested.length === 0) return { selected: all, missing: [] };
  const selected = new Map<string, RemoteFile>();
  const missing: string[] = [];
  for (const raw of requested) {
    const wanted = raw.replace(/^\.?\/+|\/+$/g, "");
    const matches = all.filter((f) => f.path === wanted || f.path.startsWith(`${wanted}/`));
    if (matches.length === 0) missing.push(raw);
    for (const f of matches) selected.set(f.path, f);
  }
  return { selected: [...selected.values()], missing };
}

/**
 * Repo paths come from the server: refuse anything that could land outside the target folder on any
 * platform. A backslash may be part of a name (the Hub stores such names), but Windows reads it as a
 * separator, so no part between slashes or backslashes may be `..` and none may root the path.
 */
export function isSafeRelativePath(path: string): boolean {
  if (path === "" || path.includes("\0") || /^(?:[\\/]|[A-Za-z]:[\\/])/.test(path)) return false;
  if (path.split(/[\\/]/).includes("..")) return false;
  return path.split("/").every((part) => part !== "" && part !== ".");
}
