import { apiPaths } from "../../config/paths.js";
import { requestJson } from "../../lib/api-client.js";
import { ApiError } from "../../lib/api-error.js";
import type { CommitResponse, RepoType } from "@modelhub/api-types";
import { toBase64 } from "../../lib/upload/api/encode.js";

/** One change of a browser commit. */
export type FileChange =
  | { kind: "write"; path: string; text: string }
  | { kind: "deleteFile"; path: string }
  | { kind: "deleteFolder"; path: string };

export interface CommitRequest {
  summary: string;
  description: string;
  /** The commit the page was loaded at: the hub answers 412 when the branch moved since. */
  parentCommit?: string;
  changes: FileChange[];
}

export interface CommitResult {
  commitOid: string;
  /** Set when the commit opened a pull request (refs/pr/N). */
  pullRequestNum?: number;
}

/** The NDJSON body of `POST /api/{type}s/{id}/commit/{rev}`: a header line, then one line per change. */
export function commitBody(request: CommitRequest): string {
  const header = {
    summary: request.summary,
    description: request.description,
    ...(request.parentCommit ? { parentCommit: request.parentCommit } : {}),
  };
  const lines = [{ key: "header", value: header }, ...request.changes.map(changeLine)];
  return `${lines.map((line) => JSON.stringify(line)).join("\n")}\n`;
}

function changeLine(change: FileChange): { key: string; value: Record<string, string> } {
  switch (change.kind) {
    case "write":
      return {
        key: "file",
        value: {
          path: change.path,
          content: toBase64(new TextEncoder().encode(change.text)),
          encoding: "base64",
        },
      };
    case "deleteFile":
      return { key: "deletedFile", value: { path: change.path } };
    case "deleteFolder":
      return { key: "deletedFolder", value: { path: change.path } };
  }
}

/** The number N of a pull request URL ending in `/discussions/N`. */
export function pullRequestNumber(url: string | undefined): number | undefined {
  const match = url ? /\/discussions\/(\d+)\/?$/.exec(url) : null;
  return match ? Number(match[1]) : undefined;
}

/** Commits the changes to `branch`, or opens a pull request against it when `createPr` is set. */
export async function commitChanges(
  type: RepoType,
  id: string,
  branch: string,
  request: CommitRequest,
  options: { createPr?: boolean } = {},
): Promise<CommitResult> {
  const answer = await requestJson<CommitResponse>(apiPaths.commit(type, id, branch), {
    method: "POST",
    query: { create_pr: options.createPr ? "1" : undefined },
    body: commitBody(request),
    headers: { "Content-Type": "application/x-ndjson" },
  });
  return { commitOid: answer.commitOid, pullRequestNum: pullRequestNumber(answer.pullRequestUrl) };
}

/** What went wrong with a commit, in words for the form (the API's message otherwise). */
export function commitErrorMessage(
  error: unknown,
  branch: string,
  editing = true,
): { message: string; conflict: boolean } {
  if (error instanceof ApiError && error.status === 412)
    return {
      conflict: true,
      message: `Someone committed to ${branch} after this page loaded, so nothing was committed. ${
        editing
          ? "Your text is still here: copy it, open the latest version and apply your change again."
          : "Reload the page to see the latest version, then try again."
      }`,
    };
  if (error instanceof ApiError && error.status === 403)
    return { conflict: false, message: `${error.message}. You can open a pull request instead.` };
  return { conflict: false, message: error instanceof Error ? error.message : "The commit failed." };
}
