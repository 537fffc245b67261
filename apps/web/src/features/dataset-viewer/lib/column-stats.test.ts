import type { ColumnStatistics } from "@modelhub/api-types";
import { describe, expect, it } from "vitest";
import { columnChart } from "./column-stats.js";

const numeric = {
  nan_count: 0,
  nan_proportion: 0,
  min: 0,
  max: 30,
  mean: 12,
  median: 10,
  std: 3,
  histogram: { hist: [5, 0, 2], bin_edges: [0, 10, 20, 30] },
};

describe("column charts from /statistics", () => {
  it("draws a histogram whose bars filter [from, to), the last one inclusive", () => {
    const item: ColumnStatistics = { column_name: "age", column_type: "int", column_statistics: numeric };
    const chart = columnChart(item, 7);
    expect(chart.kind).toBe("histogram");
    if (chart.kind !== "histogram") return;
    expect(chart.caption).toBe("0 – 30");
    expect(chart.bins.map((bin) => bin.count)).toEqual([5, 0, 2]);
    expect(chart.bins[0].filters).toEqual([
      { column: "age", op: ">=", value: "0" },
      { column: "age", op: "<", value: "10" },
    ]);
    expect(chart.bins[2].filters[1]).toEqual({ column: "age", op: "<=", value: "30" });
  });

  it("text lengths are drawn but not clickable, and nulls are noted", () => {
    const item: ColumnStatistics = {
      column_name: "text",
      column_type: "string_text",
      column_statistics: { ...numeric, nan_count: 1, nan_proportion: 0.125 },
    };
    const chart = columnChart(item, 8);
    expect(chart.caption).toBe("length 0 – 30 · 13% null");
    expect(chart.kind === "histogram" && chart.bins.every((bin) => bin.filters.length === 0)).toBe(true);
  });

  it("lists the most frequent labels first, the rest as others, class labels filtered by index", () => {
    const frequencies = { a: 1, b: 9, c: 3, d: 2, e: 2, f: 1, g: 1 };
    const item: ColumnStatistics = {
      column_name: "label",
      column_type: "class_label",
      column_statistics: {
        nan_count: 0,
        nan_proportion: 0,
        no_label_count: 0,
        no_label_proportion: 0,
        n_unique: 7,
        frequencies,
      },
    };
    const chart = columnChart(item, 19, { _type: "ClassLabel", names: ["a", "b", "c", "d", "e", "f", "g"] });
    expect(chart.kind).toBe("frequencies");
    if (chart.kind !== "frequencies") return;
    expect(chart.items.map((entry) => entry.value)).toEqual(["b", "c", "d", "e", "a"]);
    expect(chart.others).toBe(2);
    expect(chart.total).toBe(19);
    expect(chart.caption).toBe("7 classes");
    expect(chart.items[0].filters).toEqual([{ column: "label", op: "=", value: "1" }]);
  });

  it("string labels filter by value, booleans by true/false", () => {
    const labels: ColumnStatistics = {
      column_name: "split",
      column_type: "string_label",
      column_statistics: { nan_count: 0, nan_proportion: 0, n_unique: 1, frequencies: { x: 3 } },
    };
    const chart = columnChart(labels, 3);
    expect(chart.caption).toBe("1 value");
    expect(chart.kind === "frequencies" && chart.items[0].filters).toEqual([
      { column: "split", op: "=", value: "x" },
    ]);
    const flags: ColumnStatistics = {
      column_name: "ok",
      column_type: "bool",
      column_statistics: { nan_count: 0, nan_proportion: 0, frequencies: { True: 2, False: 1 } },
    };
    const flagChart = columnChart(flags, 3);
    expect(flagChart.kind === "frequencies" && flagChart.items[0].filters).toEqual([
      { column: "ok", op: "=", value: "true" },
    ]);
  });

  it("has nothing to draw without statistics or with an empty histogram", () => {
    expect(columnChart(undefined, 0)).toEqual({ kind: "none", caption: "" });
    const empty: ColumnStatistics = {
      column_name: "x",
      column_type: "float",
      column_statistics: { ...numeric, min: null, max: null, histogram: null },
    };
    expect(columnChart(empty, 0).kind).toBe("none");
  });
});
