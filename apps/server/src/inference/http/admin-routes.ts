import type { AdminBackend, AdminInference } from "@modelhub/api-types";
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { InferenceRouteDeps } from "./route-deps.js";
import { requireUser, requireWriteUser } from "../../platform/access-rules.js";
import type { HealthChecker } from "../health/checker.js";
import type { InferenceRuntime } from "../runtime.js";
import type { BackendSettings } from "../settings.js";
import { NO_BACKEND_USAGE, usageByBackend, type BackendUsage } from "../admin/backend-usage.js";
import { forbidden, notFound } from "../../domain/errors.js";
import type { Viewer } from "../../domain/repo.js";

const DAY_MS = 24 * 60 * 60 * 1000;

function requireSiteAdmin(viewer: Viewer, write: boolean): void {
  if (write) requireWriteUser(viewer);
  else requireUser(viewer);
  if (viewer.isAdmin !== true) throw forbidden("Only site admins can see the inference backends");
}

/** GET /api/admin/inference and POST /api/admin/inference/backends/{name}/check (site admins only). */
export function adminInferenceRoutes(
  deps: Pick<InferenceRouteDeps, "db">,
  runtime: InferenceRuntime,
  health: HealthChecker,
): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const describe = (backend: BackendSettings, usage: Map<string, BackendUsage>): AdminBackend => ({
    name: backend.name,
    kind: backend.kind,
    status: runtime.statusOf(backend.name),
    lastCheck: health.lastCheck(backend.name) ?? null,
    models: Object.keys(backend.models),
    usage24h: usage.get(backend.name.toLowerCase()) ?? NO_BACKEND_USAGE,
  });
  const usageToday = () => usageByBackend(deps.db, new Date(Date.now() - DAY_MS));

  app.get("/api/admin/inference", async (c) => {
    requireSiteAdmin(c.var.viewer, false);
    const usage = await usageToday();
    return c.json({
      health: health.settings,
      backends: runtime.settings.backends.map((backend) => describe(backend, usage)),
    } satisfies AdminInference);
  });

  app.post("/api/admin/inference/backends/:name/check", async (c) => {
    requireSiteAdmin(c.var.viewer, true);
    const name = c.req.param("name");
    const backend = runtime.registry.backendNamed(name);
    if (!backend) throw notFound(`No inference backend is named "${name}"`);
    await health.checkNow(backend.name);
    return c.json(describe(backend, await usageToday()));
  });

  return app;
}
