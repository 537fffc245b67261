import type { DiscussionAuthor, DiscussionEvent, DiscussionSummary } from "@modelhub/api-types";
import type { CommentData, DiscussionRow, EventRow } from "./store.js";
import type { RepoRecord } from "../../domain/repo.js";

/** Markdown is stored and served as text; `html` is only the escaped text (the web renders markdown itself). */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function authorJson(name: string, repo: RepoRecord): DiscussionAuthor {
  return { name, type: "user", isOwner: name.toLowerCase() === repo.owner.toLowerCase() };
}

function parseData(event: EventRow): Record<string, unknown> {
  try {
    const value = JSON.parse(event.data) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function commentOf(event: EventRow): CommentData {
  return parseData(event) as unknown as CommentData;
}

/** An event as the Hub's clients read it (`type`, `data`, `author.name`, `createdAt`). */
export function eventJson(event: EventRow, repo: RepoRecord): DiscussionEvent {
  const author = authorJson(event.author, repo);
  if (event.type !== "comment") {
    const base = { id: event.id, type: event.type, createdAt: event.created_at, author };
    // The service stores these payloads in the shapes the wire type names (`NewEvent` in service.ts).
    return { ...base, data: parseData(event) } as DiscussionEvent;
  }
  const comment = commentOf(event);
  const raw = comment.hidden ? "" : comment.raw;
  return {
    id: event.id,
    type: "comment",
    createdAt: event.created_at,
    author,
    data: {
      edited: comment.history.length > 0,
      hidden: comment.hidden,
      ...(comment.hiddenBy ? { hiddenBy: comment.hiddenBy } : {}),
      numEdits: comment.history.length,
      editors: [...new Set([...comment.history.map((h) => h.editor), comment.editor])],
      latest: {
        raw,
        html: escapeHtml(raw),
        updatedAt: comment.updatedAt,
        author: authorJson(comment.editor, repo),
      },
      // Earlier versions of a hidden comment are not served either.
      history: comment.hidden ? [] : comment.history.map((h) => ({ ...h, author: { name: h.editor } })),
    },
  };
}

export function discussionJson(row: DiscussionRow, repo: RepoRecord, numComments: number): DiscussionSummary {
  return {
    num: row.num,
    title: row.title,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    isPullRequest: row.is_pull_request === 1,
    author: authorJson(row.author, repo),
    repo: { name: repo.id, type: repo.type },
    numComments,
    pinned: false,
    topReactions: [],
  };
}
