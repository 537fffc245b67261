import { access, rename, rm } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { DuckDBConnection } from "@duckdb/node-api";
import { sqlFileList, sqlIdentifier, sqlString } from "./duck-engine.js";
import type { SplitTarget } from "./split-reader.js";

/** Kept next to a split's local shards; not part of `refs/convert/parquet`. */
const SEARCH_FILE = "search.parquet";
/** Joins a row's string values in the side file; a query holding it falls back to the columns. */
export const SEARCH_SEPARATOR = "\n";

/** Where the split's search side-file lives (beside its first shard, in the Parquet cache). */
export function searchFilePath(target: SplitTarget): string {
  return join(dirname(target.paths[0]), SEARCH_FILE);
}

export async function hasSearchFile(target: SplitTarget): Promise<boolean> {
  return access(searchFilePath(target)).then(
    () => true,
    () => false,
  );
}

/**
 * Writes the split's search side-file: one column `t`, the lower-cased string values of each row
 * joined by a newline, in split row order (so `file_row_number` is the row index). `/search` then
 * scans this one small column instead of lower-casing every string column of every row.
 */
export async function writeSearchFile(
  connection: DuckDBConnection,
  target: SplitTarget,
  columns: string[],
): Promise<string> {
  const path = searchFilePath(target);
  const partial = `${path}.${process.pid}.part`;
  const joined = `lower(concat_ws(${sqlString(SEARCH_SEPARATOR)}, ${columns.map(sqlIdentifier).join(", ")}))`;
  try {
    // the engine preserves insertion order, so rows keep the shards' order
    await connection.run(
      `COPY (SELECT coalesce(${joined}, '') AS t FROM read_parquet(${sqlFileList(target.paths)})) TO ${sqlString(partial)} (FORMAT parquet, ROW_GROUP_SIZE 122880, COMPRESSION zstd)`,
    );
    await rename(partial, path);
  } finally {
    await rm(partial, { force: true });
  }
  return path;
}

/** The side-file predicate for `query`: undefined when the query cannot be answered from it. */
export function searchFilePredicate(query: string): string | undefined {
  if (query.includes(SEARCH_SEPARATOR)) return undefined;
  return `contains(t, ${sqlString(query.toLowerCase())})`;
}
