import type { ColumnStatistics, RowsResponse } from "@modelhub/api-types";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RowsTable } from "./rows-table.js";

/** A page as the API answers it: text, a class label, an image and an audio column. */
const PAGE: RowsResponse = {
  features: [
    { feature_idx: 0, name: "text", type: { _type: "Value", dtype: "string" } },
    { feature_idx: 1, name: "label", type: { _type: "ClassLabel", names: ["neg", "pos"] } },
    { feature_idx: 2, name: "image", type: { _type: "Image" } },
    { feature_idx: 3, name: "audio", type: { _type: "Audio", sampling_rate: 16000 } },
  ],
  rows: [
    {
      row_idx: 100,
      row: {
        text: "<script>window.x=1</script>",
        label: 1,
        image: { src: "/datasets-server/assets/me/data/img.png", width: 20, height: 10 },
        audio: [{ src: "/datasets-server/assets/me/data/a.wav", type: "audio/wav" }],
      },
      truncated_cells: [],
    },
    { row_idx: 101, row: { text: null, label: 0, image: null, audio: null }, truncated_cells: [] },
  ],
  num_rows_total: 202,
  num_rows_per_page: 100,
  partial: false,
};

const STATS: ColumnStatistics[] = [
  {
    column_name: "text",
    column_type: "string_text",
    column_statistics: {
      nan_count: 101,
      nan_proportion: 0.5,
      min: 3,
      max: 27,
      mean: 10,
      median: 9,
      std: 2,
      histogram: { hist: [1, 0, 4, 2], bin_edges: [3, 9, 15, 21, 27] },
    },
  },
  {
    column_name: "label",
    column_type: "class_label",
    column_statistics: {
      nan_count: 0,
      nan_proportion: 0,
      no_label_count: 0,
      no_label_proportion: 0,
      n_unique: 2,
      frequencies: { pos: 150, neg: 52 },
    },
  },
];

function render(highlightIndex?: number): string {
  return renderToStaticMarkup(
    createElement(RowsTable, {
      page: PAGE,
      stats: { byColumn: new Map(STATS.map((item) => [item.column_name, item])), numExamples: 202 },
      sort: { column: "label", direction: "desc" },
      highlightIndex,
      sortable: true,
      onSort: () => undefined,
      onPick: () => undefined,
    }),
  );
}

describe("the rows table", () => {
  it("draws media cells, class names, nulls, and escapes text", () => {
    const html = render();
    expect(html).toContain('<img src="/datasets-server/assets/me/data/img.png"');
    expect(html).toContain('<source src="/datasets-server/assets/me/data/a.wav" type="audio/wav"/>');
    expect(html).toContain(">pos<");
    expect(html).toContain('<span class="cell-null">null</span>');
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).toContain('data-row="100"');
  });

  it("puts a histogram or the value counts above each column, with captions", () => {
    const html = render();
    expect(html.match(/class="bin-bar"/g)).toHaveLength(4);
    expect(html).toContain("length 3 – 27 · 50% null");
    expect(html).toContain('title="pos: 150 rows (74%)"');
    expect(html).toContain("2 classes");
    // columns without statistics still get their header, without a chart body
    expect(html.match(/data-testid="column-chart"/g)).toHaveLength(4);
  });

  it("marks the sorted column and the row jumped to", () => {
    const html = render(1);
    expect(html).toContain('aria-label="Sort by label (unsorted)"');
    expect(html).toContain('aria-label="Sort by text (ascending)"');
    expect(html).toContain('<tr class="row-highlight" data-row="101">');
  });
});
