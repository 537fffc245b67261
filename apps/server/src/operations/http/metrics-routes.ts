import { Hono, type MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import type { AppEnv } from "../../http-kit/contracts.js";
import { forbidden, unauthorized } from "../../domain/errors.js";
import type { HubMetrics } from "../metrics.js";

/**
 * `GET /metrics` in the Prometheus text format: a site admin's token always reads it; anyone when
 * `open` (MODELHUB_METRICS_PUBLIC=1, a scraper without a token).
 */
export function metricsRoutes(metrics: HubMetrics, open: boolean): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/metrics", async (c) => {
    const viewer = c.var.viewer;
    if (!open && viewer.isAdmin !== true) {
      if (!viewer.user)
        throw unauthorized("Metrics need a site admin's token (or MODELHUB_METRICS_PUBLIC=1)");
      throw forbidden("Only site admins can read the metrics");
    }
    c.header("Cache-Control", "no-store");
    return c.body(await metrics.text(), 200, { "Content-Type": metrics.contentType });
  });
  return app;
}

/** Times every request and counts it under the route pattern that answered it. */
export function requestMetrics(metrics: HubMetrics): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    metrics.requestStarted();
    try {
      await next();
    } finally {
      const answered = matchedRoutes(c)[c.req.routeIndex];
      const route = answered && answered.path !== "*" && answered.path !== "/*" ? answered.path : "unmatched";
      metrics.requestFinished({
        method: c.req.method,
        route,
        status: c.res.status,
        seconds: (performance.now() - started) / 1000,
        bytesIn: Number(c.req.header("Content-Length") ?? 0) || 0,
        bytesOut: Number(c.res.headers.get("Content-Length") ?? 0) || 0,
      });
    }
  };
}
