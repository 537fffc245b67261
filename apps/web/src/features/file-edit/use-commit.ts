import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../lib/api-error.js";
import type { RepoType } from "@modelhub/api-types";
import { commitChanges, commitErrorMessage, type CommitResult, type FileChange } from "./commit-api.js";
import type { CommitFields } from "./commit-form.js";
import { editPaths } from "./edit-paths.js";

/** What the page after a browser commit shows in its banner (router state). */
export interface CommittedState {
  committed: { oid: string; summary: string };
}

/** Where to go after the commit landed on the branch (a pull request always opens its page). */
export type AfterCommit = (branch: string) => string | Promise<string>;

/**
 * Runs a browser commit: on success refreshes what the repo pages cached and moves on; on failure
 * keeps the page as it is (nothing typed is lost) and holds the message for the form.
 */
export function useCommit(type: RepoType, id: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; conflict: boolean; forbidden: boolean }>();

  async function commit(
    changes: FileChange[],
    fields: CommitFields,
    parentCommit: string | undefined,
    after: AfterCommit,
    /** A last check before committing (e.g. the hub's card validation): a message stops the commit. */
    precheck?: () => Promise<string | undefined>,
  ): Promise<void> {
    setBusy(true);
    setError(undefined);
    const refusal = await precheck?.();
    if (refusal) {
      setError({ message: refusal, conflict: false, forbidden: false });
      setBusy(false);
      return;
    }
    let result: CommitResult;
    try {
      result = await commitChanges(
        type,
        id,
        fields.branch,
        { summary: fields.summary, description: fields.description, parentCommit, changes },
        { createPr: fields.createPr },
      );
    } catch (caught) {
      const forbidden = caught instanceof ApiError && caught.status === 403;
      const editing = changes.some((change) => change.kind === "write");
      setError({ ...commitErrorMessage(caught, fields.branch, editing), forbidden });
      setBusy(false);
      return;
    }
    for (const key of ["tree", "repo-info", "commits", "readme", "file-text"])
      await queryClient.invalidateQueries({ queryKey: [key, type, id] });
    if (result.pullRequestNum !== undefined) {
      setBusy(false);
      void navigate(editPaths.discussion(type, id, result.pullRequestNum));
      return;
    }
    const state: CommittedState = { committed: { oid: result.commitOid, summary: fields.summary } };
    const target = await after(fields.branch);
    setBusy(false);
    void navigate(target, { state });
  }

  return { commit, busy, error, clearError: () => setError(undefined) };
}
