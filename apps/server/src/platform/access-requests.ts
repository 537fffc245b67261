import type { AccessRequest, GatedFieldOption } from "@modelhub/api-types";
import { recordAuditEvent, type AuditEventInput } from "../audit/record.js";
import type { Kysely } from "kysely";
import type { AccessRequestTable, Database } from "../db/schema.js";
import { nowIso } from "../domain/ids.js";
import { isNamespaceMember } from "./access-rules.js";
import type { RepoRecord, Viewer } from "../domain/repo.js";

/**
 * Access requests of gated repos. A gated repo's info, listings and file tree stay public; its file
 * contents need an access decision: owners, members of the owning org (any role) and site admins always
 * pass, everyone else needs an `accepted` request. `gated: "auto"` accepts requests as they arrive,
 * `"manual"` leaves them pending until an owner decides.
 */
export type AccessStatus = "pending" | "accepted" | "rejected";
export const ACCESS_STATUSES: readonly AccessStatus[] = ["pending", "accepted", "rejected"];

export type AccessRequestRow = AccessRequestTable;

/** Why a viewer may not download a gated repo's files (undefined: they may). */
export interface GateDenial {
  status: 401 | 403;
  message: string;
}

export function hasBypass(viewer: Viewer, repo: Pick<RepoRecord, "owner">): boolean {
  return viewer.isAdmin === true || isNamespaceMember(viewer, repo.owner);
}

/** Where a user asks for access: the repo page, or the API route. */
function howToAsk(repo: Pick<RepoRecord, "type" | "id">): string {
  const page = `/${repo.type === "model" ? "" : `${repo.type}s/`}${repo.id}`;
  return `Visit ${page} (or POST /api/${repo.type}s/${repo.id}/ask-access) to ask for access`;
}

/** The gate's answer for a viewer whose own request (if any) has `status`. */
export function gateDenial(
  viewer: Viewer,
  repo: Pick<RepoRecord, "type" | "id" | "owner" | "gated">,
  status: AccessStatus | undefined,
): GateDenial | undefined {
  if (!repo.gated || hasBypass(viewer, repo)) return undefined;
  const what = `${repo.type} ${repo.id}`;
  // the Hub's sentences: clients and scripts match on them (huggingface_hub's GatedRepoError tests do)
  if (!viewer.user)
    return {
      status: 401,
      message: `Access to ${what} is restricted. You must have access to it and be authenticated to access it. Please log in.`,
    };
  if (status === "accepted") return undefined;
  if (status === "pending")
    return {
      status: 403,
      message: `Your request to access ${what} is waiting for a decision by the repo's authors.`,
    };
  if (status === "rejected")
    return { status: 403, message: `Your request to access ${what} was rejected by the repo's authors.` };
  return {
    status: 403,
    message: `Access to ${what} is restricted and you are not in the authorized list. ${howToAsk(repo)}.`,
  };
}

/** The card's `extra_gated_fields` as label → kind (`text`, `checkbox`, `date_picker`, `country`, `select`). */
export function gatedFieldsOf(cardData: Record<string, unknown> | undefined): Record<string, string> {
  const declared = cardData?.extra_gated_fields;
  if (!declared || typeof declared !== "object" || Array.isArray(declared)) return {};
  const out: Record<string, string> = {};
  for (const [label, spec] of Object.entries(declared as Record<string, unknown>)) {
    if (typeof spec === "string") out[label] = spec;
    else if (spec && typeof spec === "object" && typeof (spec as { type?: unknown }).type === "string")
      out[label] = (spec as { type: string }).type;
    else out[label] = "text";
  }
  return out;
}

/**
 * The choices of the card's `select` fields, label → options. An option is a plain string (shown
 * and stored as is) or `{ label, value }`.
 */
export function gatedFieldOptionsOf(
  cardData: Record<string, unknown> | undefined,
): Record<string, GatedFieldOption[]> {
  const declared = cardData?.extra_gated_fields;
  if (!declared || typeof declared !== "object" || Array.isArray(declared)) return {};
  const out: Record<string, GatedFieldOption[]> = {};
  for (const [label, spec] of Object.entries(declared as Record<string, unknown>)) {
    if (!spec || typeof spec !== "object") continue;
    const { type, options } = spec as { type?: unknown; options?: unknown };
    if (type !== "select" || !Array.isArray(options)) continue;
    out[label] = options.flatMap((option: unknown): GatedFieldOption[] => {
      if (typeof option === "string" || typeof option === "number")
        return [{ label: String(option), value: String(option) }];
      if (option && typeof option === "object") {
        const { label: text, value } = option as { label?: unknown; value?: unknown };
        if (value !== undefined && value !== null)
          return [{ label: String(text ?? value), value: String(value) }];
      }
      return [];
    });
  }
  return out;
}

/** The gated repo an access change is about, as its audit event names it (no event without it). */
export interface AccessAuditRepo {
  type: string;
  fullId: string;
  owner: string;
}

function accessEvent(
  status: AccessStatus,
  repo: AccessAuditRepo,
  user: string,
  extra: Record<string, unknown>,
): AuditEventInput {
  const type =
    status === "accepted"
      ? "repo.access_request.granted"
      : status === "rejected"
        ? "repo.access_request.rejected"
        : "repo.access_request.pending";
  return {
    type,
    namespace: repo.owner,
    data: { repo: { type: repo.type, id: repo.fullId }, user, ...extra },
  };
}

export class AccessRequests {
  constructor(private readonly db: Kysely<Database>) {}

  find(repoId: string, user: string): Promise<AccessRequestRow | undefined> {
    return this.db
      .selectFrom("access_requests")
      .selectAll()
      .where("repo_id", "=", repoId)
      .where("user_name", "=", user)
      .executeTakeFirst();
  }

  async statusOf(repoId: string, user: string): Promise<AccessStatus | undefined> {
    return (await this.find(repoId, user))?.status as AccessStatus | undefined;
  }

  /**
   * A user asks for access. A new request is accepted at once in auto mode and pending in manual mode;
   * an existing request keeps its status (a rejected user cannot ask again), pending ones take the new answers.
   */
  async ask(
    repoId: string,
    user: string,
    mode: "auto" | "manual",
    fields: Record<string, string> | null,
    audit?: AccessAuditRepo,
  ): Promise<AccessStatus> {
    const existing = await this.find(repoId, user);
    const fieldsText = fields && Object.keys(fields).length > 0 ? JSON.stringify(fields) : null;
    if (existing) {
      if (existing.status === "pending")
        await this.db
          .updateTable("access_requests")
          .set({ fields: fieldsText ?? existing.fields })
          .where("repo_id", "=", repoId)
          .where("user_name", "=", user)
          .execute();
      return existing.status as AccessStatus;
    }
    const now = nowIso();
    const status: AccessStatus = mode === "auto" ? "accepted" : "pending";
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("access_requests")
        .values({
          repo_id: repoId,
          user_name: user,
          status,
          fields: fieldsText,
          via: "request",
          rejection_reason: null,
          granted_by: null,
          created_at: now,
          reviewed_at: status === "accepted" ? now : null,
        })
        .onConflict((oc) => oc.columns(["repo_id", "user_name"]).doNothing())
        .executeTakeFirst();
      // an automatic grant is an access change; a new pending request is not (yet)
      if (audit && status === "accepted" && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
        await recordAuditEvent(trx, accessEvent(status, audit, user, { via: "auto" }));
    });
    return (await this.statusOf(repoId, user)) ?? status;
  }

  /** Withdraws the user's own pending request; false when there is none. */
  async cancel(repoId: string, user: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("access_requests")
      .where("repo_id", "=", repoId)
      .where("user_name", "=", user)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Moves an existing request to another status; false when the user has no request in another status. */
  async handle(
    repoId: string,
    user: string,
    status: AccessStatus,
    reviewer: string,
    rejectionReason?: string,
    audit?: AccessAuditRepo,
    /** How the audit event says it happened: a decision on a request, or a grant by hand. */
    via: "review" | "grant" = "review",
  ): Promise<boolean> {
    const reviewed = status !== "pending";
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom("access_requests")
        .select("status")
        .where("repo_id", "=", repoId)
        .where("user_name", "=", user)
        .executeTakeFirst();
      const result = await trx
        .updateTable("access_requests")
        .set({
          status,
          reviewed_at: reviewed ? nowIso() : null,
          granted_by: status === "accepted" ? reviewer : null,
          rejection_reason: status === "rejected" ? (rejectionReason ?? null) : null,
        })
        .where("repo_id", "=", repoId)
        .where("user_name", "=", user)
        .where("status", "!=", status)
        .executeTakeFirst();
      const changed = Number(result.numUpdatedRows) > 0;
      if (changed && audit)
        await recordAuditEvent(
          trx,
          accessEvent(status, audit, user, {
            via,
            from: before?.status ?? null,
            ...(status === "rejected" && rejectionReason ? { rejectionReason } : {}),
          }),
        );
      return changed;
    });
  }

  /** Gives a user access without a request (or accepts theirs); false when they already have access. */
  async grant(repoId: string, user: string, reviewer: string, audit?: AccessAuditRepo): Promise<boolean> {
    const now = nowIso();
    const existing = await this.find(repoId, user);
    if (existing?.status === "accepted") return false;
    if (existing) return this.handle(repoId, user, "accepted", reviewer, undefined, audit, "grant");
    await this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto("access_requests")
        .values({
          repo_id: repoId,
          user_name: user,
          status: "accepted",
          fields: null,
          via: "grant",
          rejection_reason: null,
          granted_by: reviewer,
          created_at: now,
          reviewed_at: now,
        })
        .onConflict((oc) => oc.columns(["repo_id", "user_name"]).doNothing())
        .executeTakeFirst();
      if (audit && Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
        await recordAuditEvent(trx, accessEvent("accepted", audit, user, { via: "grant" }));
    });
    return true;
  }

  /** Requests of one status, oldest first, in the Hub's list shape. */
  async list(repoId: string, status: AccessStatus, limit = 1000): Promise<AccessRequest[]> {
    const rows = await this.db
      .selectFrom("access_requests")
      .leftJoin("users", "users.name", "access_requests.user_name")
      .select([
        "access_requests.user_name",
        "access_requests.status",
        "access_requests.fields",
        "access_requests.via",
        "access_requests.granted_by",
        "access_requests.created_at",
        "access_requests.reviewed_at",
        "users.fullname",
        "users.email",
      ])
      .where("access_requests.repo_id", "=", repoId)
      .where("access_requests.status", "=", status)
      .orderBy("access_requests.created_at")
      .orderBy("access_requests.user_name")
      .limit(limit)
      .execute();
    return rows.map((row) => {
      const item: AccessRequest = {
        user: {
          user: row.user_name,
          fullname: row.fullname ?? row.user_name,
          // Only a user who asked agreed to share their contact details.
          email: row.via === "request" ? (row.email ?? null) : null,
          type: "user",
        },
        status: row.status as AccessStatus,
        timestamp: row.created_at,
        fields: parseFields(row.fields),
      };
      if (row.reviewed_at) item.reviewedAt = row.reviewed_at;
      if (row.granted_by) item.grantedBy = { user: row.granted_by };
      return item;
    });
  }
}

function parseFields(text: string | null): Record<string, string> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as Record<string, string>) : null;
  } catch {
    return null;
  }
}
