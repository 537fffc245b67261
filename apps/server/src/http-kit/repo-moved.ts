import type { RepoMovedError } from "../domain/errors.js";

/**
 * Answers a RepoMovedError with a 307 whose `Location` is the same path and query with the new id:
 * relative, because the Hub clients follow only relative redirects (they take absolute ones for a CDN),
 * and 307 so a POST is repeated with its body.
 */
export function movedResponse(error: RepoMovedError, requestUrl: string, method: string): Response {
  const url = new URL(requestUrl);
  const location = `${renamedPath(url.pathname, error.fromId, error.toId)}${url.search}`;
  const body = method === "HEAD" ? null : JSON.stringify({ error: error.message, url: location });
  return new Response(body, {
    status: 307,
    headers: { Location: location, "Content-Type": "application/json; charset=utf-8" },
  });
}

/** The path with its first `owner/name` (or `owner/name.git`) pair matching `fromId` swapped for `toId`. */
export function renamedPath(pathname: string, fromId: string, toId: string): string {
  const [fromOwner, fromName] = fromId.toLowerCase().split("/");
  const [toOwner, toName] = toId.split("/");
  const segments = pathname.split("/");
  for (let i = 0; i + 1 < segments.length; i++) {
    const name = safeDecode(segments[i + 1]);
    const gitSuffix = name.toLowerCase().endsWith(".git") ? ".git" : "";
    const bareName = gitSuffix ? name.slice(0, -4) : name;
    if (safeDecode(segments[i]).toLowerCase() !== fromOwner || bareName.toLowerCase() !== fromName) continue;
    segments[i] = encodeURIComponent(toOwner);
    segments[i + 1] = encodeURIComponent(toName) + gitSuffix;
    break;
  }
  return segments.join("/");
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
