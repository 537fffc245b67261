import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import type { DatasetFeature } from "@modelhub/api-types";
import { sqlString } from "./duck-engine.js";
import { featureOfType, featuresFromHuggingfaceMetadata } from "./features.js";
import type { ConfigSource, SplitSource } from "./layout.js";
import type { ParquetShard, SplitReport } from "./report.js";
import { sourceQuery, type LocalFiles } from "./source-select.js";

export interface SplitJob {
  config: ConfigSource;
  split: SplitSource;
  /** Where the repo files were laid out. */
  sourceRoot: string;
  /** Folder that receives `NNNN.parquet`. */
  outDir: string;
  /** Scratch file for image/audio folder rows. */
  rowsFile: string;
  shardBytes: number;
  originalBytes: number;
}

const TEXT_ROW_GROUP = 10_000;
const MEDIA_ROW_GROUP = 2_048;

/** The `huggingface` key-value metadata of a `datasets` Parquet file, when it carries features. */
async function parquetFeatures(
  connection: DuckDBConnection,
  file: string,
): Promise<Record<string, DatasetFeature> | undefined> {
  const reader = await connection.runAndReadAll(
    `SELECT decode(value) AS value FROM parquet_kv_metadata(${sqlString(file)}) WHERE decode(key) = 'huggingface'`,
  );
  const value = reader.getRowObjectsJS()[0]?.value;
  return typeof value === "string" ? featuresFromHuggingfaceMetadata(value) : undefined;
}

/**
 * Reads one split with DuckDB and writes it as Parquet shards of at most `shardBytes` (row groups
 * sized for 100-row pages), with the `datasets` features in the files' `huggingface` metadata.
 */
export async function convertSplit(connection: DuckDBConnection, job: SplitJob): Promise<SplitReport> {
  const files: LocalFiles = { root: job.sourceRoot, repoPaths: job.split.files };
  const metadata: LocalFiles = { root: job.sourceRoot, repoPaths: job.config.metadataFiles };
  const format = job.split.format ?? job.config.format;
  const query = await sourceQuery(job.config, format, files, metadata, job.rowsFile);
  const shape = await connection.runAndReadAll(`SELECT * FROM (${query.sql}) LIMIT 0`);
  const names = shape.columnNames();
  const types = shape.columnTypes();
  if (new Set(names).size !== names.length) throw new Error("Duplicate column names");
  let features: Record<string, DatasetFeature> = Object.fromEntries(
    names.map((name, index) => [name, query.knownFeatures[name] ?? featureOfType(types[index])]),
  );
  if (format === "parquet") {
    const declared = await parquetFeatures(connection, `${job.sourceRoot}/${job.split.files[0]}`);
    if (declared && Object.keys(declared).length === names.length && names.every((name) => name in declared))
      features = declared;
  }
  const metadataJson = JSON.stringify({ info: { features } });
  const media = format === "imagefolder" || format === "audiofolder";
  await mkdir(job.outDir, { recursive: true });
  const options = `FORMAT parquet, ROW_GROUP_SIZE ${media ? MEDIA_ROW_GROUP : TEXT_ROW_GROUP}, KV_METADATA {huggingface: ${sqlString(metadataJson)}}`;
  // one ordered file first (DuckDB's FILE_SIZE_BYTES rotation does not keep row order), then cut
  // into shards by row ranges when it is larger than a shard may be
  const whole = join(job.outDir, "whole.parquet");
  await connection.run(`COPY (${query.sql}) TO ${sqlString(whole)} (${options})`);
  const wholeRows = Number(
    (
      (
        await connection.runAndReadAll(`SELECT num_rows FROM parquet_file_metadata(${sqlString(whole)})`)
      ).getRowObjectsJS()[0] ?? {}
    ).num_rows ?? 0,
  );
  const wholeSize = (await stat(whole)).size;
  const written: string[] = [];
  if (wholeSize <= job.shardBytes || wholeRows < 2) {
    written.push(whole);
  } else {
    const perShard = Math.max(1, Math.floor((wholeRows * job.shardBytes) / wholeSize));
    for (let start = 0, index = 0; start < wholeRows; start += perShard, index++) {
      const part = join(job.outDir, `part-${index}.parquet`);
      await connection.run(
        `COPY (SELECT * EXCLUDE (file_row_number) FROM read_parquet(${sqlString(whole)}, file_row_number = true) WHERE file_row_number >= ${start} AND file_row_number < ${start + perShard}) TO ${sqlString(part)} (${options})`,
      );
      written.push(part);
    }
    await rm(whole);
  }
  const shards: ParquetShard[] = [];
  let numBytesMemory = 0;
  for (const [position, file] of written.entries()) {
    const filename = `${String(position).padStart(4, "0")}.parquet`;
    const path = join(job.outDir, filename);
    await rename(file, path);
    const facts = await connection.runAndReadAll(
      `SELECT (SELECT num_rows FROM parquet_file_metadata(${sqlString(path)})) AS rows, (SELECT coalesce(sum(total_uncompressed_size), 0) FROM parquet_metadata(${sqlString(path)})) AS bytes`,
    );
    const row = facts.getRowObjectsJS()[0] ?? {};
    numBytesMemory += Number(row.bytes ?? 0);
    shards.push({ filename, size: (await stat(path)).size, numRows: Number(row.rows ?? 0) });
  }
  return {
    name: job.split.name,
    numRows: shards.reduce((sum, shard) => sum + shard.numRows, 0),
    numBytesOriginal: job.originalBytes,
    numBytesParquet: shards.reduce((sum, shard) => sum + shard.size, 0),
    numBytesMemory,
    features,
    shards,
  };
}
