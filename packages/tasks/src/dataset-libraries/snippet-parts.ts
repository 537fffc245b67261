import { pyValue } from "../code/values.js";
import { python, raw, type RawCode } from "../code/templates.js";
import { isPublicHub } from "../local-apps/shell-parts.js";
import type { DatasetData, DatasetFormat, DatasetLayout } from "./types.js";

export { isPublicHub };

function trimSlashes(url: string): string {
  return url.replace(/\/+$/, "");
}

/** Private and gated datasets need a token of the hub for every file read. */
export function needsToken(dataset: DatasetData): boolean {
  return dataset.private === true || (dataset.gated !== undefined && dataset.gated !== false);
}

/** `hf://datasets/{id}/{path}`: the path form of huggingface_hub's file system (and others). */
export function hfPath(id: string, path: string): string {
  return `hf://datasets/${id}/${path}`;
}

/** The hub's download address of a dataset file on `main`, each path segment percent-encoded. */
export function datasetResolveUrl(hubUrl: string, id: string, path: string): string {
  const encode = (text: string) => text.split("/").map(encodeURIComponent).join("/");
  return `${trimSlashes(hubUrl)}/datasets/${encode(id)}/resolve/main/${encode(path)}`;
}

/** A single-quoted SQL string literal (quotes doubled); nothing inside is read as SQL. */
export function sqlString(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

/**
 * Lines that point huggingface_hub at this hub before anything imports it; nothing on the public
 * hub. Ends with a blank line when not empty.
 */
export function endpointPreamble(dataset: DatasetData, hubUrl: string): string {
  const token = needsToken(dataset)
    ? "# This dataset needs a token of this hub: set HF_TOKEN, or run `hf auth login`.\n"
    : "";
  if (isPublicHub(hubUrl)) return token ? `${token}\n` : "";
  return python`import os

# Point huggingface_hub (and the libraries built on it) at this hub.
# Set it before they are imported: they read it once, on import.
os.environ["HF_ENDPOINT"] = ${trimSlashes(hubUrl)}
${raw(token)}
`;
}

/** Tabular formats and the reader names of pandas-like APIs. */
export const TABULAR: ReadonlySet<DatasetFormat> = new Set(["parquet", "csv", "tsv", "jsonl", "json"]);

export interface ReaderCall {
  fn: string;
  /** Extra keyword arguments, generator-written. */
  extra: RawCode;
}

/** The pandas/Dask reader of a format. */
export function pandasReader(format: DatasetFormat): ReaderCall {
  if (format === "parquet") return { fn: "read_parquet", extra: raw("") };
  if (format === "csv") return { fn: "read_csv", extra: raw("") };
  if (format === "tsv") return { fn: "read_csv", extra: raw(', sep="\\t"') };
  if (format === "jsonl") return { fn: "read_json", extra: raw(", lines=True") };
  return { fn: "read_json", extra: raw("") };
}

/**
 * `splits = {...}` plus the expression of the first split's path, when the dataset has several
 * splits; the lone file's path otherwise.
 */
export function splitChoice(
  layout: DatasetLayout,
  prefix: string,
): { setup: string; first: string; split?: string } {
  const [firstSplit, firstPath] = layout.splits[0];
  if (layout.splits.length < 2) return { setup: "", first: python`${prefix + firstPath}` };
  const table = Object.fromEntries(layout.splits);
  return {
    setup: `splits = ${pyValue(table)}\n`,
    first: python`${prefix} + splits[${firstSplit}]`,
    split: firstSplit,
  };
}
