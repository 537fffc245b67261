import type { RowsResponse, SplitsResponse } from "@modelhub/api-types";
import { describe, expect, it } from "vitest";
import { datasetWithFiles, getJson, hubWithAlice, viewerOk, viewerUrl } from "./helpers.js";

describe("dataset viewer: one bad file does not hide the good splits", () => {
  const site = hubWithAlice();
  const splits = (dataset: string) => viewerOk<SplitsResponse>(site.hub, "splits", { dataset });

  it("a valid data/train.csv and a broken data/test.csv: train listed, test failed with its error", async () => {
    await datasetWithFiles(site.hub, site.token, "alice/badcsv", {
      "data/train.csv": "a,b\n1,x\n2,y\n",
      "data/test.csv": 'a,b\n1,"unbalanced\n2,y,extra\n',
    });
    const listed = await splits("alice/badcsv");
    expect(listed.splits.map((s) => s.split)).toEqual(["train"]);
    expect(listed.failed).toEqual([
      {
        dataset: "alice/badcsv",
        config: "default",
        split: "test",
        error: expect.stringMatching(/test\.csv/),
      },
    ]);
    const rows = await getJson<RowsResponse>(
      viewerUrl(site.hub, "rows", { dataset: "alice/badcsv", config: "default", split: "train" }),
    );
    expect(rows.body.rows.map((row) => row.row)).toEqual([
      { a: 1, b: "x" },
      { a: 2, b: "y" },
    ]);
  });

  it("a valid data/train.csv and a broken data/test.jsonl: each split read in its own format", async () => {
    await datasetWithFiles(site.hub, site.token, "alice/mixed", {
      "data/train.csv": "a,b\n1,x\n2,y\n",
      "data/test.jsonl": '{"a":1,"b":"x"}\n{"a":\n',
    });
    const listed = await splits("alice/mixed");
    expect(listed.splits.map((s) => s.split)).toEqual(["train"]);
    expect(listed.failed).toHaveLength(1);
    expect(listed.failed[0]).toMatchObject({ config: "default", split: "test" });
    expect(listed.failed[0].error).toMatch(/json/i);
    const rows = await getJson<RowsResponse>(
      viewerUrl(site.hub, "rows", { dataset: "alice/mixed", config: "default", split: "train" }),
    );
    expect(rows.status).toBe(200);
    expect(rows.body.num_rows_total).toBe(2);
  });
});
