import { Link, useLocation } from "react-router";
import { paths } from "../../config/paths.js";
import type { RepoType } from "@modelhub/api-types";
import type { CommittedState } from "./use-commit.js";

function committedOf(state: unknown): CommittedState["committed"] | undefined {
  if (typeof state !== "object" || state === null || !("committed" in state)) return undefined;
  const committed = (state as CommittedState).committed;
  return typeof committed?.oid === "string" ? committed : undefined;
}

/** The banner after a browser commit: what was committed, with a link to its diff. */
export function CommitNotice({ type, id }: { type: RepoType; id: string }) {
  const committed = committedOf(useLocation().state);
  if (!committed) return null;
  return (
    <p className="notice notice-ok" role="status" data-testid="commit-done">
      Committed <span className="mono">{committed.oid.slice(0, 7)}</span>: {committed.summary}.{" "}
      <Link to={paths.commit(type, id, committed.oid)}>See the changes</Link>
    </p>
  );
}
