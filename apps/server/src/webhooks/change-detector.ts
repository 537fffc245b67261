import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { RepoType } from "../domain/repo.js";
import type { DiscussionTables } from "../platform/discussions/tables.js";
import { nowIso } from "../domain/ids.js";
import type { RepoRow, Repos } from "../platform/repos.js";
import type { EventDiscussion, EventRepo, HubEvent, UpdatedRef } from "./events.js";

/** Every ref of a repo and the commit it points at. */
export type ListRefs = (repo: { type: RepoType; id: string }) => Promise<Map<string, string>>;

/** What a write request found before it ran, to compare with after. */
export interface BeforeWrite {
  row: RepoRow;
  refs: Map<string, string>;
  startedAt: string;
}

function eventRepo(row: RepoRow): EventRepo {
  return {
    type: row.type as RepoType,
    id: row.id,
    name: row.full_id,
    owner: row.owner,
    private: row.private === 1,
    ...(row.sha ? { headSha: row.sha } : {}),
  };
}

function toDiscussion(row: DiscussionTables["discussions"]): EventDiscussion {
  return {
    id: row.id,
    num: row.num,
    title: row.title,
    author: row.author,
    isPullRequest: row.is_pull_request === 1,
    status: row.status,
    ...(row.base_ref ? { baseRef: row.base_ref } : {}),
    ...(row.merge_commit ? { mergeCommitId: row.merge_commit } : {}),
  };
}

/**
 * Turns what a write request changed into events: it compares the repo's row, refs and discussions
 * before and after the request, so every writer (commit API, git push, branch and tag routes, squash,
 * pull request merges, settings, discussions) is covered without each reporting on its own.
 */
export class ChangeDetector {
  private readonly db: Kysely<Database & DiscussionTables>;

  constructor(
    db: Kysely<Database>,
    private readonly repos: Repos,
    private readonly listRefs: ListRefs,
  ) {
    this.db = db.withTables<DiscussionTables>();
  }

  async before(row: RepoRow): Promise<BeforeWrite> {
    const startedAt = nowIso();
    return { row, refs: await this.refsOf(row), startedAt };
  }

  private refsOf(row: RepoRow): Promise<Map<string, string>> {
    return this.listRefs({ type: row.type as RepoType, id: row.full_id }).catch(() => new Map());
  }

  /** Events of a repo created by the request (`POST /api/repos/create`). */
  async created(repoId: string): Promise<HubEvent[]> {
    const row = await this.repos.findById(repoId);
    if (!row) return [];
    return [{ key: `repo:create:${row.id}`, scope: "repo", action: "create", repo: eventRepo(row) }];
  }

  async after(before: BeforeWrite): Promise<HubEvent[]> {
    const row = await this.repos.findById(before.row.id);
    if (!row)
      return [
        {
          key: `repo:delete:${before.row.id}`,
          scope: "repo",
          action: "delete",
          repo: eventRepo(before.row),
        },
      ];
    const events: HubEvent[] = [];
    const repo = eventRepo(row);
    if (row.full_id !== before.row.full_id)
      events.push({
        key: `repo:move:${row.id}:${before.row.full_id}:${row.full_id}`,
        scope: "repo",
        action: "move",
        repo: eventRepo(before.row),
        movedTo: { name: row.full_id, owner: row.owner },
      });
    if (row.private !== before.row.private)
      events.push({
        key: `repo:config:${row.id}:${before.startedAt}:private`,
        scope: "repo.config",
        action: "update",
        repo,
        updatedConfig: { private: row.private === 1 },
      });
    const updatedRefs = diffRefs(before.refs, await this.refsOf(row));
    if (updatedRefs.length > 0)
      events.push({
        key: `refs:${row.id}:${updatedRefs.map((r) => `${r.ref}:${r.oldSha}:${r.newSha}`).join(",")}`,
        scope: "repo.content",
        action: "update",
        repo,
        updatedRefs,
      });
    events.push(...(await this.discussionEvents(row, repo, before.startedAt)));
    return events;
  }

  private async discussionEvents(row: RepoRow, repo: EventRepo, since: string): Promise<HubEvent[]> {
    const discussions = await this.db
      .selectFrom("discussions")
      .selectAll()
      .where("repo_id", "=", row.id)
      .where("updated_at", ">=", since)
      .execute();
    if (discussions.length === 0) return [];
    const changes = await this.db
      .selectFrom("discussion_events")
      .selectAll()
      .where(
        "discussion_id",
        "in",
        discussions.map((d) => d.id),
      )
      .where("created_at", ">=", since)
      .orderBy("seq", "asc")
      .execute();
    const events: HubEvent[] = [];
    for (const d of discussions) {
      const discussion = toDiscussion(d);
      if (d.created_at >= since) {
        events.push({
          key: `discussion:create:${d.id}`,
          scope: "discussion",
          action: "create",
          repo,
          discussion,
        });
        continue;
      }
      for (const change of changes.filter((e) => e.discussion_id === d.id)) {
        if (change.type === "comment") {
          const data = JSON.parse(change.data) as { raw?: string; hidden?: boolean };
          events.push({
            key: `discussion-event:${change.id}`,
            scope: "discussion.comment",
            action: "create",
            repo,
            discussion,
            comment: {
              id: change.id,
              author: change.author,
              content: data.raw ?? "",
              hidden: data.hidden === true,
            },
          });
        } else if (change.type === "status-change" || change.type === "title-change") {
          events.push({
            key: `discussion-event:${change.id}`,
            scope: "discussion",
            action: "update",
            repo,
            discussion,
          });
        }
      }
    }
    return events;
  }
}

function diffRefs(before: Map<string, string>, after: Map<string, string>): UpdatedRef[] {
  const changes: UpdatedRef[] = [];
  for (const [ref, sha] of after) {
    const old = before.get(ref);
    if (old !== sha) changes.push({ ref, oldSha: old ?? null, newSha: sha });
  }
  for (const [ref, sha] of before) if (!after.has(ref)) changes.push({ ref, oldSha: sha, newSha: null });
  return changes.sort((a, b) => a.ref.localeCompare(b.ref));
}
