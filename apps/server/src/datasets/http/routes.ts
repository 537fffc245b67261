import type { Hono } from "hono";
import type { AppEnv } from "../../http-kit/contracts.js";
import { assetRoutes } from "./asset-routes.js";
import { parquetRoutes } from "./parquet-routes.js";
import { sqlRoutes } from "./sql-routes.js";
import type { ViewerRouteDeps } from "./viewer-context.js";
import { viewerRoutes } from "./viewer-routes.js";

export type { ViewerRouteDeps } from "./viewer-context.js";

/** Every dataset viewer route group: `/datasets-server/*` and `/api/datasets/{id}/parquet…`, media cell bytes. */
export function datasetViewerRoutes(deps: ViewerRouteDeps): Hono<AppEnv>[] {
  return [viewerRoutes(deps), sqlRoutes(deps), parquetRoutes(deps), assetRoutes(deps)];
}
