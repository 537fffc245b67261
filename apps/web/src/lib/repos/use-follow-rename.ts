import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";

/** `pathname` with its first `owner/name` pair equal to `fromId` (any case) replaced by `toId`. */
export function renamedRepoPath(pathname: string, fromId: string, toId: string): string {
  const [fromOwner, fromName] = fromId.toLowerCase().split("/");
  const [toOwner, toName] = toId.split("/");
  const segments = pathname.split("/");
  for (let i = 0; i + 1 < segments.length; i++) {
    if (decode(segments[i]).toLowerCase() !== fromOwner || decode(segments[i + 1]).toLowerCase() !== fromName)
      continue;
    segments.splice(i, 2, encodeURIComponent(toOwner), encodeURIComponent(toName));
    return segments.join("/");
  }
  return pathname;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The hub answers an old name of a renamed repo with a redirect that fetch follows, so the page got the
 * repo under its new id: move the address bar there too (the server does the same for full page loads).
 */
export function useFollowRename(requestedId: string, currentId: string | undefined): void {
  const navigate = useNavigate();
  const location = useLocation();
  useEffect(() => {
    if (!currentId || currentId.toLowerCase() === requestedId.toLowerCase()) return;
    const next = renamedRepoPath(location.pathname, requestedId, currentId);
    if (next !== location.pathname)
      void navigate(`${next}${location.search}${location.hash}`, { replace: true });
  }, [requestedId, currentId, location.pathname, location.search, location.hash, navigate]);
}
