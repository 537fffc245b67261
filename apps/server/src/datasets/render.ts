import type { DatasetFeature, ViewerFeature, ViewerRow } from "@modelhub/api-types";
import { isAudioFeature, isImageFeature } from "./features.js";
import { toJsonValue } from "./json-values.js";
import type { RawRow, SplitTarget } from "./split-reader.js";

/** Strings longer than this are cut in `/first-rows` (and named in `truncated_cells`). */
const FIRST_ROWS_CELL_CHARS = 10_000;

const AUDIO_TYPES: Record<string, string> = {
  wav: "audio/wav",
  mp3: "audio/mpeg",
  flac: "audio/flac",
  ogg: "audio/ogg",
  opus: "audio/ogg",
  m4a: "audio/mp4",
};

export function viewerFeatures(features: Record<string, DatasetFeature>): ViewerFeature[] {
  return Object.entries(features).map(([name, type], index) => ({ feature_idx: index, name, type }));
}

/** Where the hub serves a media cell: the repo file it came from, or the bytes stored in the Parquet. */
export interface MediaUrls {
  repoFile(path: string): string;
  storedBytes(rowIdx: number, column: string): string;
}

function mediaCell(value: unknown, rowIdx: number, column: string, audio: boolean, urls: MediaUrls): unknown {
  if (typeof value !== "object" || value === null) return null;
  const { bytes, path } = value as { bytes?: unknown; path?: unknown };
  const hasBytes = bytes !== null && bytes !== undefined;
  if (!hasBytes && typeof path !== "string") return null;
  const src = hasBytes ? urls.storedBytes(rowIdx, column) : urls.repoFile(path as string);
  if (!audio) return { src };
  const extension = typeof path === "string" ? (path.split(".").pop() ?? "").toLowerCase() : "wav";
  return [{ src, type: AUDIO_TYPES[extension] ?? "audio/wav" }];
}

/** Rows as the viewer answers them: JSON cells, media as URLs, long strings cut when asked. */
export function renderRows(
  rows: RawRow[],
  target: SplitTarget,
  urls: MediaUrls,
  cutLongStrings = false,
): ViewerRow[] {
  const features = target.report.features;
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    const truncated: string[] = [];
    for (const [name, feature] of Object.entries(features)) {
      const value = raw.values[name];
      if (isImageFeature(feature) || isAudioFeature(feature)) {
        row[name] = mediaCell(value, raw.rowIdx, name, isAudioFeature(feature), urls);
        continue;
      }
      if (cutLongStrings && typeof value === "string" && value.length > FIRST_ROWS_CELL_CHARS) {
        row[name] = value.slice(0, FIRST_ROWS_CELL_CHARS);
        truncated.push(name);
        continue;
      }
      row[name] = toJsonValue(value);
    }
    return { row_idx: raw.rowIdx, row, truncated_cells: truncated };
  });
}
