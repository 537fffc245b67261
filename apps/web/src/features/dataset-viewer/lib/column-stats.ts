import type { ColumnStatistics, DatasetFeature } from "@modelhub/api-types";
import { classNames } from "./cells.js";
import type { ColumnFilter } from "./where.js";

export interface HistogramBin {
  from: string;
  to: string;
  count: number;
  /** The filters that select this bin's rows (none for length histograms). */
  filters: ColumnFilter[];
}

export interface FrequencyItem {
  value: string;
  count: number;
  filters: ColumnFilter[];
}

/** What the small chart above a column shows. */
export type ColumnChart =
  | { kind: "histogram"; bins: HistogramBin[]; caption: string }
  | { kind: "frequencies"; items: FrequencyItem[]; others: number; total: number; caption: string }
  | { kind: "none"; caption: string };

/** Categories drawn as bars; the rest is summed into "others", as the Hub's headers do. */
export const MAX_CATEGORIES = 5;

const compact = new Intl.NumberFormat("en", { maximumFractionDigits: 2, notation: "compact" });

export function formatStat(value: number): string {
  return Math.abs(value) >= 10_000 ? compact.format(value) : String(Number(value.toFixed(2)));
}

function percent(part: number, total: number): string {
  if (total <= 0) return "0%";
  const value = (100 * part) / total;
  return `${value < 1 && value > 0 ? value.toFixed(1) : Math.round(value)}%`;
}

function frequencyChart(
  column: string,
  frequencies: Record<string, number>,
  unique: number,
  noun: [singular: string, plural: string],
  toFilters: (value: string) => ColumnFilter[],
  nullNote: string,
): ColumnChart {
  const entries = Object.entries(frequencies).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (entries.length === 0) return { kind: "none", caption: nullNote.replace(/^ · /, "") };
  const shown = entries.slice(0, MAX_CATEGORIES);
  const others = entries.slice(MAX_CATEGORIES).reduce((sum, [, count]) => sum + count, 0);
  const total = entries.reduce((sum, [, count]) => sum + count, 0);
  return {
    kind: "frequencies",
    items: shown.map(([value, count]) => ({ value, count, filters: toFilters(value) })),
    others,
    total,
    caption: `${unique.toLocaleString("en")} ${unique === 1 ? noun[0] : noun[1]}${nullNote}`,
  };
}

function histogramChart(
  column: string,
  hist: number[],
  edges: (number | string)[],
  filterable: boolean,
  caption: string,
): ColumnChart {
  if (hist.length === 0 || edges.length !== hist.length + 1) return { kind: "none", caption };
  const label = (edge: number | string) => (typeof edge === "number" ? formatStat(edge) : edge);
  const bins = hist.map((count, index) => {
    const from = edges[index];
    const to = edges[index + 1];
    // Bins are [from, to) except the last, which includes its upper edge.
    const last = index === hist.length - 1;
    const filters: ColumnFilter[] = filterable
      ? [
          { column, op: ">=", value: String(from) },
          { column, op: last ? "<=" : "<", value: String(to) },
        ]
      : [];
    return { from: label(from), to: label(to), count, filters };
  });
  return { kind: "histogram", bins, caption };
}

/** Turns one column's `/statistics` entry into chart data (with the filters each bar applies). */
export function columnChart(
  item: ColumnStatistics | undefined,
  numExamples: number,
  type?: DatasetFeature,
): ColumnChart {
  if (!item) return { kind: "none", caption: "" };
  const column = item.column_name;
  const nulls = item.column_statistics.nan_count;
  const nullNote = nulls > 0 ? ` · ${percent(nulls, numExamples)} null` : "";
  switch (item.column_type) {
    case "class_label": {
      const names = classNames(type);
      const stats = item.column_statistics;
      return frequencyChart(
        column,
        stats.frequencies,
        stats.n_unique,
        ["class", "classes"],
        (value) => {
          const index = names.indexOf(value);
          return index >= 0 ? [{ column, op: "=", value: String(index) }] : [];
        },
        nullNote,
      );
    }
    case "string_label":
      return frequencyChart(
        column,
        item.column_statistics.frequencies,
        item.column_statistics.n_unique,
        ["value", "values"],
        (value) => [{ column, op: "=", value }],
        nullNote,
      );
    case "bool": {
      const frequencies = item.column_statistics.frequencies;
      return frequencyChart(
        column,
        frequencies,
        Object.keys(frequencies).length,
        ["value", "values"],
        (value) => [{ column, op: "=", value: value.toLowerCase() }],
        nullNote,
      );
    }
    case "datetime": {
      const stats = item.column_statistics;
      const range = stats.min && stats.max ? `${stats.min} – ${stats.max}` : "";
      return histogramChart(
        column,
        stats.histogram?.hist ?? [],
        stats.histogram?.bin_edges ?? [],
        true,
        `${range}${nullNote}`,
      );
    }
    default: {
      const stats = item.column_statistics;
      const numeric = item.column_type === "int" || item.column_type === "float";
      const unit =
        item.column_type === "string_text" || item.column_type === "list"
          ? "length "
          : item.column_type === "audio"
            ? "seconds "
            : item.column_type === "image"
              ? "width "
              : "";
      const edges = stats.histogram?.bin_edges ?? [];
      const min = stats.min ?? edges[0];
      const max = stats.max ?? edges.at(-1);
      const range =
        min !== undefined && max !== undefined ? `${unit}${formatStat(min)} – ${formatStat(max)}` : "";
      return histogramChart(column, stats.histogram?.hist ?? [], edges, numeric, `${range}${nullNote}`);
    }
  }
}

export function binLabel(bin: HistogramBin): string {
  return `${bin.from} – ${bin.to}: ${bin.count.toLocaleString("en")} rows`;
}

export function frequencyLabel(item: FrequencyItem, total: number): string {
  return `${item.value}: ${item.count.toLocaleString("en")} rows (${percent(item.count, total)})`;
}
