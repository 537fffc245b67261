import type { DailyDownloads } from "@modelhub/api-types";
import { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import type { AppDeps } from "../deps.js";
import { KIND_PATTERN, typeOfKind } from "../../http-kit/repo-paths.js";
import { readableRepo } from "../../platform/http/repo-lookup.js";
import { dailyDownloads } from "../../platform/daily-downloads.js";
import { badRequest } from "../../domain/errors.js";

const DEFAULT_DAYS = 30;
const MAX_DAYS = 365;

function parseDays(value: string | undefined): number {
  if (value === undefined || value === "") return DEFAULT_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS)
    throw badRequest(`Invalid days "${value}": expected a whole number from 1 to ${MAX_DAYS}`);
  return days;
}

/**
 * `GET /api/{models|datasets|spaces}/{owner}/{name}/downloads/daily?days=30` (ModelHub's own): counted
 * downloads per UTC day, oldest first, for the page's "downloads last month" chart.
 */
export function downloadHistoryRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(`/api/:kind${KIND_PATTERN}/:owner/:name/downloads/daily`, async (c) => {
    const days = parseDays(c.req.query("days"));
    const row = await readableRepo(
      c,
      deps.repos,
      typeOfKind(c.req.param("kind")),
      `${c.req.param("owner")}/${c.req.param("name")}`,
    );
    const history = await dailyDownloads(deps.db, row.id, days);
    return c.json({
      id: row.full_id,
      days: history,
      total: history.reduce((sum, d) => sum + d.count, 0),
    } satisfies DailyDownloads);
  });
  return app;
}
