import { send } from "../../../lib/api-client.js";
import type { RepoType } from "@modelhub/api-types";
import { paths } from "../../../config/paths.js";

export type PreviewFormat = "csv" | "tsv" | "jsonl" | "parquet";

export interface PreviewTable {
  columns: string[];
  rows: Record<string, unknown>[];
  /** Total rows in the file when the format tells us (parquet). */
  totalRows?: number;
}

export const MAX_ROWS = 50;
const TEXT_BYTES = 256 * 1024;

export function previewFormat(path: string): PreviewFormat | undefined {
  const lower = path.toLowerCase();
  if (lower.endsWith(".csv")) return "csv";
  if (lower.endsWith(".tsv")) return "tsv";
  if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) return "jsonl";
  if (lower.endsWith(".parquet")) return "parquet";
  return undefined;
}

/** The first bytes of the file, cut back to the last complete line when the file is longer. */
async function headText(url: string): Promise<string> {
  const response = await send(url, { headers: { Range: `bytes=0-${TEXT_BYTES - 1}` } });
  const text = new TextDecoder().decode(await response.arrayBuffer());
  const range = response.headers.get("Content-Range");
  const total = range ? Number(range.split("/")[1]) : undefined;
  const complete = total === undefined || total <= TEXT_BYTES;
  return complete ? text : text.slice(0, text.lastIndexOf("\n") + 1);
}

function columnsOf(rows: Record<string, unknown>[]): string[] {
  const columns = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) columns.add(key);
  return [...columns];
}

async function readDelimited(url: string, delimiter: string): Promise<PreviewTable> {
  const { default: Papa } = await import("papaparse");
  const parsed = Papa.parse<Record<string, unknown>>(await headText(url), {
    header: true,
    delimiter,
    preview: MAX_ROWS,
    skipEmptyLines: true,
    dynamicTyping: false,
  });
  return { columns: parsed.meta.fields ?? columnsOf(parsed.data), rows: parsed.data };
}

async function readJsonLines(url: string): Promise<PreviewTable> {
  const lines = (await headText(url))
    .split("\n")
    .filter((line) => line.trim() !== "")
    .slice(0, MAX_ROWS);
  const rows = lines.map((line) => {
    const value: unknown = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : { value };
  });
  return { columns: columnsOf(rows), rows };
}

async function readParquet(url: string, byteLength?: number): Promise<PreviewTable> {
  const { asyncBufferFromUrl, parquetMetadataAsync, parquetReadObjects } = await import("hyparquet");
  const absolute = new URL(url, window.location.origin).toString();
  const file = await asyncBufferFromUrl({ url: absolute, byteLength });
  const metadata = await parquetMetadataAsync(file);
  const total = Number(metadata.num_rows);
  const rows = (await parquetReadObjects({
    file,
    metadata,
    rowStart: 0,
    rowEnd: Math.min(MAX_ROWS, total),
  })) as Record<string, unknown>[];
  return { columns: columnsOf(rows), rows, totalRows: total };
}

export async function readPreview(
  type: RepoType,
  id: string,
  revision: string,
  path: string,
  size?: number,
): Promise<PreviewTable> {
  const url = paths.resolve(type, id, revision, path);
  const format = previewFormat(path);
  if (format === "csv") return readDelimited(url, ",");
  if (format === "tsv") return readDelimited(url, "\t");
  if (format === "jsonl") return readJsonLines(url);
  if (format === "parquet") return readParquet(url, size);
  throw new Error(`No preview for ${path}`);
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date) return value.toISOString();
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === "bigint" ? v.toString() : v));
  } catch {
    return String(value);
  }
}
