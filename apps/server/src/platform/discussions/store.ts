import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.js";
import { isUniqueViolation } from "../../db/unique-violation.js";
import type { DiscussionEventTable, DiscussionTable, DiscussionTables } from "./tables.js";

export type DiscussionRow = DiscussionTable;
export type EventRow = DiscussionEventTable;
export type EventType = EventRow["type"];
export type DiscussionStatus = DiscussionRow["status"];

type Db = Kysely<Database & DiscussionTables>;
type Tx = Transaction<Database & DiscussionTables>;

export const PAGE_SIZE = 50;
const CREATE_ATTEMPTS = 5;

/** 24 lower-case hex digits, the shape of the Hub's event ids (clients lower-case them). */
export function newEventId(): string {
  return randomBytes(12).toString("hex");
}

export interface ListFilter {
  type?: "discussion" | "pull_request";
  /** "closed" also lists merged pull requests. */
  status?: "open" | "closed";
  author?: string;
  page: number;
}

export interface NewEvent {
  type: EventType;
  author: string;
  data: Record<string, unknown>;
  at?: Date;
}

/** Database side of discussions; every change of a discussion appends an event in the same transaction. */
export class DiscussionStore {
  private readonly db: Db;

  constructor(db: Kysely<Database>) {
    this.db = db.withTables<DiscussionTables>();
  }

  async list(repoId: string, filter: ListFilter): Promise<{ rows: DiscussionRow[]; count: number }> {
    let query = this.db.selectFrom("discussions").where("repo_id", "=", repoId);
    if (filter.type) query = query.where("is_pull_request", "=", filter.type === "pull_request" ? 1 : 0);
    if (filter.status === "open") query = query.where("status", "in", ["open", "draft"]);
    if (filter.status === "closed") query = query.where("status", "in", ["closed", "merged"]);
    if (filter.author) query = query.where("author", "=", filter.author);
    const total = await query.select((eb) => eb.fn.countAll<number | string>().as("n")).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy("num", "desc")
      .limit(PAGE_SIZE)
      .offset(filter.page * PAGE_SIZE)
      .execute();
    return { rows, count: Number(total?.n ?? 0) };
  }

  async counts(repoId: string): Promise<Record<DiscussionStatus, number>> {
    const rows = await this.db
      .selectFrom("discussions")
      .where("repo_id", "=", repoId)
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("status")
      .execute();
    const out: Record<DiscussionStatus, number> = { open: 0, closed: 0, merged: 0, draft: 0 };
    for (const row of rows) out[row.status] = Number(row.n);
    return out;
  }

  /** Visible (not hidden) comments per discussion id. */
  async commentCounts(ids: string[]): Promise<Map<string, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("discussion_events")
      .where("discussion_id", "in", ids)
      .where("type", "=", "comment")
      .select(["discussion_id", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("discussion_id")
      .execute();
    return new Map(rows.map((row) => [row.discussion_id, Number(row.n)]));
  }

  find(repoId: string, num: number): Promise<DiscussionRow | undefined> {
    return this.db
      .selectFrom("discussions")
      .selectAll()
      .where("repo_id", "=", repoId)
      .where("num", "=", num)
      .executeTakeFirst();
  }

  events(discussionId: string): Promise<EventRow[]> {
    return this.db
      .selectFrom("discussion_events")
      .selectAll()
      .where("discussion_id", "=", discussionId)
      .orderBy("seq")
      .execute();
  }

  event(discussionId: string, eventId: string): Promise<EventRow | undefined> {
    return this.db
      .selectFrom("discussion_events")
      .selectAll()
      .where("discussion_id", "=", discussionId)
      .where("id", "=", eventId)
      .executeTakeFirst();
  }

  /**
   * Creates a discussion with the next free number and its opening comment. `prepare` runs with the
   * number before anything is stored (a pull request creates its ref there); if it fails, nothing is kept.
   */
  async create(
    repoId: string,
    input: { title: string; author: string; description: string; pullRequest: boolean },
    prepare?: (num: number) => Promise<{ baseRef: string; baseCommit: string } | undefined>,
  ): Promise<DiscussionRow> {
    for (let attempt = 1; ; attempt++) {
      const last = await this.db
        .selectFrom("discussions")
        .where("repo_id", "=", repoId)
        .select((eb) => eb.fn.max("num").as("num"))
        .executeTakeFirst();
      const num = Number(last?.num ?? 0) + attempt;
      try {
        return await this.insert(repoId, num, input, prepare);
      } catch (err) {
        const taken = isUniqueViolation(err) || (err as { status?: unknown }).status === 409;
        if (!taken || attempt >= CREATE_ATTEMPTS) throw err;
      }
    }
  }

  private async insert(
    repoId: string,
    num: number,
    input: { title: string; author: string; description: string; pullRequest: boolean },
    prepare?: (num: number) => Promise<{ baseRef: string; baseCommit: string } | undefined>,
  ): Promise<DiscussionRow> {
    const now = new Date().toISOString();
    const row: DiscussionRow = {
      id: newEventId(),
      repo_id: repoId,
      num,
      title: input.title,
      author: input.author,
      is_pull_request: input.pullRequest ? 1 : 0,
      // pull requests start as drafts, as on the Hub; their author or a writer marks them open
      status: input.pullRequest ? "draft" : "open",
      created_at: now,
      updated_at: now,
      base_ref: null,
      base_commit: null,
      head_commit: null,
      merge_commit: null,
    };
    return this.db.transaction().execute(async (trx) => {
      // Claim the number first, so a ref is only created for a number this request owns.
      await trx.insertInto("discussions").values(row).execute();
      const base = prepare ? await prepare(num) : undefined;
      if (base) {
        row.base_ref = base.baseRef;
        row.base_commit = base.baseCommit;
        row.head_commit = base.baseCommit;
        await trx
          .updateTable("discussions")
          .set({ base_ref: row.base_ref, base_commit: row.base_commit, head_commit: row.head_commit })
          .where("id", "=", row.id)
          .execute();
      }
      await this.append(trx, row.id, {
        type: "comment",
        author: input.author,
        data: commentData(input.description, input.author, now),
      });
      return row;
    });
  }

  /** Appends events and applies `changes` to the discussion in one transaction; returns the events. */
  async change(
    discussion: DiscussionRow,
    events: NewEvent[],
    changes: Partial<Pick<DiscussionRow, "title" | "status" | "merge_commit" | "head_commit">> = {},
    /** Only apply when the discussion still has this head (commit sync races). */
    expectHead?: string | null,
  ): Promise<EventRow[] | undefined> {
    return this.db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable("discussions")
        .set({ ...changes, updated_at: new Date().toISOString() })
        .where("id", "=", discussion.id);
      if (expectHead !== undefined)
        update =
          expectHead === null
            ? update.where("head_commit", "is", null)
            : update.where("head_commit", "=", expectHead);
      const result = await update.executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return undefined;
      const stored: EventRow[] = [];
      for (const event of events) stored.push(await this.append(trx, discussion.id, event));
      return stored;
    });
  }

  async updateEvent(event: EventRow, data: Record<string, unknown>): Promise<EventRow> {
    const json = JSON.stringify(data);
    await this.db.updateTable("discussion_events").set({ data: json }).where("id", "=", event.id).execute();
    return { ...event, data: json };
  }

  private async append(trx: Tx, discussionId: string, event: NewEvent): Promise<EventRow> {
    const last = await trx
      .selectFrom("discussion_events")
      .where("discussion_id", "=", discussionId)
      .select((eb) => eb.fn.max("seq").as("seq"))
      .executeTakeFirst();
    const row: EventRow = {
      id: newEventId(),
      discussion_id: discussionId,
      seq: Number(last?.seq ?? 0) + 1,
      type: event.type,
      author: event.author,
      created_at: (event.at ?? new Date()).toISOString(),
      data: JSON.stringify(event.data),
    };
    await trx.insertInto("discussion_events").values(row).execute();
    return row;
  }
}

/** Stored payload of a comment: the current text plus its earlier versions. */
export type CommentData = {
  raw: string;
  updatedAt: string;
  editor: string;
  hidden: boolean;
  hiddenBy?: string;
  history: { raw: string; updatedAt: string; editor: string }[];
};

export function commentData(raw: string, author: string, at: string): CommentData {
  return { raw, updatedAt: at, editor: author, hidden: false, history: [] };
}
