import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { checkReadiness, type ReadinessProbe } from "../readiness.js";

export interface HealthDeps {
  probes: readonly ReadinessProbe[];
  probeTimeoutMs: number;
}

/**
 * `GET /healthz`: the process answers (liveness; touches nothing else). `GET /readyz`: every probe
 * (database, blob store, git folder) answered in time: 200, else 503 naming the failing parts.
 * Both are anonymous and mounted before authentication, which itself needs the database.
 */
export function healthRoutes(deps: HealthDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.on(["GET", "HEAD"], "/healthz", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "ok" });
  });
  app.on(["GET", "HEAD"], "/readyz", async (c) => {
    const { ready, checks } = await checkReadiness(deps.probes, deps.probeTimeoutMs);
    c.header("Cache-Control", "no-store");
    const failing = checks.filter((check) => !check.ok).map((check) => check.name);
    return c.json(
      ready
        ? { status: "ready", checks }
        : { status: "unavailable", error: `not ready: ${failing.join(", ")} unreachable`, failing, checks },
      ready ? 200 : 503,
    );
  });
  return app;
}
