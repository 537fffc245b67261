import type { DuckDBConnection } from "@duckdb/node-api";
import type { ColumnStatistics, DatasetFeature, Histogram, NumericStatistics } from "@modelhub/api-types";
import { sqlFileList, sqlIdentifier } from "./duck-engine.js";
import { isClassLabel } from "./features.js";
import type { SplitTarget } from "./split-reader.js";

const BINS = 10;
/** A string column with at most this many distinct values is a label (frequencies), else text (lengths). */
const MAX_STRING_LABELS = 30;

const INT_DTYPES = new Set(["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]);
const FLOAT_DTYPES = new Set(["float16", "float32", "float64"]);

async function one(connection: DuckDBConnection, sql: string): Promise<Record<string, unknown>> {
  return ((await connection.runAndReadAll(sql)).getRowObjectsJS()[0] ?? {}) as Record<string, unknown>;
}

function num(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function round(value: number | null): number | null {
  return value === null ? null : Math.round(value * 1e5) / 1e5;
}

/** Min/max/mean/median/std and a 10-bin histogram of a numeric SQL expression. */
async function numeric(
  connection: DuckDBConnection,
  table: string,
  expression: string,
  total: number,
  integer: boolean,
): Promise<NumericStatistics> {
  const row = await one(
    connection,
    `SELECT count(*) FILTER (WHERE v IS NULL) AS nulls, min(v) AS min, max(v) AS max, avg(v) AS mean, median(v) AS median, stddev_samp(v) AS std FROM (SELECT (${expression})::DOUBLE AS v FROM ${table})`,
  );
  const nanCount = Number(row.nulls ?? 0);
  const min = num(row.min);
  const max = num(row.max);
  let histogram: Histogram | null = null;
  if (min !== null && max !== null) {
    const span = max - min;
    const width = integer ? Math.max(1, Math.ceil((span + 1) / BINS)) : span / BINS || 1;
    const bins = integer ? Math.min(BINS, Math.ceil((span + 1) / width)) : span === 0 ? 1 : BINS;
    const counts = (
      await connection.runAndReadAll(
        `SELECT least(greatest(floor((v - ${min}) / ${width}), 0), ${bins - 1})::INTEGER AS b, count(*) AS n FROM (SELECT (${expression})::DOUBLE AS v FROM ${table}) WHERE v IS NOT NULL GROUP BY b`,
      )
    ).getRowObjectsJS() as { b: number; n: bigint }[];
    const hist = new Array<number>(bins).fill(0);
    for (const { b, n } of counts) hist[b] = Number(n);
    const edges = Array.from({ length: bins }, (_, index) =>
      integer ? min + index * width : (round(min + index * width) ?? 0),
    );
    edges.push(max);
    histogram = { hist, bin_edges: edges };
  }
  return {
    nan_count: nanCount,
    nan_proportion: total === 0 ? 0 : (round(nanCount / total) ?? 0),
    min: integer ? min : round(min),
    max: integer ? max : round(max),
    mean: round(num(row.mean)),
    median: round(num(row.median)),
    std: round(num(row.std)),
    histogram,
  };
}

async function frequencies(
  connection: DuckDBConnection,
  table: string,
  column: string,
): Promise<{ nulls: number; counts: [string, number][] }> {
  const rows = (
    await connection.runAndReadAll(
      `SELECT ${column}::VARCHAR AS v, count(*) AS n FROM ${table} GROUP BY v ORDER BY n DESC, v LIMIT ${MAX_STRING_LABELS + 2}`,
    )
  ).getRowObjectsJS() as { v: string | null; n: bigint }[];
  let nulls = 0;
  const counts: [string, number][] = [];
  for (const { v, n } of rows) {
    if (v === null) nulls = Number(n);
    else counts.push([v, Number(n)]);
  }
  return { nulls, counts };
}

async function columnStatistics(
  connection: DuckDBConnection,
  table: string,
  name: string,
  feature: DatasetFeature,
  total: number,
): Promise<ColumnStatistics | undefined> {
  const column = sqlIdentifier(name);
  const proportion = (count: number) => (total === 0 ? 0 : (round(count / total) ?? 0));
  if (isClassLabel(feature)) {
    const { nulls, counts } = await frequencies(connection, table, column);
    const noLabel = counts.find(([value]) => value === "-1")?.[1] ?? 0;
    const named = counts
      .filter(([value]) => value !== "-1")
      .map(([value, count]): [string, number] => [feature.names[Number(value)] ?? value, count]);
    return {
      column_name: name,
      column_type: "class_label",
      column_statistics: {
        nan_count: nulls,
        nan_proportion: proportion(nulls),
        no_label_count: noLabel,
        no_label_proportion: proportion(noLabel),
        n_unique: named.length,
        frequencies: Object.fromEntries(named),
      },
    };
  }
  if (Array.isArray(feature)) return undefined;
  if (feature._type === "Sequence")
    return {
      column_name: name,
      column_type: "list",
      column_statistics: await numeric(connection, table, `len(${column})`, total, true),
    };
  if (feature._type !== "Value") return undefined;
  const dtype = String(feature.dtype);
  if (INT_DTYPES.has(dtype) || FLOAT_DTYPES.has(dtype)) {
    const integer = INT_DTYPES.has(dtype);
    return {
      column_name: name,
      column_type: integer ? "int" : "float",
      column_statistics: await numeric(connection, table, column, total, integer),
    };
  }
  if (dtype === "bool") {
    const { nulls, counts } = await frequencies(connection, table, column);
    return {
      column_name: name,
      column_type: "bool",
      column_statistics: {
        nan_count: nulls,
        nan_proportion: proportion(nulls),
        frequencies: Object.fromEntries(
          counts.map(([value, count]) => [value === "true" ? "True" : "False", count]),
        ),
      },
    };
  }
  if (dtype === "string" || dtype === "large_string") {
    const distinct = await one(connection, `SELECT approx_count_distinct(${column}) AS n FROM ${table}`);
    if (Number(distinct.n ?? 0) <= MAX_STRING_LABELS + 1) {
      const { nulls, counts } = await frequencies(connection, table, column);
      if (counts.length <= MAX_STRING_LABELS)
        return {
          column_name: name,
          column_type: "string_label",
          column_statistics: {
            nan_count: nulls,
            nan_proportion: proportion(nulls),
            n_unique: counts.length,
            frequencies: Object.fromEntries(counts),
          },
        };
    }
    return {
      column_name: name,
      column_type: "string_text",
      column_statistics: await numeric(connection, table, `length(${column})`, total, true),
    };
  }
  return undefined;
}

/** `/statistics` of a converted split, column by column (columns of other types are left out). */
export async function splitStatistics(
  connection: DuckDBConnection,
  target: SplitTarget,
): Promise<ColumnStatistics[]> {
  const table = `read_parquet(${sqlFileList(target.paths)})`;
  const statistics: ColumnStatistics[] = [];
  for (const [name, feature] of Object.entries(target.report.features)) {
    const result = await columnStatistics(connection, table, name, feature, target.report.numRows);
    if (result) statistics.push(result);
  }
  return statistics;
}
