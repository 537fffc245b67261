import { isAbsolute, join, relative } from "node:path";
import type { Kysely } from "kysely";
import type { ColumnStatistics, ConversionStatus } from "@modelhub/api-types";
import type { Database } from "../db/schema.js";
import type { ContentLogger, RepoContent } from "../content/repo-content.js";
import type { RepoRecord } from "../domain/repo.js";
import { HttpError, notFound } from "../domain/errors.js";
import { ConversionQueue } from "./conversion-queue.js";
import { ConversionStore, type ConversionRecord } from "./conversion-store.js";
import { clearWorkRoot, ParquetConverter } from "./converter.js";
import { DuckEngine } from "./duck-engine.js";
import { ParquetCache } from "./parquet-cache.js";
import type { SplitReport } from "./report.js";
import type { DatasetViewerSettings } from "./settings.js";
import type { SqlTable } from "./sql-console.js";
import { CONSOLE_PROCESS_OVERHEAD_BYTES, memoryBytes, SqlSandbox } from "./sql-sandbox.js";
import { splitStatistics } from "./statistics.js";
import { hasSearchFile, searchFilePath, writeSearchFile } from "./search-index.js";
import { searchableColumns, type SplitTarget } from "./split-reader.js";

export interface DatasetViewerDeps {
  db: Kysely<Database>;
  content: RepoContent;
  dataDir: string;
  logger: ContentLogger;
  settings: DatasetViewerSettings;
}

const STATISTICS_CACHE = 64;
/** Largest SQL console answer (JSON); rows past it are cut and the answer says `truncated`. */
export const MAX_SQL_ANSWER_BYTES = 8 * 1024 * 1024;

/**
 * The dataset viewer's services: Parquet conversion on every dataset commit (a bounded background
 * queue), the conversion state, and the converted splits as DuckDB query targets.
 */
export class DatasetViewer {
  readonly store: ConversionStore;
  readonly queue: ConversionQueue;
  readonly cache: ParquetCache;
  private readonly statistics = new Map<string, Promise<ColumnStatistics[]>>();
  private readonly searchFiles = new Map<string, Promise<string>>();
  private readonly sqlSandbox: SqlSandbox;

  private constructor(
    private readonly deps: DatasetViewerDeps,
    readonly engine: DuckEngine,
  ) {
    const root = join(deps.dataDir, "dataset-viewer");
    this.store = new ConversionStore(deps.db);
    this.cache = new ParquetCache(join(root, "parquet"), deps.content);
    const converter = new ParquetConverter({
      content: deps.content,
      engine,
      store: this.store,
      cache: this.cache,
      workRoot: join(root, "work"),
      shardBytes: deps.settings.shardBytes,
      logger: deps.logger,
    });
    this.queue = new ConversionQueue(
      async (repo, commit) => {
        try {
          await converter.convert(repo, commit);
          await this.warmStatistics(repo);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          await this.store.set(repo.id, {
            sourceCommit: commit,
            state: "failed",
            error: message.slice(0, 1000),
          });
          throw error;
        }
      },
      deps.logger,
      deps.settings.maxQueued,
    );
    this.sqlSandbox = new SqlSandbox({
      concurrency: deps.settings.sql.concurrency,
      timeoutMs: deps.settings.sql.timeoutMs,
      processMemoryBytes: memoryBytes(deps.settings.sql.memoryLimit) + CONSOLE_PROCESS_OVERHEAD_BYTES,
    });
  }

  static async start(deps: DatasetViewerDeps): Promise<DatasetViewer> {
    const root = join(deps.dataDir, "dataset-viewer");
    await clearWorkRoot(join(root, "work"));
    const engine = await DuckEngine.open({
      memoryLimit: deps.settings.memoryLimit,
      threads: deps.settings.threads,
      maxConcurrent: deps.settings.concurrency,
      tempDir: join(root, "spill"),
      queryTimeoutMs: deps.settings.queryTimeoutMs,
    });
    return new DatasetViewer(deps, engine);
  }

  async enqueue(repo: RepoRecord, commit: string): Promise<void> {
    if (!this.queue.enqueue(repo, commit)) return;
    const known = await this.store.get(repo.id);
    if (known?.state !== "running" || known.sourceCommit !== commit)
      await this.store.set(repo.id, { sourceCommit: commit, state: "queued" });
  }

  /**
   * The dataset's conversion record; a dataset whose head was never converted (older than the
   * viewer, renamed, or interrupted by a restart) is queued now.
   */
  async record(repo: RepoRecord): Promise<ConversionRecord | undefined> {
    const record = await this.store.get(repo.id);
    const waiting = this.queue.isWaiting(repo.id);
    const stale = repo.sha && (!record || record.sourceCommit !== repo.sha);
    const orphaned = record && (record.state === "queued" || record.state === "running") && !waiting;
    if (repo.sha && !repo.mirror && !waiting && (stale || orphaned)) {
      await this.enqueue(repo, repo.sha);
      return this.store.get(repo.id);
    }
    return record;
  }

  async status(repo: RepoRecord): Promise<ConversionStatus> {
    const record = await this.record(repo);
    return {
      dataset: repo.id,
      revision: record?.sourceCommit ?? null,
      state: record?.state ?? "none",
      parquet_revision: record?.parquetCommit ?? null,
      error: record?.error ?? null,
      updated_at: record?.updatedAt ?? null,
    };
  }

  /** A converted split with its shards on local disk; 404 for unknown names, 422 for a failed split. */
  async target(
    repo: RepoRecord,
    record: ConversionRecord,
    config: string,
    split: string,
  ): Promise<SplitTarget> {
    const report = record.report;
    const configReport = report?.configs.find((candidate) => candidate.name === config);
    if (!report || !record.parquetCommit || !configReport)
      throw notFound(`Config "${config}" of ${repo.id} does not exist or is not converted yet`);
    const splitReport: SplitReport | undefined = configReport.splits.find(
      (candidate) => candidate.name === split,
    );
    if (!splitReport) throw notFound(`Split "${split}" of config "${config}" does not exist`);
    if (splitReport.error)
      throw new HttpError(
        422,
        `The split "${split}" of config "${config}" could not be converted: ${splitReport.error}`,
      );
    const paths = await this.cache.shardPaths(
      repo,
      record.parquetCommit,
      config,
      split,
      splitReport.shards.map((shard) => shard.filename),
    );
    return {
      repo,
      config,
      split,
      sourceCommit: report.sourceCommit,
      parquetCommit: record.parquetCommit,
      report: splitReport,
      paths,
    };
  }

  /** Writes the search side-file and computes the statistics of every converted split right after a conversion. */
  private async warmStatistics(repo: RepoRecord): Promise<void> {
    const record = await this.store.get(repo.id);
    if (!record?.report || !record.parquetCommit) return;
    for (const config of record.report.configs)
      for (const split of config.splits) {
        if (split.error) continue;
        try {
          const target = await this.target(repo, record, config.name, split.name);
          // the small search side-file first: the first search should not wait for the statistics
          if (searchableColumns(split.features).length > 0) await this.searchFile(target);
          await this.splitStatistics(target);
        } catch (error) {
          this.deps.logger.warn(
            { repo: repo.id, split: split.name, err: String(error) },
            "statistics or search index failed",
          );
        }
      }
  }

  /** Column statistics of a split, computed once per converted version. */
  splitStatistics(target: SplitTarget): Promise<ColumnStatistics[]> {
    const key = `${target.repo.id}\0${target.parquetCommit}\0${target.config}\0${target.split}`;
    let pending = this.statistics.get(key);
    if (!pending) {
      pending = this.engine.use((connection) => splitStatistics(connection, target), false);
      pending.catch(() => this.statistics.delete(key));
      this.statistics.set(key, pending);
      if (this.statistics.size > STATISTICS_CACHE)
        this.statistics.delete(this.statistics.keys().next().value as string);
    }
    return pending;
  }

  /**
   * The split's search side-file, written once per converted version: right after the conversion,
   * or on the first search of a split converted before side-files existed (or fetched back from git).
   */
  async searchFile(target: SplitTarget): Promise<string> {
    if (await hasSearchFile(target)) return searchFilePath(target);
    const key = searchFilePath(target);
    let pending = this.searchFiles.get(key);
    if (!pending) {
      const columns = searchableColumns(target.report.features);
      pending = this.engine.use((connection) => writeSearchFile(connection, target, columns), false);
      const forget = () => this.searchFiles.delete(key);
      pending.then(forget, forget);
      this.searchFiles.set(key, pending);
    }
    return pending;
  }

  /**
   * `POST /datasets-server/sql`: the config's converted splits as tables, in a console process (see
   * `SqlSandbox`); the answer's JSON text (`SqlResponse`).
   */
  async sql(repo: RepoRecord, record: ConversionRecord, config: string, query: string): Promise<string> {
    const report = record.report?.configs.find((candidate) => candidate.name === config);
    if (!report || !record.parquetCommit)
      throw notFound(`Config "${config}" of ${repo.id} is not converted yet`);
    const parquetCommit = record.parquetCommit;
    const dir = this.cache.versionDir(repo.id, parquetCommit);
    const tables: SqlTable[] = [];
    for (const split of report.splits) {
      if (split.error || split.shards.length === 0) continue;
      const paths = await this.cache.shardPaths(
        repo,
        parquetCommit,
        config,
        split.name,
        split.shards.map((s) => s.filename),
      );
      // the console process works inside `dir` and never sees where it is
      const inside = paths.map((path) => relative(dir, path));
      if (inside.some((path) => path.startsWith("..") || isAbsolute(path)))
        throw new HttpError(503, `The Parquet files of ${repo.id} are not where they should be`);
      tables.push({ name: split.name, paths: inside });
    }
    const { maxRows, memoryLimit } = this.deps.settings.sql;
    return this.sqlSandbox.run({
      query,
      tables,
      dir,
      maxRows,
      memoryLimit,
      maxResultBytes: MAX_SQL_ANSWER_BYTES,
    });
  }

  /** Starts the SQL console's launcher process now (see `SqlSandbox.warm`). */
  warmSqlConsole(): void {
    this.sqlSandbox.warm();
  }

  async close(): Promise<void> {
    this.sqlSandbox.close();
    await this.queue.close();
    this.engine.close();
  }
}
