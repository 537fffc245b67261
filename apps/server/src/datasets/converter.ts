import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { CommitOperation } from "../content/commit/plan-index-changes.js";
import { MAX_README_BYTES } from "../cards/front-matter.js";
import { parseCardOffThread } from "../offload/codec.js";
import type { ContentLogger, RepoContent } from "../content/repo-content.js";
import type { Snapshot } from "../content/snapshot.js";
import type { RepoRecord } from "../domain/repo.js";
import type { ConversionStore } from "./conversion-store.js";
import { convertSplit } from "./convert-split.js";
import type { DuckEngine } from "./duck-engine.js";
import { resolveLayout, type DatasetLayout } from "./layout.js";
import { materializeFiles } from "./materialize.js";
import type { ConfigReport, ConversionReport, SplitReport } from "./report.js";
import type { ParquetCache } from "./parquet-cache.js";

export interface ConverterDeps {
  content: RepoContent;
  engine: DuckEngine;
  store: ConversionStore;
  cache: ParquetCache;
  /** Scratch space, inside the data folder. */
  workRoot: string;
  shardBytes: number;
  logger: ContentLogger;
}

const BOT = "parquet-converter";

function fingerprintOf(snapshot: Snapshot, layout: DatasetLayout, cardConfigs: unknown): string {
  const paths = layout.configs.flatMap((config) => [
    ...config.metadataFiles,
    ...config.splits.flatMap((s) => s.files),
  ]);
  const files = [...new Set(paths)].sort().map((path) => [path, snapshot.byPath.get(path)?.oid ?? ""]);
  return createHash("sha256")
    .update(JSON.stringify({ v: 1, cardConfigs: cardConfigs ?? null, files, layout }))
    .digest("hex");
}

async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Local paths in DuckDB messages become repo paths; a message naming no file names the split's. */
function cleanError(error: unknown, sourceRoot: string, files: string[]): string {
  const message = (error instanceof Error ? error.message : String(error)).split(`${sourceRoot}/`).join("");
  const sniffed = /Error when sniffing file "([^"]*)"/.exec(message);
  if (sniffed)
    return `Invalid CSV: ${sniffed[1] || files.join(", ")} cannot be read with one dialect (rows with different numbers of columns, or unbalanced quotes)`;
  return message.split("\n")[0].slice(0, 1000);
}

/**
 * Converts every split of a dataset commit to Parquet with DuckDB and commits the files to
 * `refs/convert/parquet` (`{config}/{split}/NNNN.parquet`), keeping a report of what it made.
 */
export class ParquetConverter {
  constructor(private readonly deps: ConverterDeps) {}

  async convert(repo: RepoRecord, commit: string): Promise<void> {
    const { content, store } = this.deps;
    const previous = await store.get(repo.id);
    await store.set(repo.id, { sourceCommit: commit, state: "running" });
    const snapshot = await content.snapshot(repo, commit);
    const readmeEntry = snapshot.byPath.get("README.md");
    // a card larger than the hub reads for metadata is not read here either (README "Dataset viewer")
    const readme =
      readmeEntry && readmeEntry.size <= MAX_README_BYTES
        ? ((await content.readFile(repo, commit, "README.md"))?.toString("utf8") ?? "")
        : "";
    const cardData = (await parseCardOffThread(readme)).cardData;
    const layout = await resolveLayout(
      snapshot.files.map((file) => file.path),
      cardData,
    );
    const fingerprint = fingerprintOf(snapshot, layout, cardData?.configs);
    if (previous?.report && previous.report.fingerprint === fingerprint && previous.state === "done") {
      await store.set(repo.id, {
        sourceCommit: commit,
        state: "done",
        report: { ...previous.report, sourceCommit: commit },
      });
      return;
    }
    await mkdir(this.deps.workRoot, { recursive: true });
    const work = await mkdtemp(join(this.deps.workRoot, "convert-"));
    try {
      const report = await this.convertInto(repo, snapshot, layout, fingerprint, work);
      const parquetCommit = await this.commitShards(repo, report, join(work, "out"));
      if (parquetCommit) await this.deps.cache.adopt(repo.id, parquetCommit, join(work, "out"));
      await store.set(repo.id, { sourceCommit: commit, state: "done", parquetCommit, report, error: null });
      this.deps.logger.info(
        {
          repo: repo.id,
          commit,
          parquetCommit,
          splits: report.configs.flatMap((c) => c.splits.map((s) => s.name)),
        },
        "dataset converted to parquet",
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  }

  private async convertInto(
    repo: RepoRecord,
    snapshot: Snapshot,
    layout: DatasetLayout,
    fingerprint: string,
    work: string,
  ): Promise<ConversionReport> {
    const sourceRoot = join(work, "src");
    const configs: ConfigReport[] = [];
    for (const config of layout.configs) {
      const splits: SplitReport[] = [];
      for (const split of config.splits) {
        const originalBytes = split.files.reduce(
          (sum, path) => sum + (snapshot.byPath.get(path)?.size ?? 0),
          0,
        );
        try {
          await materializeFiles(
            this.deps.content,
            repo,
            snapshot,
            [...split.files, ...config.metadataFiles],
            sourceRoot,
          );
          splits.push(
            await this.deps.engine.use(
              (connection) =>
                convertSplit(connection, {
                  config,
                  split,
                  sourceRoot,
                  outDir: join(work, "out", config.name, split.name),
                  rowsFile: join(work, `rows-${config.name}-${split.name}.jsonl`),
                  shardBytes: this.deps.shardBytes,
                  originalBytes,
                }),
              false,
            ),
          );
        } catch (error) {
          await rm(join(work, "out", config.name, split.name), { recursive: true, force: true });
          splits.push({
            name: split.name,
            error: cleanError(error, sourceRoot, split.files),
            numRows: 0,
            numBytesOriginal: originalBytes,
            numBytesParquet: 0,
            numBytesMemory: 0,
            features: {},
            shards: [],
          });
        }
      }
      configs.push({ name: config.name, format: config.format, splits });
    }
    return { sourceCommit: snapshot.commit, fingerprint, configs, problems: layout.problems };
  }

  /** Stores the shards as LFS objects and commits them as the new Parquet ref; undefined when none. */
  private async commitShards(
    repo: RepoRecord,
    report: ConversionReport,
    outDir: string,
  ): Promise<string | undefined> {
    const { content } = this.deps;
    const operations: CommitOperation[] = [];
    for (const config of report.configs)
      for (const split of config.splits)
        for (const shard of split.shards) {
          const local = join(outDir, config.name, split.name, shard.filename);
          const oid = await sha256OfFile(local);
          await content.storeLfsObject(repo, oid, shard.size, createReadStream(local));
          const path = `${config.name}/${split.name}/${shard.filename}`;
          operations.push({ kind: "lfs", path, oid, size: shard.size });
        }
    if (operations.length === 0) return undefined;
    const result = await content.commitConvertedParquet(repo, {
      title: `Update parquet files for ${report.sourceCommit.slice(0, 12)}`,
      author: BOT,
      operations,
    });
    return result.commit;
  }
}

/** Removes what a crashed conversion left in the scratch folder. */
export async function clearWorkRoot(workRoot: string): Promise<void> {
  await mkdir(workRoot, { recursive: true });
  for (const name of await readdir(workRoot))
    if (name.startsWith("convert-")) await rm(join(workRoot, name), { recursive: true, force: true });
}
