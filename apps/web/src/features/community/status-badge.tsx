import type { DiscussionStatus } from "@modelhub/api-types";

const LABEL: Record<DiscussionStatus, string> = {
  open: "Open",
  draft: "Draft",
  closed: "Closed",
  merged: "Merged",
};

/** Open / closed / merged, coloured as the state it names. */
export function StatusBadge({ status }: { status: DiscussionStatus }) {
  return <span className={`tag community-status community-status-${status}`}>{LABEL[status]}</span>;
}

/** A small label telling pull requests from discussions. */
export function KindBadge({ isPullRequest }: { isPullRequest: boolean }) {
  return (
    <span className={`tag community-kind${isPullRequest ? " community-kind-pr" : ""}`}>
      {isPullRequest ? "Pull request" : "Discussion"}
    </span>
  );
}
