import { Hono, type Context } from "hono";
import type { HubParquetListing, HubParquetSplitListing } from "@modelhub/api-types";
import type { AppEnv } from "../../http-kit/contracts.js";
import { requestBase } from "../../http-kit/request-base.js";
import { CONVERTED_PARQUET_REF } from "../../content/repo-content.js";
import { notFound } from "../../domain/errors.js";
import { convertedSplits, type SplitReport } from "../report.js";
import { convertedRecord, readableDataset, type ViewerRouteDeps } from "./viewer-context.js";

/**
 * The Hub's Parquet listing of a dataset: `GET /api/datasets/{id}/parquet` (config → split → URLs),
 * `…/parquet/{config}/{split}` (URLs) and `…/parquet/{config}/{split}/{n}.parquet` (a redirect to the
 * file on `refs/convert/parquet`).
 */
export function parquetRoutes(deps: ViewerRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const prefix = "/api/datasets/:owner/:name/parquet";

  const load = async (c: Context<AppEnv>) => {
    const repo = await readableDataset(c, deps, `${c.req.param("owner")}/${c.req.param("name")}`);
    const record = await convertedRecord(deps, repo);
    const base = `${requestBase(c, deps.configuredPublicUrl)}/api/datasets/${repo.id}/parquet`;
    const splits = record.report ? convertedSplits(record.report).filter(({ split }) => !split.error) : [];
    return { repo, splits, base };
  };
  const urlsOf = (base: string, config: string, split: SplitReport) =>
    split.shards.map(
      (_, index) =>
        `${base}/${encodeURIComponent(config)}/${encodeURIComponent(split.name)}/${index}.parquet`,
    );

  app.get(prefix, async (c) => {
    const { splits, base } = await load(c);
    const listing: HubParquetListing = {};
    for (const { config, split } of splits)
      (listing[config] ??= {})[split.name] = urlsOf(base, config, split);
    return c.json(listing);
  });

  app.get(`${prefix}/:config`, async (c) => {
    const { splits, base } = await load(c);
    const config = c.req.param("config");
    const chosen = splits.filter((entry) => entry.config === config);
    if (chosen.length === 0) throw notFound(`Config "${config}" does not exist`);
    return c.json(Object.fromEntries(chosen.map(({ split }) => [split.name, urlsOf(base, config, split)])));
  });

  app.get(`${prefix}/:config/:split`, async (c) => {
    const { splits, base } = await load(c);
    const found = splits.find(
      (entry) => entry.config === c.req.param("config") && entry.split.name === c.req.param("split"),
    );
    if (!found)
      throw notFound(`Split "${c.req.param("split")}" of config "${c.req.param("config")}" does not exist`);
    const body: HubParquetSplitListing = urlsOf(base, found.config, found.split);
    return c.json(body);
  });

  app.get(`${prefix}/:config/:split/:file{[0-9]+\\.parquet}`, async (c) => {
    const { repo, splits } = await load(c);
    const found = splits.find(
      (entry) => entry.config === c.req.param("config") && entry.split.name === c.req.param("split"),
    );
    const index = Number(c.req.param("file").replace(".parquet", ""));
    const shard = found?.split.shards[index];
    if (!found || !shard) throw notFound("No such Parquet file");
    const origin = requestBase(c, deps.configuredPublicUrl);
    return c.redirect(
      `${origin}/datasets/${repo.id}/resolve/${encodeURIComponent(CONVERTED_PARQUET_REF)}/${encodeURIComponent(found.config)}/${encodeURIComponent(found.split.name)}/${shard.filename}`,
      302,
    );
  });
  return app;
}
