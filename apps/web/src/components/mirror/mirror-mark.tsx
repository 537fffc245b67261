import type { RepoInfo } from "@modelhub/api-types";
import "./mirror-mark.css";

/** The upstream's host, as a short label ("huggingface.co", "127.0.0.1:8081"). */
export function upstreamHost(upstream: string): string {
  try {
    return new URL(upstream).host;
  } catch {
    return upstream;
  }
}

/** "Mirrored from <upstream>" on repo pages and listing cards of read-only mirrored repos. */
export function MirrorMark({ info, compact = false }: { info: Pick<RepoInfo, "mirror">; compact?: boolean }) {
  if (!info.mirror) return null;
  const host = upstreamHost(info.mirror.upstream);
  return (
    <span
      className="tag tag-mirror"
      title={`A read-only mirror of ${info.mirror.upstream}`}
      data-testid="mirror-mark"
    >
      <svg aria-hidden="true" width="12" height="12" viewBox="0 0 16 16" fill="none">
        <path
          d="M2.5 8a5.5 5.5 0 0 1 9.4-3.9M13.5 8a5.5 5.5 0 0 1-9.4 3.9M12 1.5v3h-3M4 14.5v-3h3"
          stroke="currentColor"
          strokeWidth="1.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {compact ? "Mirror" : `Mirrored from ${host}`}
    </span>
  );
}

/** In place of upload and edit buttons on a mirrored repo. */
export function MirrorReadOnlyNote({ info }: { info: Pick<RepoInfo, "mirror"> }) {
  if (!info.mirror) return null;
  return (
    <p className="notice notice-info small mirror-note" data-testid="mirror-read-only">
      Read-only mirror of{" "}
      <a href={info.mirror.upstream} rel="noreferrer" target="_blank">
        {upstreamHost(info.mirror.upstream)}
      </a>
      : files, branches and settings change on the upstream only; this hub keeps them in sync.
    </p>
  );
}

/** Where upload, edit and delete buttons would be, on a mirrored repo's files. */
export function MirrorInlineNote({ upstream }: { upstream: string }) {
  return (
    <span
      className="mirror-inline-note"
      data-testid="mirror-read-only"
      title={`Files change on ${upstream} only`}
    >
      Read-only mirror of {upstreamHost(upstream)}
    </span>
  );
}
