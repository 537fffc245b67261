import type { MirrorPullLine, MirrorReport } from "@modelhub/api-types";
import { Hono, type Context } from "hono";
import { stream } from "hono/streaming";
import type { AppEnv } from "../../http-kit/contracts.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { canReadRepo, requireUser, requireWriteUser } from "../../platform/access-rules.js";
import { toRepoRecord } from "../../platform/repos.js";
import { badRequest, forbidden, HttpError } from "../../domain/errors.js";
import { repoTypeNamed, type RepoType, type Viewer } from "../../domain/repo.js";
import type { MirrorService } from "../service.js";

/** A repo's refs may be refreshed on request at most this often (anyone signed in may ask). */
const REFRESH_EVERY_MS = 10_000;

function requireSiteAdmin(viewer: Viewer, write: boolean): void {
  if (write) requireWriteUser(viewer);
  else requireUser(viewer);
  if (viewer.isAdmin !== true) throw forbidden("Only site admins can see and manage the upstream mirror");
}

/**
 * `POST /api/{type}s/{id}/mirror/refresh` (a write token, rate-limited per repo; a repo the caller may
 * not see answers as a missing one), `GET /api/admin/mirror` and `POST /api/admin/mirror/pull` (site
 * admins; NDJSON progress lines, then the result).
 */
export function mirrorRoutes(mirror: MirrorService): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const lastRefresh = new Map<string, number>();

  const visibleRow = (c: Context<AppEnv>, type: RepoType, id: string) =>
    mirror.mirroredRow(type, id, { visible: (row) => canReadRepo(c.var.viewer, toRepoRecord(row)) });

  app.post(`/api/:kind${KIND_PATTERN}/:owner/:name/mirror/refresh`, async (c) => {
    requireWriteUser(c.var.viewer);
    const type = typeOfKind(c.req.param("kind"));
    const row = await visibleRow(c, type, `${c.req.param("owner")}/${c.req.param("name")}`);
    const since = Date.now() - (lastRefresh.get(row.id) ?? 0);
    if (since < REFRESH_EVERY_MS) {
      const wait = Math.ceil((REFRESH_EVERY_MS - since) / 1000);
      throw new HttpError(
        429,
        `${row.full_id} was refreshed moments ago; try again in ${wait} s`,
        undefined,
        {
          "Retry-After": String(wait),
        },
      );
    }
    lastRefresh.set(row.id, Date.now());
    if (lastRefresh.size > 10_000) lastRefresh.clear();
    const updated = await mirror.repoMirror.refresh(row);
    return c.json({ id: updated.full_id, sha: updated.sha, mirror: { upstream: updated.mirror_upstream } });
  });

  app.get("/api/admin/mirror", async (c) => {
    requireSiteAdmin(c.var.viewer, false);
    return c.json((await mirror.report()) satisfies MirrorReport);
  });

  app.post("/api/admin/mirror/pull", async (c) => {
    requireSiteAdmin(c.var.viewer, true);
    const body: unknown = await c.req.json().catch(() => undefined);
    const input = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
    if (typeof input.id !== "string" || !input.id.includes("/"))
      throw badRequest('Send {"id": "owner/name", "type"?: "model", "revision"?: "main"}');
    const type = repoTypeNamed(typeof input.type === "string" ? input.type : "model");
    if (!type) throw badRequest(`Unknown type "${String(input.type)}": model, dataset, space or kernel`);
    const revision = typeof input.revision === "string" && input.revision !== "" ? input.revision : "main";
    const row = await mirror.mirroredRow(type, input.id, { fresh: true });
    c.header("Content-Type", "application/x-ndjson");
    return stream(c, async (out) => {
      try {
        const done = await mirror.pull(row, revision, (progress) => {
          void out.write(`${JSON.stringify({ progress } satisfies MirrorPullLine)}\n`);
        });
        const result: MirrorPullLine = { done: true, id: row.full_id, revision, ...done };
        await out.write(`${JSON.stringify(result)}\n`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        const status = error instanceof HttpError ? error.status : 500;
        const extra = error instanceof HttpError ? error.extra : undefined;
        const line: MirrorPullLine = { error: message, status, ...extra };
        await out.write(`${JSON.stringify(line)}\n`);
      }
    });
  });

  return app;
}
