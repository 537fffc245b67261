import { writeFile } from "node:fs/promises";
import type { DatasetFeature } from "@modelhub/api-types";
import { sqlFileList, sqlIdentifier, sqlString } from "./duck-engine.js";
import type { ConfigSource, SourceFormat } from "./layout.js";

/** A split's files as this machine holds them: `local[i]` is the copy of `repoPaths[i]`. */
export interface LocalFiles {
  /** Folder whose `<repo path>` entries are the materialised files. */
  root: string;
  repoPaths: string[];
}

export interface SourceQuery {
  sql: string;
  /** Features the reader knows better than the column types (class labels, media). */
  knownFeatures: Record<string, DatasetFeature>;
}

function localPaths(files: LocalFiles): string[] {
  return files.repoPaths.map((path) => `${files.root}/${path}`);
}

/** The SELECT that reads a split's rows, by the config's format. */
export async function sourceQuery(
  config: ConfigSource,
  format: SourceFormat,
  files: LocalFiles,
  metadata: LocalFiles,
  rowsFile: string,
): Promise<SourceQuery> {
  const list = sqlFileList(localPaths(files));
  switch (format) {
    case "parquet":
      return { sql: `SELECT * FROM read_parquet(${list}, union_by_name = true)`, knownFeatures: {} };
    case "csv":
    case "tsv": {
      const delimiter = config.delimiter ?? (format === "tsv" ? "\t" : ",");
      return {
        sql: `SELECT * FROM read_csv(${list}, header = true, delim = ${sqlString(delimiter)}, union_by_name = true, strict_mode = true, skip = 0, sample_size = 20480)`,
        knownFeatures: {},
      };
    }
    case "json":
      return {
        sql: `SELECT * FROM read_json(${list}, format = 'auto', union_by_name = true, sample_size = 20480)`,
        knownFeatures: {},
      };
    case "text":
      return {
        sql: `SELECT coalesce(text, '') AS text FROM read_csv(${list}, columns = {'text': 'VARCHAR'}, header = false, delim = '', quote = '', escape = '', auto_detect = false)`,
        knownFeatures: {},
      };
    case "imagefolder":
    case "audiofolder":
      return folderQuery(format === "imagefolder" ? "image" : "audio", files, metadata, rowsFile);
  }
}

/** The folder a label comes from: the file's parent, unless that is the top or a split folder. */
function labelOf(path: string, splitNames: Set<string>): string | undefined {
  const parts = path.split("/");
  if (parts.length < 2) return undefined;
  const parent = parts[parts.length - 2];
  return splitNames.has(parent.toLowerCase()) ? undefined : parent;
}

const SPLIT_FOLDER_NAMES = new Set([
  "train",
  "training",
  "validation",
  "valid",
  "dev",
  "val",
  "test",
  "testing",
  "eval",
  "evaluation",
  "data",
]);

/**
 * Image/audio folders: one row per file (the media column holds `{bytes: null, path}`, served from the
 * repo), joined with `metadata.csv|jsonl` on `file_name` when there is one, else labelled by folder.
 */
async function folderQuery(
  column: "image" | "audio",
  files: LocalFiles,
  metadata: LocalFiles,
  rowsFile: string,
): Promise<SourceQuery> {
  const media: DatasetFeature = column === "image" ? { _type: "Image" } : { _type: "Audio" };
  const labels = files.repoPaths.map((path) => labelOf(path, SPLIT_FOLDER_NAMES));
  const labelled = metadata.repoPaths.length === 0 && labels.every((label) => label !== undefined);
  const names = labelled ? [...new Set(labels as string[])].sort() : [];
  const lines = files.repoPaths.map((path, index) =>
    JSON.stringify(
      labelled ? { __path: path, label: names.indexOf(labels[index] as string) } : { __path: path },
    ),
  );
  await writeFile(rowsFile, `${lines.join("\n")}\n`);
  const rows = `read_json(${sqlString(rowsFile)}, format = 'newline_delimited', columns = ${
    labelled ? "{'__path': 'VARCHAR', 'label': 'BIGINT'}" : "{'__path': 'VARCHAR'}"
  })`;
  const mediaColumn = `{'bytes': NULL::BLOB, 'path': r.__path} AS ${sqlIdentifier(column)}`;
  if (metadata.repoPaths.length === 0) {
    return {
      sql: `SELECT ${mediaColumn}${labelled ? ", r.label" : ""} FROM ${rows} r ORDER BY r.__path`,
      knownFeatures: labelled
        ? { [column]: media, label: { _type: "ClassLabel", names } }
        : { [column]: media },
    };
  }
  const csv = localPaths(metadata).filter((path) => path.endsWith(".csv"));
  const jsonl = localPaths(metadata).filter((path) => path.endsWith(".jsonl"));
  const prefix = `${metadata.root}/`;
  const readers = [
    ...(csv.length
      ? [`SELECT * FROM read_csv(${sqlFileList(csv)}, header = true, filename = true, union_by_name = true)`]
      : []),
    ...(jsonl.length
      ? [`SELECT * FROM read_json(${sqlFileList(jsonl)}, filename = true, union_by_name = true)`]
      : []),
  ];
  const all =
    readers.length === 1 ? readers[0] : readers.map((sql) => `(${sql})`).join(" UNION ALL BY NAME ");
  // metadata rows name files relative to the folder of their metadata file
  const keyed = `SELECT *, regexp_replace(substr(filename, ${prefix.length + 1}), '[^/]*$', '') || file_name AS __key FROM (${all})`;
  return {
    sql: `SELECT ${mediaColumn}, m.* EXCLUDE (file_name, filename, __key) FROM ${rows} r JOIN (${keyed}) m ON m.__key = r.__path ORDER BY r.__path`,
    knownFeatures: { [column]: media },
  };
}
