import { Hono, type Context } from "hono";
import type {
  FirstRowsResponse,
  InfoResponse,
  IsValidResponse,
  ParquetResponse,
  RowsResponse,
  SizeResponse,
  SplitName,
  SplitsResponse,
  StatisticsResponse,
  ViewerFailure,
} from "@modelhub/api-types";
import type { AppEnv } from "../../http-kit/contracts.js";
import { requestBase } from "../../http-kit/request-base.js";
import { CONVERTED_PARQUET_REF } from "../../content/repo-content.js";
import type { ConversionRecord } from "../conversion-store.js";
import { renderRows, viewerFeatures, type MediaUrls } from "../render.js";
import { convertedSplits } from "../report.js";
import { notFound } from "../../domain/errors.js";
import {
  queryRows,
  readRows,
  searchableColumns,
  searchPredicate,
  searchRows,
  type SplitTarget,
} from "../split-reader.js";
import { searchFilePredicate } from "../search-index.js";
import { parseOrderBy, parseWhere } from "../where-parser.js";
import {
  configName,
  convertedRecord,
  integerParameter,
  invalidParameter,
  readableDataset,
  requiredParameter,
  type ViewerRouteDeps,
} from "./viewer-context.js";

const PAGE = 100;

function mediaUrls(base: string, target: SplitTarget): MediaUrls {
  const id = target.repo.id;
  return {
    repoFile: (path) =>
      `${base}/datasets/${id}/resolve/${target.sourceCommit}/${path.split("/").map(encodeURIComponent).join("/")}`,
    storedBytes: (rowIdx, column) =>
      `${base}/datasets-server/assets/${id}/--/${target.parquetCommit}/--/${encodeURIComponent(target.config)}/${encodeURIComponent(target.split)}/${rowIdx}/${encodeURIComponent(column)}`,
  };
}

function splitsOf(record: ConversionRecord) {
  return record.report ? convertedSplits(record.report) : [];
}

function failures(record: ConversionRecord, dataset: string, config?: string): ViewerFailure[] {
  const report = record.report;
  if (!report) return [];
  const failed: ViewerFailure[] = report.problems
    .filter((problem) => !config || problem.config === config)
    .map((problem) => ({
      dataset,
      config: problem.config,
      ...(problem.split ? { split: problem.split } : {}),
      error: problem.error,
    }));
  for (const { config: name, split } of convertedSplits(report))
    if (split.error && (!config || name === config))
      failed.push({ dataset, config: name, split: split.name, error: split.error });
  return failed;
}

function pendingOf(record: ConversionRecord, dataset: string): SplitName[] {
  if (record.state !== "queued" && record.state !== "running") return [];
  return splitsOf(record).map(({ config, split }) => ({ dataset, config, split: split.name }));
}

/**
 * The Hub's dataset viewer API under `/datasets-server/`: `is-valid`, `splits`, `first-rows`, `rows`,
 * `search`, `filter`, `size`, `info`, `statistics`, `parquet`, and this hub's `status`.
 */
export function viewerRoutes(deps: ViewerRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  const splitTarget = async (c: Context<AppEnv>) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    const config = requiredParameter(c, "config");
    const split = requiredParameter(c, "split");
    const record = await convertedRecord(deps, repo);
    return deps.viewer.target(repo, record, config, split);
  };

  app.get("/datasets-server/is-valid", async (c) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    const record = await deps.viewer.record(repo);
    const splits = record?.report ? convertedSplits(record.report).filter(({ split }) => !split.error) : [];
    const ok = splits.length > 0 && record?.parquetCommit !== null;
    const body: IsValidResponse = {
      preview: ok,
      viewer: ok,
      search: ok && splits.some(({ split }) => searchableColumns(split.features).length > 0),
      filter: ok,
      statistics: ok,
    };
    return c.json(body);
  });

  app.get("/datasets-server/status", async (c) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    return c.json(await deps.viewer.status(repo));
  });

  app.get("/datasets-server/splits", async (c) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    const record = await convertedRecord(deps, repo);
    const config = c.req.query("config") || undefined;
    const body: SplitsResponse = {
      splits: splitsOf(record)
        .filter(({ config: name, split }) => !split.error && (!config || name === config))
        .map(({ config: name, split }) => ({ dataset: repo.id, config: name, split: split.name })),
      pending: pendingOf(record, repo.id),
      failed: failures(record, repo.id, config),
    };
    return c.json(body);
  });

  app.get("/datasets-server/first-rows", async (c) => {
    const target = await splitTarget(c);
    const raw = await deps.viewer.engine.use((connection) => readRows(connection, target, 0, PAGE));
    const body: FirstRowsResponse = {
      dataset: target.repo.id,
      config: target.config,
      split: target.split,
      features: viewerFeatures(target.report.features),
      rows: renderRows(raw, target, mediaUrls(requestBase(c, deps.configuredPublicUrl), target), true),
      truncated: target.report.numRows > PAGE,
    };
    return c.json(body);
  });

  const page = (
    c: Context<AppEnv>,
    target: SplitTarget,
    rows: Parameters<typeof renderRows>[0],
    total: number,
  ) => {
    const body: RowsResponse = {
      features: viewerFeatures(target.report.features),
      rows: renderRows(rows, target, mediaUrls(requestBase(c, deps.configuredPublicUrl), target)),
      num_rows_total: total,
      num_rows_per_page: PAGE,
      partial: false,
    };
    return c.json(body);
  };

  app.get("/datasets-server/rows", async (c) => {
    const offset = integerParameter(c, "offset", 0);
    const length = integerParameter(c, "length", PAGE, PAGE);
    const target = await splitTarget(c);
    const rows = await deps.viewer.engine.use((connection) => readRows(connection, target, offset, length));
    return page(c, target, rows, target.report.numRows);
  });

  app.get("/datasets-server/search", async (c) => {
    const offset = integerParameter(c, "offset", 0);
    const length = integerParameter(c, "length", PAGE, PAGE);
    const query = requiredParameter(c, "query");
    if (query.length > 1000) throw invalidParameter("Parameter 'query' is longer than 1000 characters");
    const target = await splitTarget(c);
    const columns = searchableColumns(target.report.features);
    if (columns.length === 0) return page(c, target, [], 0);
    const indexed = searchFilePredicate(query);
    const searchFile = indexed ? await deps.viewer.searchFile(target) : undefined;
    const result = await deps.viewer.engine.use((connection) =>
      indexed && searchFile
        ? searchRows(connection, target, searchFile, indexed, offset, length)
        : queryRows(connection, target, searchPredicate(columns, query), undefined, offset, length),
    );
    return page(c, target, result.rows, result.total);
  });

  app.get("/datasets-server/filter", async (c) => {
    const offset = integerParameter(c, "offset", 0);
    const length = integerParameter(c, "length", PAGE, PAGE);
    const target = await splitTarget(c);
    const columns = Object.keys(target.report.features);
    const where = c.req.query("where");
    const orderby = c.req.query("orderby");
    const predicate = where ? parseWhere(where, columns) : "TRUE";
    const order = orderby ? parseOrderBy(orderby, columns) : undefined;
    const result = await deps.viewer.engine.use((connection) =>
      queryRows(connection, target, predicate, order, offset, length),
    );
    return page(c, target, result.rows, result.total);
  });

  app.get("/datasets-server/statistics", async (c) => {
    const target = await splitTarget(c);
    const body: StatisticsResponse = {
      num_examples: target.report.numRows,
      statistics: await deps.viewer.splitStatistics(target),
      partial: false,
    };
    return c.json(body);
  });

  app.get("/datasets-server/size", async (c) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    const record = await convertedRecord(deps, repo);
    const only = c.req.query("config") || undefined;
    const configs = (record.report?.configs ?? []).filter((config) => !only || config.name === only);
    if (only && configs.length === 0) throw notFound(`Config "${only}" does not exist`);
    const splitSizes = configs.flatMap((config) =>
      config.splits
        .filter((split) => !split.error)
        .map((split) => ({
          dataset: repo.id,
          config: config.name,
          split: split.name,
          num_bytes_parquet_files: split.numBytesParquet,
          num_bytes_memory: split.numBytesMemory,
          num_rows: split.numRows,
          num_columns: Object.keys(split.features).length,
          estimated_num_rows: null,
        })),
    );
    const configSizes = configs.map((config) => {
      const splits = splitSizes.filter((split) => split.config === config.name);
      const sum = (pick: (split: (typeof splits)[number]) => number) =>
        splits.reduce((total, split) => total + pick(split), 0);
      return {
        dataset: repo.id,
        config: config.name,
        num_bytes_original_files: config.splits.reduce((total, split) => total + split.numBytesOriginal, 0),
        num_bytes_parquet_files: sum((split) => split.num_bytes_parquet_files),
        num_bytes_memory: sum((split) => split.num_bytes_memory),
        num_rows: sum((split) => split.num_rows),
        num_columns: Math.max(0, ...splits.map((split) => split.num_columns)),
        estimated_num_rows: null,
      };
    });
    const total = (pick: (config: (typeof configSizes)[number]) => number) =>
      configSizes.reduce((sum, config) => sum + pick(config), 0);
    const body: SizeResponse = {
      size: {
        ...(only
          ? { config: configSizes[0] }
          : {
              dataset: {
                dataset: repo.id,
                num_bytes_original_files: total((config) => config.num_bytes_original_files),
                num_bytes_parquet_files: total((config) => config.num_bytes_parquet_files),
                num_bytes_memory: total((config) => config.num_bytes_memory),
                num_rows: total((config) => config.num_rows),
                estimated_num_rows: null,
              },
            }),
        configs: configSizes,
        splits: splitSizes,
      },
      pending: pendingOf(record, repo.id),
      failed: failures(record, repo.id, only),
      partial: false,
    };
    return c.json(body);
  });

  app.get("/datasets-server/info", async (c) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    const record = await convertedRecord(deps, repo);
    const name = configName(c, record);
    const config = record.report?.configs.find((candidate) => candidate.name === name);
    if (!config) throw notFound(`Config "${name}" does not exist`);
    const good = config.splits.filter((split) => !split.error);
    const body: InfoResponse = {
      dataset_info: {
        description: "",
        citation: "",
        homepage: "",
        license: "",
        features: good[0]?.features ?? {},
        builder_name: config.format,
        dataset_name: repo.name,
        config_name: config.name,
        version: { version_str: "0.0.0", major: 0, minor: 0, patch: 0 },
        splits: Object.fromEntries(
          good.map((split) => [
            split.name,
            {
              name: split.name,
              num_bytes: split.numBytesMemory,
              num_examples: split.numRows,
              dataset_name: repo.name,
            },
          ]),
        ),
        download_size: config.splits.reduce((total, split) => total + split.numBytesOriginal, 0),
        dataset_size: good.reduce((total, split) => total + split.numBytesMemory, 0),
      },
      partial: false,
    };
    return c.json(body);
  });

  app.get("/datasets-server/parquet", async (c) => {
    const repo = await readableDataset(c, deps, requiredParameter(c, "dataset"));
    const record = await convertedRecord(deps, repo);
    const only = c.req.query("config") || undefined;
    const base = requestBase(c, deps.configuredPublicUrl);
    const revision = encodeURIComponent(CONVERTED_PARQUET_REF);
    const body: ParquetResponse = {
      parquet_files: splitsOf(record)
        .filter(({ config }) => !only || config === only)
        .flatMap(({ config, split }) =>
          split.shards.map((shard) => ({
            dataset: repo.id,
            config,
            split: split.name,
            url: `${base}/datasets/${repo.id}/resolve/${revision}/${encodeURIComponent(config)}/${encodeURIComponent(split.name)}/${shard.filename}`,
            filename: shard.filename,
            size: shard.size,
          })),
        ),
      pending: pendingOf(record, repo.id),
      failed: failures(record, repo.id, only),
      partial: false,
    };
    return c.json(body);
  });

  return app;
}
