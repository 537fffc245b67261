/** One discussion or pull request of a repo; `num` counts both kinds per repo, from 1. */
export interface DiscussionTable {
  id: string;
  /** `repos.id` (stable across renames). */
  repo_id: string;
  num: number;
  title: string;
  author: string;
  /** 1 for pull requests. */
  is_pull_request: number;
  status: "open" | "closed" | "merged" | "draft";
  created_at: string;
  updated_at: string;
  /** Pull requests: the branch they target (`refs/heads/main`). */
  base_ref: string | null;
  /** Pull requests: commit `refs/pr/<num>` started at. */
  base_commit: string | null;
  /** Pull requests: last head of `refs/pr/<num>` turned into commit events. */
  head_commit: string | null;
  merge_commit: string | null;
}

/**
 * Every event of a discussion, in order (`seq`), kept so a later webhook can publish it.
 * `data` is the event's JSON payload (comment text and edit history, new status, title change, commit).
 */
export interface DiscussionEventTable {
  id: string;
  discussion_id: string;
  seq: number;
  type: "comment" | "status-change" | "title-change" | "commit";
  author: string;
  created_at: string;
  data: string;
}

export type DiscussionTables = {
  discussions: DiscussionTable;
  discussion_events: DiscussionEventTable;
};
