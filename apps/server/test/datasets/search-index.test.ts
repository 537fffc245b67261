import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { RowsResponse } from "@modelhub/api-types";
import { beforeAll, describe, expect, it } from "vitest";
import { datasetWithFiles, hubWithAlice, viewerOk } from "./helpers.js";

describe("dataset viewer: /search through the split's search side-file", () => {
  const site = hubWithAlice();
  const params = { dataset: "alice/reviews", config: "default", split: "train" };
  const search = (query: string, offset = 0) =>
    viewerOk<RowsResponse>(site.hub, "search", { ...params, query, offset });
  const sideFile = async () => {
    const viewer = site.hub.datasetViewer!;
    const record = await viewer.store.get(params.dataset);
    const version = viewer.cache.versionDir(params.dataset, record!.parquetCommit!);
    return join(version, "default/train/search.parquet");
  };

  beforeAll(async () => {
    await datasetWithFiles(site.hub, site.token, "alice/reviews", {
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
