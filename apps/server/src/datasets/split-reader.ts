import type { DuckDBConnection } from "@duckdb/node-api";
import type { DatasetFeature } from "@modelhub/api-types";
import type { RepoRecord } from "../domain/repo.js";
import { sqlFileList, sqlIdentifier, sqlString } from "./duck-engine.js";
import type { SplitReport } from "./report.js";

/** A converted split ready to query: its report and its shards on local disk. */
export interface SplitTarget {
  repo: RepoRecord;
  config: string;
  split: string;
  sourceCommit: string;
  parquetCommit: string;
  report: SplitReport;
  /** Local shard paths, in row order. */
  paths: string[];
}

/** A row as DuckDB read it, with its index in the split. */
export interface RawRow {
  rowIdx: number;
  values: Record<string, unknown>;
}

export interface RowsPage {
  rows: RawRow[];
  total: number;
}

function shardStarts(target: SplitTarget): number[] {
  const starts: number[] = [];
  let at = 0;
  for (const shard of target.report.shards) {
    starts.push(at);
    at += shard.numRows;
  }
  return starts;
}

/** The split as one relation with `__row_idx`, the row's index in the split. */
export function splitRelation(target: SplitTarget): string {
  const starts = shardStarts(target);
  if (target.paths.length === 1)
    return `(SELECT * EXCLUDE (file_row_number), file_row_number AS __row_idx FROM read_parquet(${sqlString(target.paths[0])}, file_row_number = true))`;
  const offsets = target.paths
    .map((path, index) => `WHEN ${sqlString(path)} THEN ${starts[index]}`)
    .join(" ");
  return `(SELECT * EXCLUDE (file_row_number, filename), file_row_number + CASE filename ${offsets} END AS __row_idx FROM read_parquet(${sqlFileList(target.paths)}, file_row_number = true, filename = true))`;
}

function rowsOf(objects: Record<string, unknown>[]): RawRow[] {
  return objects.map((object) => {
    const { __row_idx: rowIdx, ...values } = object;
    return { rowIdx: Number(rowIdx), values };
  });
}

/**
 * Rows `offset`..`offset + length` of a split: only the shards holding them are opened, and in each
 * the `file_row_number` range lets DuckDB skip the row groups before it.
 */
export async function readRows(
  connection: DuckDBConnection,
  target: SplitTarget,
  offset: number,
  length: number,
): Promise<RawRow[]> {
  const starts = shardStarts(target);
  const rows: RawRow[] = [];
  for (const [index, shard] of target.report.shards.entries()) {
    const start = starts[index];
    const end = start + shard.numRows;
    const from = Math.max(offset, start);
    const to = Math.min(offset + length, end);
    if (from >= to) continue;
    const reader = await connection.runAndReadAll(
      `SELECT * EXCLUDE (file_row_number), file_row_number + ${start} AS __row_idx FROM read_parquet(${sqlString(
        target.paths[index],
      )}, file_row_number = true) WHERE file_row_number >= ${from - start} AND file_row_number < ${to - start} ORDER BY file_row_number`,
    );
    rows.push(...rowsOf(reader.getRowObjectsJS() as Record<string, unknown>[]));
  }
  return rows;
}

/**
 * The rows matching `predicate` (SQL built by this module or the filter grammar), in `order`: first
 * the matching row indices and their count in one pass over `relation` (the split, or any relation
 * with the split's `__row_idx`), then only the page's rows.
 */
export async function queryRows(
  connection: DuckDBConnection,
  target: SplitTarget,
  predicate: string,
  order: string | undefined,
  offset: number,
  length: number,
  relation = splitRelation(target),
): Promise<RowsPage> {
  const orderBy = order ? `${order}, __row_idx` : "__row_idx";
  const reader = await connection.runAndReadAll(
    `SELECT __row_idx, count(*) OVER () AS __total FROM ${relation} WHERE ${predicate} ORDER BY ${orderBy} LIMIT ${length} OFFSET ${offset}`,
  );
  const hits = reader.getRowObjectsJS() as { __row_idx: bigint; __total: bigint }[];
  let total = hits.length > 0 ? Number(hits[0].__total) : 0;
  if (hits.length === 0 && offset > 0) {
    const counted = await connection.runAndReadAll(
      `SELECT count(*) AS n FROM ${relation} WHERE ${predicate}`,
    );
    total = Number((counted.getRowObjectsJS()[0] as { n: bigint }).n);
  }
  if (hits.length === 0) return { rows: [], total };
  return {
    rows: await rowsByIndex(
      connection,
      target,
      hits.map((hit) => Number(hit.__row_idx)),
    ),
    total,
  };
}

/** Deeper search pages than this are found with the general (windowed) query. */
const SMALLEST_IDS_LIMIT = 10_000;

/**
 * The `/search` page from the split's search side-file (see search-index.ts): one streaming pass
 * over its one column counts the matches and keeps the smallest row indices, then only the page's
 * rows are read from the shards.
 */
export async function searchRows(
  connection: DuckDBConnection,
  target: SplitTarget,
  searchFile: string,
  predicate: string,
  offset: number,
  length: number,
): Promise<RowsPage> {
  const source = `read_parquet(${sqlString(searchFile)}, file_row_number = true)`;
  if (offset + length > SMALLEST_IDS_LIMIT) {
    const relation = `(SELECT t, file_row_number AS __row_idx FROM ${source})`;
    return queryRows(connection, target, predicate, undefined, offset, length, relation);
  }
  const reader = await connection.runAndReadAll(
    `SELECT count(*) AS total, min(file_row_number, ${offset + length}) AS ids FROM ${source} WHERE ${predicate}`,
  );
  const found = reader.getRowObjectsJS()[0] as { total: bigint; ids: bigint[] | null } | undefined;
  const ids = (found?.ids ?? []).slice(offset).map(Number);
  return { rows: await rowsByIndex(connection, target, ids), total: Number(found?.total ?? 0) };
}

/** The rows of the given split indices, in that order: only the row groups holding them are read. */
async function rowsByIndex(
  connection: DuckDBConnection,
  target: SplitTarget,
  ids: number[],
): Promise<RawRow[]> {
  const byId = new Map<number, RawRow>();
  const starts = shardStarts(target);
  for (const [index, shard] of target.report.shards.entries()) {
    const start = starts[index];
    const local = ids.filter((id) => id >= start && id < start + shard.numRows).map((id) => id - start);
    if (local.length === 0) continue;
    const low = Math.min(...local);
    const high = Math.max(...local);
    const page = await connection.runAndReadAll(
      `SELECT * EXCLUDE (file_row_number), file_row_number + ${start} AS __row_idx FROM read_parquet(${sqlString(
        target.paths[index],
      )}, file_row_number = true) WHERE file_row_number BETWEEN ${low} AND ${high} AND file_row_number IN (${local.join(", ")})`,
    );
    for (const row of rowsOf(page.getRowObjectsJS() as Record<string, unknown>[])) byId.set(row.rowIdx, row);
  }
  return ids.map((id) => byId.get(id)).filter((row): row is RawRow => row !== undefined);
}

/** Columns `/search` looks in: the string values (top level). */
export function searchableColumns(features: Record<string, DatasetFeature>): string[] {
  return Object.entries(features)
    .filter(
      ([, feature]) => !Array.isArray(feature) && feature._type === "Value" && feature.dtype === "string",
    )
    .map(([name]) => name);
}

/** Case-insensitive substring match of `query` in any searchable column. */
export function searchPredicate(columns: string[], query: string): string {
  const needle = sqlString(query.toLowerCase());
  return columns.map((column) => `contains(lower(${sqlIdentifier(column)}), ${needle})`).join(" OR ");
}
