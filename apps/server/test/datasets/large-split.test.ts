import type { RowsResponse, StatisticsResponse } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { datasetWithFiles, getJson, viewerUrl } from "./helpers.js";
import { duckdbFiles } from "./fixtures.js";

const ROWS = 2_000_000;
const DATASET = "alice/big";

// Correctness on a generated 2,000,000-row split; the timings of the same queries are in
// bench/datasets/viewer-bench.mjs (no timing assertions here).
describe("dataset viewer: a 2,000,000-row split", () => {
  let hub: TestHub;
  const params = { dataset: DATASET, config: "default", split: "train" };

  beforeAll(async () => {
    hub = await startTestHub();
    const token = await hub.tokenFor("alice");
    const files = await duckdbFiles({
      "train.parquet": `SELECT i AS id, 'row ' || i::VARCHAR AS text, (i % 5)::INTEGER AS label, i / ${ROWS} AS score FROM range(${ROWS}) t(i)`,
    });
    await datasetWithFiles(hub, token, DATASET, files);
  }, 120_000);
  afterAll(async () => {
    await hub?.stop();
  });

  it("pages at offset 1,900,000", async () => {
    const { status, body } = await getJson<RowsResponse>(
      viewerUrl(hub, "rows", { ...params, offset: 1_900_000, length: 100 }),
    );
    expect(status).toBe(200);
    expect(body.num_rows_total).toBe(ROWS);
    expect(body.rows).toHaveLength(100);
    expect(body.rows[0]).toEqual({
      row_idx: 1_900_000,
      row: { id: 1_900_000, text: "row 1900000", label: 0, score: 0.95 },
      truncated_cells: [],
    });
    expect(body.rows[99].row_idx).toBe(1_900_099);
    const last = await getJson<RowsResponse>(viewerUrl(hub, "rows", { ...params, offset: ROWS - 3 }));
    expect(last.body.rows.map((row) => row.row_idx)).toEqual([ROWS - 3, ROWS - 2, ROWS - 1]);
  });

  it("searches the text column", async () => {
    const { body } = await getJson<RowsResponse>(viewerUrl(hub, "search", { ...params, query: "ROW 19999" }));
    // 19999, 199990-199999 and 1999900-1999999
    expect(body.num_rows_total).toBe(111);
    expect(body.rows).toHaveLength(100);
    expect(body.rows[0].row_idx).toBe(19_999);
    const second = await getJson<RowsResponse>(
      viewerUrl(hub, "search", { ...params, query: "row 19999", offset: 100 }),
    );
    expect(second.body.rows.map((row) => row.row_idx)).toEqual(
      Array.from({ length: 11 }, (_, i) => 1_999_989 + i),
    );
  });

  it("filters and orders", async () => {
    const { body } = await getJson<RowsResponse>(
      viewerUrl(hub, "filter", { ...params, where: `"label" = 3 AND id >= 1999990`, orderby: `"id" DESC` }),
    );
    expect(body.num_rows_total).toBe(2);
    expect(body.rows.map((row) => row.row.id)).toEqual([1_999_998, 1_999_993]);
    expect(body.rows.map((row) => row.row_idx)).toEqual([1_999_998, 1_999_993]);
    const counted = await getJson<RowsResponse>(
      viewerUrl(hub, "filter", { ...params, where: "label IN (1, 2) OR score < 0.1", length: 1 }),
    );
    expect(counted.body.num_rows_total).toBe(800_000 + 120_000);
  });

  it("computes statistics of every column", async () => {
    const { body } = await getJson<StatisticsResponse>(viewerUrl(hub, "statistics", params));
    expect(body.num_examples).toBe(ROWS);
    const byName = Object.fromEntries(body.statistics.map((column) => [column.column_name, column]));
    expect(byName.label.column_type).toBe("int");
    expect(byName.label.column_statistics).toMatchObject({ min: 0, max: 4, mean: 2, nan_count: 0 });
    expect((byName.label.column_statistics as { histogram: { hist: number[] } }).histogram.hist).toEqual([
      400_000, 400_000, 400_000, 400_000, 400_000,
    ]);
    expect(byName.id.column_statistics).toMatchObject({ min: 0, max: ROWS - 1, mean: 999_999.5 });
    expect(byName.score.column_type).toBe("float");
    expect(byName.text.column_type).toBe("string_text");
    expect(byName.text.column_statistics).toMatchObject({ min: 5, max: 11 });
  });
});
