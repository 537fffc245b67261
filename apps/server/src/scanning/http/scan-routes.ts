import type {
  AdminScansReport,
  RepoScanAnswer,
  ScanReleaseAnswer,
  ScanRescanAnswer,
  SecurityFileStatus,
} from "@modelhub/api-types";
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { z } from "zod";
import { jsonBody } from "../../offload/json-body.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { requireUser, requireWriteUser } from "../../platform/access-rules.js";
import { toRepoRecord, type Repos } from "../../platform/repos.js";
import { badRequest, entryNotFound, forbidden } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";
import type { ScanService } from "../service.js";

function requireSiteAdmin(viewer: Viewer, write: boolean): void {
  if (write) requireWriteUser(viewer);
  else requireUser(viewer);
  if (viewer.isAdmin !== true) throw forbidden("Only site admins can see and manage security scans");
}

const RELEASE = z.object({
  key: z.string().regex(/^(lfs:[0-9a-f]{64}|git:[0-9a-f]{40})$/, 'must be "lfs:<sha256>" or "git:<blob id>"'),
  reason: z.string().max(2000),
});

/**
 * `GET /api/{type}s/{id}/scan` (the Hub's `{scansDone, filesWithIssues}`; `?files=true` adds every
 * file's status for the web's badges; `?revision=`), and for site admins `GET /api/admin/scans`,
 * `POST /api/admin/scans/rescan` and `POST /api/admin/scans/release`.
 */
export function scanRoutes(scans: ScanService, repos: Repos): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get(`/api/:kind${KIND_PATTERN}/:owner/:name/scan`, async (c) => {
    const type = typeOfKind(c.req.param("kind"));
    const row = await readableRepo(c, repos, type, `${c.req.param("owner")}/${c.req.param("name")}`);
    const revision = c.req.query("revision") || "main";
    const withFiles = ["true", "1"].includes((c.req.query("files") ?? "").toLowerCase());
    const answer: RepoScanAnswer = await scans.repoStatus(toRepoRecord(row), revision, withFiles);
    return c.json(answer);
  });

  // one file's securityFileStatus by GET (the web's file page; paths-info is a POST)
  app.get(`/api/:kind${KIND_PATTERN}/:owner/:name/scan/file`, async (c) => {
    const type = typeOfKind(c.req.param("kind"));
    const row = await readableRepo(c, repos, type, `${c.req.param("owner")}/${c.req.param("name")}`);
    const path = c.req.query("path");
    if (!path) throw badRequest("Give the file's path: ?path=…");
    const status = await scans.fileStatus(toRepoRecord(row), c.req.query("revision") || "main", path);
    if (!status) throw entryNotFound(path);
    return c.json(status satisfies SecurityFileStatus);
  });

  app.get("/api/admin/scans", async (c) => {
    requireSiteAdmin(c.var.viewer, false);
    return c.json((await scans.report()) satisfies AdminScansReport);
  });

  app.post("/api/admin/scans/rescan", async (c) => {
    requireSiteAdmin(c.var.viewer, true);
    const answer: ScanRescanAnswer = { queued: await scans.rescanAll() };
    return c.json(answer);
  });

  app.post("/api/admin/scans/release", async (c) => {
    requireSiteAdmin(c.var.viewer, true);
    const { key, reason } = await jsonBody(c, RELEASE);
    const answer: ScanReleaseAnswer = await scans.releaseFile(key, c.var.viewer.user ?? "", reason);
    return c.json(answer);
  });

  return app;
}
