import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { requireUser, requireWriteUser } from "../../platform/access-rules.js";
import { HttpError, forbidden } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";
import { GcBusyError } from "../gc/gc-lock.js";
import type { GcScheduler } from "../gc/gc-scheduler.js";

function requireSiteAdmin(viewer: Viewer, write: boolean): void {
  if (write) requireWriteUser(viewer);
  else requireUser(viewer);
  if (viewer.isAdmin !== true) throw forbidden("Only site admins can see or run garbage collection");
}

/** `GET /api/admin/gc` (schedule and last run) and `POST /api/admin/gc[?dry_run=1]` (run now); site admins. */
export function adminGcRoutes(gc: GcScheduler): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/api/admin/gc", async (c) => {
    requireSiteAdmin(c.var.viewer, false);
    return c.json({
      intervalHours: gc.settings.intervalMs / 3_600_000,
      graceHours: gc.settings.graceMs / 3_600_000,
      running: gc.running,
      nextRunAt: gc.nextRunAt?.toISOString() ?? null,
      lastRun: (await gc.lastRun()) ?? null,
    });
  });
  app.post("/api/admin/gc", async (c) => {
    requireSiteAdmin(c.var.viewer, true);
    const dryRun = ["1", "true"].includes((c.req.query("dry_run") ?? "").toLowerCase());
    try {
      return c.json(await gc.run(dryRun));
    } catch (err) {
      if (err instanceof GcBusyError) throw new HttpError(409, err.message);
      throw err;
    }
  });
  return app;
}
