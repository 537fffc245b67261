import type {
  DiscussionDetails,
  DiscussionList,
  MergeResponse,
  NewCommentResponse,
  NewStatusResponse,
  NewTitleResponse,
  UpdatedCommentResponse,
} from "@modelhub/api-types";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.js";
import { AccessRequests, gateDenial } from "../access-requests.js";
import { toRepoRecord, type RepoRow } from "../repos.js";
import { commentOf, discussionJson, eventJson } from "./json.js";
import { PR_REF, canModerate, isWriter, prPushDenial, type PushDenial } from "./rules.js";
import {
  DiscussionStore,
  PAGE_SIZE,
  commentData,
  type DiscussionRow,
  type EventRow,
  type ListFilter,
  type NewEvent,
} from "./store.js";
import { HttpError, badRequest, conflict, forbidden, notFound } from "../../domain/errors.js";
import type { PullRequestRefs } from "../../domain/ports.js";
import type { RepoRecord, Viewer } from "../../domain/repo.js";

const BASE_REF = "refs/heads/main";

export type { PushDenial } from "./rules.js";

/**
 * Discussions and pull requests of repos: the rules of who may do what, the events each change
 * stores, and the git side of pull requests (through the content half's `PullRequestRefs`).
 * Callers have already checked that the viewer may read the repo (private repos answer 404 before).
 */
export class Discussions {
  private readonly store: DiscussionStore;
  private readonly requests: AccessRequests;

  constructor(
    db: Kysely<Database>,
    private readonly refs: PullRequestRefs | undefined,
  ) {
    this.store = new DiscussionStore(db);
    this.requests = new AccessRequests(db);
  }

  async list(row: RepoRow, filter: ListFilter): Promise<DiscussionList> {
    const repo = toRepoRecord(row);
    const { rows, count } = await this.store.list(row.id, filter);
    const comments = await this.store.commentCounts(rows.map((d) => d.id));
    return {
      discussions: rows.map((d) => discussionJson(d, repo, comments.get(d.id) ?? 0)),
      count,
      start: filter.page * PAGE_SIZE,
      counts: await this.store.counts(row.id),
    };
  }

  async details(row: RepoRow, num: number, withDiff: boolean): Promise<DiscussionDetails> {
    const repo = toRepoRecord(row);
    const discussion = await this.syncCommits(repo, await this.found(row, num));
    const events = await this.store.events(discussion.id);
    const isPr = discussion.is_pull_request === 1;
    const head = isPr ? (discussion.head_commit ?? discussion.base_commit) : null;
    const diff =
      isPr && withDiff && this.refs && discussion.base_commit && head
        ? await this.refs.diff(repo, discussion.base_commit, head)
        : undefined;
    return {
      ...discussionJson(discussion, repo, events.filter((e) => e.type === "comment").length),
      events: events.map((event) => eventJson(event, repo)),
      ...(isPr
        ? {
            changes: {
              base: discussion.base_ref ?? BASE_REF,
              head: `refs/pr/${discussion.num}`,
              baseCommit: discussion.base_commit,
              headCommit: head,
              ...(discussion.merge_commit ? { mergeCommitId: discussion.merge_commit } : {}),
            },
            filesWithConflicts:
              (discussion.status === "open" || discussion.status === "draft") && this.refs
                ? await this.refs.conflicts(repo, discussion.num)
                : [],
          }
        : {}),
      ...(diff !== undefined ? { diff } : {}),
    };
  }

  async create(
    viewer: Viewer,
    row: RepoRow,
    input: { title: string; description: string; pullRequest: boolean },
  ): Promise<DiscussionRow> {
    const user = await this.participant(viewer, row);
    const repo = toRepoRecord(row);
    let prepare: ((num: number) => Promise<{ baseRef: string; baseCommit: string }>) | undefined;
    if (input.pullRequest) {
      const refs = this.gitRefs();
      if (!row.sha)
        throw badRequest(
          `${row.full_id} has no commit on main yet: there is nothing to open a pull request on`,
        );
      prepare = async (num) => ({ baseRef: BASE_REF, baseCommit: await refs.create(repo, num) });
    }
    return this.store.create(row.id, { ...input, author: user }, prepare);
  }

  /**
   * A pull request whose first commit arrives with it (`create_pr=1` on the commit API): stores it
   * based on `baseCommit` and returns its number; the caller creates `refs/pr/<num>` with the commit.
   */
  async openForCommit(
    viewer: Viewer,
    row: RepoRow,
    input: { title: string; description: string; baseCommit: string },
  ): Promise<number> {
    const user = await this.participant(viewer, row);
    const created = await this.store.create(
      row.id,
      {
        title: input.title.trim().slice(0, 200) || "Pull request",
        description: input.description,
        author: user,
        pullRequest: true,
      },
      async () => ({ baseRef: BASE_REF, baseCommit: input.baseCommit }),
    );
    return created.num;
  }

  async comment(viewer: Viewer, row: RepoRow, num: number, text: string): Promise<NewCommentResponse> {
    const user = await this.participant(viewer, row);
    const discussion = await this.found(row, num);
    const [event] = await this.apply(discussion, [
      { type: "comment", author: user, data: { ...commentData(text, user, new Date().toISOString()) } },
    ]);
    return { newMessage: eventJson(event, toRepoRecord(row)) };
  }

  async editComment(
    viewer: Viewer,
    row: RepoRow,
    num: number,
    eventId: string,
    text: string,
  ): Promise<UpdatedCommentResponse> {
    const user = await this.participant(viewer, row);
    const event = await this.commentEvent(row, num, eventId);
    if (event.author.toLowerCase() !== user.toLowerCase())
      throw forbidden("Only the author of a comment may edit it");
    const comment = commentOf(event);
    if (comment.hidden) throw forbidden("This comment is hidden and cannot be edited");
    const now = new Date().toISOString();
    const updated = await this.store.updateEvent(event, {
      ...comment,
      raw: text,
      updatedAt: now,
      editor: user,
      history: [
        { raw: comment.raw, updatedAt: comment.updatedAt, editor: comment.editor },
        ...comment.history,
      ],
    });
    return { updatedComment: eventJson(updated, toRepoRecord(row)) };
  }

  async hideComment(
    viewer: Viewer,
    row: RepoRow,
    num: number,
    eventId: string,
  ): Promise<UpdatedCommentResponse> {
    const user = await this.participant(viewer, row);
    if (!isWriter(viewer, toRepoRecord(row)))
      throw forbidden(`Only the writers of ${row.full_id} may hide comments`);
    const event = await this.commentEvent(row, num, eventId);
    const comment = commentOf(event);
    const updated = comment.hidden
      ? event
      : await this.store.updateEvent(event, {
          ...comment,
          raw: "",
          hidden: true,
          hiddenBy: user,
          history: [],
        });
    return { updatedComment: eventJson(updated, toRepoRecord(row)) };
  }

  async rename(viewer: Viewer, row: RepoRow, num: number, title: string): Promise<NewTitleResponse> {
    const user = await this.participant(viewer, row);
    const discussion = await this.moderated(viewer, row, num);
    const [event] = await this.apply(
      discussion,
      [{ type: "title-change", author: user, data: { from: discussion.title, to: title } }],
      { title },
    );
    return { newTitle: eventJson(event, toRepoRecord(row)) };
  }

  async setStatus(
    viewer: Viewer,
    row: RepoRow,
    num: number,
    status: "open" | "closed",
    comment?: string,
  ): Promise<NewStatusResponse> {
    const user = await this.participant(viewer, row);
    const discussion = await this.moderated(viewer, row, num);
    if (discussion.status === "merged") throw badRequest(`#${num} is merged: its status cannot change`);
    if (discussion.status === status) throw badRequest(`#${num} is already ${status}`);
    const events: NewEvent[] = [];
    if (comment)
      events.push({
        type: "comment",
        author: user,
        data: { ...commentData(comment, user, new Date().toISOString()) },
      });
    events.push({ type: "status-change", author: user, data: { status } });
    const stored = await this.apply(discussion, events, { status });
    return { newStatus: eventJson(stored[stored.length - 1], toRepoRecord(row)) };
  }

  /** Merges an open pull request into main; a conflict answers 409 and changes nothing. */
  async merge(viewer: Viewer, row: RepoRow, num: number, comment?: string): Promise<MergeResponse> {
    const user = await this.participant(viewer, row);
    if (!isWriter(viewer, toRepoRecord(row)))
      throw forbidden(`Only the writers of ${row.full_id} may merge pull requests`);
    const repo = toRepoRecord(row);
    let discussion = await this.found(row, num);
    if (discussion.is_pull_request !== 1) throw badRequest(`#${num} is a discussion, not a pull request`);
    if (discussion.status !== "open" && discussion.status !== "draft")
      throw badRequest(`Pull request #${num} is ${discussion.status}: only open pull requests can be merged`);
    discussion = await this.syncCommits(repo, discussion);
    const result = await this.gitRefs().merge(repo, num, {
      title: `Merge pull request #${num}: ${discussion.title}`,
      author: user,
    });
    if (!result.merged)
      throw conflict(
        `Pull request #${num} conflicts with main in ${result.conflicts.join(", ") || "some files"}: update refs/pr/${num} and retry`,
        { filesWithConflicts: result.conflicts },
      );
    const events: NewEvent[] = [];
    if (comment)
      events.push({
        type: "comment",
        author: user,
        data: { ...commentData(comment, user, new Date().toISOString()) },
      });
    events.push({
      type: "status-change",
      author: user,
      data: { status: "merged", mergeCommitId: result.commit, fastForward: result.fastForward },
    });
    await this.apply(discussion, events, { status: "merged", merge_commit: result.commit });
    return { status: "merged", mergeCommitId: result.commit, fastForward: result.fastForward };
  }

  /**
   * Whether `viewer` may push to `ref` of the repo (the commit API and git pushes ask this):
   * `refs/pr/<n>` takes its open pull request's author and the repo's writers; any other ref, writers.
   * Private repos the viewer cannot read and gated repos without access are refused too.
   */
  async pushDenial(
    viewer: Viewer,
    repo: RepoRecord,
    repoRowId: string,
    ref: string,
  ): Promise<PushDenial | undefined> {
    const match = PR_REF.exec(ref);
    if (!match) {
      if (isWriter(viewer, repo)) return undefined;
      return viewer.user
        ? { status: 403, message: `You need write access to ${repo.id} to push to ${ref}` }
        : { status: 401, message: "You must be authenticated to push" };
    }
    const gate = await this.gate(viewer, repo, repoRowId);
    if (gate) return gate;
    return prPushDenial(viewer, repo.owner, ref, await this.store.find(repoRowId, Number(match[1])));
  }

  /** `pushDenial` for a repo row. */
  canPushToRef(viewer: Viewer, row: RepoRow, ref: string): Promise<PushDenial | undefined> {
    return this.pushDenial(viewer, toRepoRecord(row), row.id, ref);
  }

  /** Stores commit events for what was pushed to `refs/pr/<num>` since the last look; call after a push. */
  async recordPush(row: RepoRow, num: number): Promise<void> {
    const discussion = await this.store.find(row.id, num);
    if (discussion) await this.syncCommits(toRepoRecord(row), discussion);
  }

  private async syncCommits(repo: RepoRecord, discussion: DiscussionRow): Promise<DiscussionRow> {
    if (discussion.is_pull_request !== 1 || !this.refs || discussion.status === "merged") return discussion;
    const head = await this.refs.head(repo, discussion.num);
    const since = discussion.head_commit ?? discussion.base_commit;
    if (!head || !since || head === discussion.head_commit) return discussion;
    const commits = await this.refs.commitsBetween(repo, since, head);
    const events: NewEvent[] = commits.map((commit) => ({
      type: "commit",
      author: commit.author,
      at: commit.date,
      data: { subject: commit.title, oid: commit.oid },
    }));
    const stored = await this.store.change(discussion, events, { head_commit: head }, discussion.head_commit);
    return stored
      ? { ...discussion, head_commit: head }
      : ((await this.store.find(discussion.repo_id, discussion.num)) ?? discussion);
  }

  private async apply(
    discussion: DiscussionRow,
    events: NewEvent[],
    changes: Partial<Pick<DiscussionRow, "title" | "status" | "merge_commit">> = {},
  ): Promise<EventRow[]> {
    const stored = await this.store.change(discussion, events, changes);
    if (!stored) throw notFound(`Discussion #${discussion.num} not found`);
    return stored;
  }

  /** Opening and commenting: a write token (checked by the route), and access to a gated repo. */
  private async participant(viewer: Viewer, row: RepoRow): Promise<string> {
    const denial = await this.gate(viewer, toRepoRecord(row), row.id);
    if (denial)
      throw new HttpError(denial.status, denial.message, denial.status === 404 ? undefined : "GatedRepo");
    if (!viewer.user) throw new HttpError(401, "You must be authenticated");
    return viewer.user;
  }

  private async gate(viewer: Viewer, repo: RepoRecord, repoRowId: string): Promise<PushDenial | undefined> {
    if (!repo.gated) return undefined;
    const status = viewer.user ? await this.requests.statusOf(repoRowId, viewer.user) : undefined;
    return gateDenial(viewer, repo, status);
  }

  private async found(row: RepoRow, num: number): Promise<DiscussionRow> {
    const discussion = await this.store.find(row.id, num);
    if (!discussion) throw notFound(`Discussion #${num} not found in ${row.full_id}`);
    return discussion;
  }

  private async moderated(viewer: Viewer, row: RepoRow, num: number): Promise<DiscussionRow> {
    const discussion = await this.found(row, num);
    if (!canModerate(viewer, row.owner, discussion))
      throw forbidden(`Only the author of #${num} and the writers of ${row.full_id} may change it`);
    return discussion;
  }

  private async commentEvent(row: RepoRow, num: number, eventId: string): Promise<EventRow> {
    const discussion = await this.found(row, num);
    const event = await this.store.event(discussion.id, eventId.toLowerCase());
    if (!event || event.type !== "comment") throw notFound(`Comment ${eventId} not found in #${num}`);
    return event;
  }

  private gitRefs(): PullRequestRefs {
    if (!this.refs) throw new HttpError(501, "This hub's content store does not support pull requests");
    return this.refs;
  }
}
