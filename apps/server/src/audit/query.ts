import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { badRequest } from "../domain/errors.js";
import { AUDIT_EVENT_TYPES } from "./catalogue.js";
import { auditTables, type AuditDb, type AuditEventTable } from "./tables.js";

/** What `q` asks for: each list is an OR, the lists and the date range are ANDed. */
export interface AuditFilter {
  /** Exact types; `type:repo.*` adds every catalogue type starting with `repo.`. */
  types: string[];
  authors: string[];
  ips: string[];
  namespaces: string[];
  /** ISO-8601, inclusive. */
  from?: string;
  /** ISO-8601, exclusive. */
  until?: string;
}

const KEYS = ["type", "author", "ip", "namespace", "created", "after", "before"] as const;
type Key = (typeof KEYS)[number];
const MAX_TERMS = 20;
const MAX_VALUE = 200;
const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function emptyFilter(): AuditFilter {
  return { types: [], authors: [], ips: [], namespaces: [] };
}

/**
 * Parses the `q` of the audit-log routes: space-separated `key:value` terms (values may be quoted).
 * `type:repo.create`, `type:repo.*`, `author:alice`, `ip:10.0.0.7`, `namespace:acme`,
 * `created:2025-01-01..2025-01-31`, `created:>=2025-01-01`, `created:<2025-02-01T12:00:00Z`, `created:2025-01-05`,
 * `after:2025-01-01` (same as `created:>=`), `before:2025-02-01` (same as `created:<`). Dates are UTC
 * days or full ISO-8601 times; a day as an upper bound includes that whole day. A bad term is a 400 naming it.
 */
export function parseAuditQuery(q: string | undefined): AuditFilter {
  const filter = emptyFilter();
  const terms = (q ?? "").match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
  if (terms.length > MAX_TERMS) throw badRequest(`The query has more than ${MAX_TERMS} terms`);
  for (const term of terms) {
    const colon = term.indexOf(":");
    const key = term.slice(0, colon).toLowerCase();
    const value = term.slice(colon + 1).replace(/^"(.*)"$/, "$1");
    if (colon <= 0 || !(KEYS as readonly string[]).includes(key))
      throw badRequest(
        `Unknown filter "${term.slice(0, 60)}": use ${KEYS.map((k) => `${k}:`).join(", ")} (e.g. type:repo.create author:alice created:2025-01-01..2025-01-31)`,
      );
    if (value === "" || value.length > MAX_VALUE)
      throw badRequest(`The filter ${key}: needs a value of at most ${MAX_VALUE} characters`);
    addTerm(filter, key as Key, value);
  }
  return filter;
}

function addTerm(filter: AuditFilter, key: Key, value: string): void {
  switch (key) {
    case "type":
      filter.types.push(...typesOf(value));
      return;
    case "author":
      filter.authors.push(value);
      return;
    case "ip":
      filter.ips.push(value);
      return;
    case "namespace":
      filter.namespaces.push(value);
      return;
    case "after":
      narrow(filter, instant(value, "start"), undefined);
      return;
    case "before":
      narrow(filter, undefined, instant(value, "start"));
      return;
    case "created":
      createdRange(filter, value);
  }
}

/** `repo.create`, or every catalogue type a `repo.*` pattern covers (a plain IN list the index serves). */
function typesOf(value: string): string[] {
  if (!value.endsWith("*")) return [value];
  const prefix = value.slice(0, -1);
  const matching = AUDIT_EVENT_TYPES.filter((type) => type.startsWith(prefix));
  if (matching.length === 0) throw badRequest(`No event type starts with "${prefix.slice(0, 60)}"`);
  return matching;
}

function createdRange(filter: AuditFilter, value: string): void {
  const range = /^(.+?)\.\.(.+)$/.exec(value);
  if (range) return narrow(filter, instant(range[1], "start"), instant(range[2], "end"));
  const comparison = /^(>=|<=|>|<)(.+)$/.exec(value);
  if (!comparison) return narrow(filter, instant(value, "start"), instant(value, "end"));
  const [, op, when] = comparison;
  if (op === ">=") return narrow(filter, instant(when, "start"), undefined);
  if (op === ">") return narrow(filter, instant(when, "end"), undefined);
  if (op === "<") return narrow(filter, undefined, instant(when, "start"));
  return narrow(filter, undefined, instant(when, "end"));
}

/** A day or a time as an ISO instant: `start` is its first moment, `end` the moment after it. */
function instant(value: string, edge: "start" | "end"): string {
  const ms = DATE.test(value) ? Date.parse(`${value}T00:00:00Z`) : Date.parse(value);
  if (!Number.isFinite(ms) || !/^\d{4}-\d{2}-\d{2}/.test(value))
    throw badRequest(`"${value.slice(0, 60)}" is not a date (YYYY-MM-DD) or an ISO-8601 time`);
  const span = DATE.test(value) ? DAY_MS : 1;
  return new Date(edge === "start" ? ms : ms + span).toISOString();
}

function narrow(filter: AuditFilter, from: string | undefined, until: string | undefined): void {
  if (from !== undefined && (filter.from === undefined || from > filter.from)) filter.from = from;
  if (until !== undefined && (filter.until === undefined || until < filter.until)) filter.until = until;
}

/** Seq bounds of a date range: `created_at` never decreases along the chain, so the range is contiguous. */
async function seqBounds(db: AuditDb, filter: AuditFilter): Promise<{ low?: number; high?: number } | null> {
  let low: number | undefined;
  let high: number | undefined;
  if (filter.from !== undefined) {
    const first = await db
      .selectFrom("audit_events")
      .select("seq")
      .where("created_at", ">=", filter.from)
      .orderBy("created_at", "asc")
      .orderBy("seq", "asc")
      .limit(1)
      .executeTakeFirst();
    if (!first) return null;
    low = Number(first.seq);
  }
  if (filter.until !== undefined) {
    const last = await db
      .selectFrom("audit_events")
      .select("seq")
      .where("created_at", "<", filter.until)
      .orderBy("created_at", "desc")
      .orderBy("seq", "desc")
      .limit(1)
      .executeTakeFirst();
    if (!last) return null;
    high = Number(last.seq);
  }
  if (low !== undefined && high !== undefined && low > high) return null;
  return { low, high };
}

export interface AuditPageRows {
  rows: AuditEventTable[];
  /** Pass as `before` for the next (older) page; undefined at the end. */
  next?: number;
}

/** One page of matching events, newest first, older than `before` (a seq) when given. */
export async function auditPage(
  database: Kysely<Database>,
  filter: AuditFilter,
  options: { before?: number; limit: number },
): Promise<AuditPageRows> {
  const db = auditTables(database);
  const bounds = await seqBounds(db, filter);
  if (!bounds) return { rows: [] };
  let query = db.selectFrom("audit_events").selectAll();
  if (filter.types.length > 0) query = query.where("type", "in", [...new Set(filter.types)]);
  if (filter.authors.length > 0) query = query.where("author_name", "in", filter.authors);
  if (filter.ips.length > 0) query = query.where("ip", "in", filter.ips);
  if (filter.namespaces.length > 0) query = query.where("namespace", "in", filter.namespaces);
  if (bounds.low !== undefined) query = query.where("seq", ">=", bounds.low);
  if (bounds.high !== undefined) query = query.where("seq", "<=", bounds.high);
  if (options.before !== undefined) query = query.where("seq", "<", options.before);
  const rows = await query
    .orderBy("seq", "desc")
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  return {
    rows: page,
    next: rows.length > options.limit ? Number(page[page.length - 1].seq) : undefined,
  };
}

/** Every matching event, newest first, read in pages (the export streams them). */
export async function* allAuditEvents(
  db: Kysely<Database>,
  filter: AuditFilter,
  pageSize = 500,
): AsyncGenerator<AuditEventTable[]> {
  let before: number | undefined;
  for (;;) {
    const page = await auditPage(db, filter, { before, limit: pageSize });
    if (page.rows.length > 0) yield page.rows;
    if (page.next === undefined) return;
    before = page.next;
  }
}

/** A page cursor: the seq of the last event of the previous page, as text. */
export function parseCursor(cursor: string | undefined): number | undefined {
  if (cursor === undefined || cursor === "") return undefined;
  if (!/^\d{1,15}$/.test(cursor)) throw badRequest(`Invalid cursor "${cursor.slice(0, 40)}"`);
  return Number(cursor);
}
