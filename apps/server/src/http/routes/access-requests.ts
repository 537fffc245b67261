import type { AskAccessResponse, GateState } from "@modelhub/api-types";
import { Hono, type Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { jsonBody } from "../../offload/json-body.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { managedRepo, readableRepo } from "../../platform/http/repo-lookup.js";
import {
  ACCESS_STATUSES,
  AccessRequests,
  gateDenial,
  gatedFieldOptionsOf,
  gatedFieldsOf,
  hasBypass,
  type AccessStatus,
} from "../../platform/access-requests.js";
import { canWriteNamespace, requireWriteUser } from "../../platform/access-rules.js";
import type { AccessAuditRepo } from "../../platform/access-requests.js";
import { parseGated, toRepoRecord, type RepoRow } from "../../platform/repos.js";
import { badRequest, HttpError, notFound } from "../../domain/errors.js";

const MAX_FIELDS = 50;
const MAX_ANSWER = 2000;

const answersSchema = z
  .record(z.string().max(200), z.union([z.string().max(MAX_ANSWER), z.number(), z.boolean(), z.null()]))
  .refine((value) => Object.keys(value).length <= MAX_FIELDS, `At most ${MAX_FIELDS} fields`);

const statusSchema = z.enum(["accepted", "rejected", "pending"], {
  message: 'status must be one of "accepted", "rejected", "pending"',
});

const handleSchema = z.object({
  user: z.string().min(1, "user is required"),
  status: statusSchema,
  rejectionReason: z.string().max(200).nullish(),
});

const grantSchema = z.object({ user: z.string().min(1, "user is required") });

/** How the audit log names the repo of an access change. */
function auditRepo(row: RepoRow): AccessAuditRepo {
  return { type: row.type, fullId: row.full_id, owner: row.owner };
}

function cardDataOf(row: RepoRow): Record<string, unknown> | undefined {
  if (!row.card_data) return undefined;
  try {
    const value = JSON.parse(row.card_data) as unknown;
    return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Checks the answers against the card's `extra_gated_fields`; keeps the declared ones (or all if none). */
function answersFor(
  row: RepoRow,
  raw: Record<string, string | number | boolean | null>,
): Record<string, string> {
  const declared = gatedFieldsOf(cardDataOf(row));
  const choices = gatedFieldOptionsOf(cardDataOf(row));
  const labels = Object.keys(declared);
  const out: Record<string, string> = {};
  if (labels.length === 0) {
    for (const [key, value] of Object.entries(raw)) if (value !== null) out[key] = String(value);
    return out;
  }
  for (const label of labels) {
    const value = raw[label];
    const given =
      declared[label] === "checkbox" ? value === true || value === "true" || value === "on" : value;
    if (given === undefined || given === null || given === false || String(given).trim() === "")
      throw badRequest(`Missing answer for the field "${label}"`);
    const options = choices[label];
    if (options && options.length > 0 && !options.some((option) => option.value === String(value)))
      throw badRequest(
        `"${String(value)}" is not a choice of the field "${label}": use one of ${options.map((o) => o.value).join(", ")}`,
      );
    out[label] = declared[label] === "checkbox" ? "true" : String(value);
  }
  return out;
}

/**
 * Access requests of gated repos (Hub routes), plus `GET …/user-access-request/me` for the web app.
 *
 * | route                                                   | who           |
 * |---------------------------------------------------------|---------------|
 * | POST /api/{kind}/:owner/:name/ask-access                | signed in     |
 * | GET  /api/{kind}/:owner/:name/auth-check                | anyone        |
 * | GET  /api/{kind}/:owner/:name/user-access-request/me    | anyone        |
 * | POST /api/{kind}/:owner/:name/user-access-request/cancel| the requester |
 * | GET  /api/{kind}/:owner/:name/user-access-request/:status | owners      |
 * | POST /api/{kind}/:owner/:name/user-access-request/handle  | owners      |
 * | POST /api/{kind}/:owner/:name/user-access-request/grant   | owners      |
 */
export function accessRequestRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const requests = new AccessRequests(deps.db);
  const repoPath = `/api/:kind${KIND_PATTERN}/:owner/:name`;
  const idOf = (c: Context<AppEnv>) => `${c.req.param("owner")}/${c.req.param("name")}`;
  const typeOf = (c: Context<AppEnv>) => typeOfKind(c.req.param("kind") ?? "");

  const targetUser = async (name: string) => {
    const user = await deps.accounts.findUser(name);
    if (!user) throw notFound(`User ${name} not found`);
    return user.name;
  };

  app.post(`${repoPath}/ask-access`, async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const row = await readableRepo(c, deps.repos, typeOf(c), idOf(c));
    const gated = parseGated(row.gated);
    if (!gated) throw badRequest(`${row.full_id} is not gated: its files are open to everyone`);
    const answers = answersFor(row, await jsonBody(c, answersSchema));
    const status = await requests.ask(row.id, user, gated, answers, auditRepo(row));
    return c.json({
      status,
      hasAccess: status === "accepted" || hasBypass(c.var.viewer, row),
    } satisfies AskAccessResponse);
  });

  app.get(`${repoPath}/auth-check`, async (c) => {
    const row = await readableRepo(c, deps.repos, typeOf(c), idOf(c));
    const viewer = c.var.viewer;
    const status = viewer.user ? await requests.statusOf(row.id, viewer.user) : undefined;
    const denial = gateDenial(viewer, toRepoRecord(row), status);
    if (denial) throw new HttpError(denial.status, denial.message, "GatedRepo");
    return c.json({ ok: true });
  });

  app.get(`${repoPath}/user-access-request/me`, async (c) => {
    const row = await readableRepo(c, deps.repos, typeOf(c), idOf(c));
    const viewer = c.var.viewer;
    const record = await (viewer.user ? requests.find(row.id, viewer.user) : undefined);
    const repo = toRepoRecord(row);
    const status = record?.status as AccessStatus | undefined;
    return c.json({
      gated: repo.gated,
      hasAccess: gateDenial(viewer, repo, status) === undefined,
      status: status ?? null,
      rejectionReason: record?.rejection_reason ?? null,
      canManage: viewer.user !== undefined && canWriteNamespace(viewer, row.owner),
      fields: gatedFieldsOf(cardDataOf(row)),
      fieldOptions: gatedFieldOptionsOf(cardDataOf(row)),
    } satisfies GateState);
  });

  app.post(`${repoPath}/user-access-request/cancel`, async (c) => {
    const user = requireWriteUser(c.var.viewer);
    const row = await readableRepo(c, deps.repos, typeOf(c), idOf(c));
    if (!(await requests.cancel(row.id, user)))
      throw notFound("No pending access request found for this repo and this user");
    return c.json({ ok: true });
  });

  app.get(`${repoPath}/user-access-request/:status`, async (c) => {
    const status = c.req.param("status");
    if (!ACCESS_STATUSES.includes(status as AccessStatus))
      throw badRequest(`Unknown status "${status}": use pending, accepted or rejected`);
    const row = await managedRepo(c, deps.repos, typeOf(c), idOf(c));
    return c.json(await requests.list(row.id, status as AccessStatus));
  });

  app.post(`${repoPath}/user-access-request/handle`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await managedRepo(c, deps.repos, typeOf(c), idOf(c));
    const body = await jsonBody(c, handleSchema);
    if (body.rejectionReason && body.status !== "rejected")
      throw badRequest("rejectionReason is only allowed with status rejected");
    const user = await targetUser(body.user);
    const changed = await requests.handle(
      row.id,
      user,
      body.status,
      c.var.viewer.user ?? "",
      body.rejectionReason ?? undefined,
      auditRepo(row),
    );
    if (!changed) throw notFound(`No access request of ${user} found that is not already ${body.status}`);
    return c.json({});
  });

  app.post(`${repoPath}/user-access-request/grant`, async (c) => {
    requireWriteUser(c.var.viewer);
    const row = await managedRepo(c, deps.repos, typeOf(c), idOf(c));
    const body = await jsonBody(c, grantSchema);
    if (!parseGated(row.gated)) throw badRequest(`${row.full_id} is not gated: everyone has access`);
    const user = await targetUser(body.user);
    if (!(await requests.grant(row.id, user, c.var.viewer.user ?? "", auditRepo(row))))
      throw badRequest(`${user} already has access to ${row.full_id}`);
    return c.json({});
  });

  return app;
}
