import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { RowsResponse } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { datasetWithFiles, getJson, viewerUrl } from "./helpers.js";

describe("dataset viewer: /search through the split's search side-file", () => {
  let hub: TestHub;
  const params = { dataset: "alice/reviews", config: "default", split: "train" };
  const search = async (query: string, offset = 0) => {
    const { status, body } = await getJson<RowsResponse>(
      viewerUrl(hub, "search", { ...params, query, offset }),
    );
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };
  const sideFile = async () => {
    const viewer = hub.datasetViewer!;
    const record = await viewer.store.get(params.dataset);
    const version = viewer.cache.versionDir(params.dataset, record!.parquetCommit!);
    return join(version, "default/train/search.parquet");
  };

  beforeAll(async () => {
    hub = await startTestHub();
    const token = await hub.tokenFor("alice");
    await datasetWithFiles(hub, token, "alice/reviews", {
      "train.jsonl": [
        { title: "Great Phone", body: "Battery lasts", stars: 5 },
        { title: "meh", body: null, stars: 2 },
        { title: null, body: "the PHONE broke", stars: 1 },
        { title: "Ünïcode Ök", body: "x", stars: 3 },
      ]
        .map((row) => JSON.stringify(row))
        .join("\n"),
    });
  });
  afterAll(async () => {
    await hub?.stop();
  });

  it("is written after the conversion and matches any string column, case-insensitively", async () => {
    expect(existsSync(await sideFile())).toBe(true);
    const phone = await search("phone");
    expect(phone.num_rows_total).toBe(2);
    expect(phone.rows.map((row) => [row.row_idx, row.row.stars])).toEqual([
      [0, 5],
      [2, 1],
    ]);
    expect(await search("phone", 1)).toMatchObject({ num_rows_total: 2, rows: [{ row_idx: 2 }] });
    // a deep page takes the general query: no rows, still the count
    expect(await search("phone", 20_000)).toMatchObject({ num_rows_total: 2, rows: [] });
    expect((await search("ÖK")).rows.map((row) => row.row_idx)).toEqual([3]);
    expect((await search("nothing like this")).num_rows_total).toBe(0);
    // a query spanning two columns' values does not match through the separator
    expect((await search("phone\nbattery")).num_rows_total).toBe(0);
  });

  it("is written again on the first search when missing (older conversion, cache fetched from git)", async () => {
    rmSync(await sideFile());
    expect((await search("battery")).rows.map((row) => row.row_idx)).toEqual([0]);
    expect(existsSync(await sideFile())).toBe(true);
  });
});
