import type { RowsResponse, SplitsResponse } from "@modelhub/api-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { datasetWithFiles, getJson, viewerUrl } from "./helpers.js";

describe("dataset viewer: one bad file does not hide the good splits", () => {
  let hub: TestHub;
  let token: string;

  beforeAll(async () => {
    hub = await startTestHub();
    token = await hub.tokenFor("alice");
  });
  afterAll(async () => {
    await hub?.stop();
  });

  const splits = async (dataset: string) => {
    const { status, body } = await getJson<SplitsResponse>(viewerUrl(hub, "splits", { dataset }));
    expect(status, JSON.stringify(body)).toBe(200);
    return body;
  };

  it("a valid data/train.csv and a broken data/test.csv: train listed, test failed with its error", async () => {
    await datasetWithFiles(hub, token, "alice/badcsv", {
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
      viewerUrl(hub, "rows", { dataset: "alice/badcsv", config: "default", split: "train" }),
    );
    expect(rows.body.rows.map((row) => row.row)).toEqual([
      { a: 1, b: "x" },
      { a: 2, b: "y" },
    ]);
  });

  it("a valid data/train.csv and a broken data/test.jsonl: each split read in its own format", async () => {
    await datasetWithFiles(hub, token, "alice/mixed", {
      "data/train.csv": "a,b\n1,x\n2,y\n",
      "data/test.jsonl": '{"a":1,"b":"x"}\n{"a":\n',
    });
    const listed = await splits("alice/mixed");
    expect(listed.splits.map((s) => s.split)).toEqual(["train"]);
    expect(listed.failed).toHaveLength(1);
    expect(listed.failed[0]).toMatchObject({ config: "default", split: "test" });
    expect(listed.failed[0].error).toMatch(/json/i);
    const rows = await getJson<RowsResponse>(
      viewerUrl(hub, "rows", { dataset: "alice/mixed", config: "default", split: "train" }),
    );
    expect(rows.status).toBe(200);
    expect(rows.body.num_rows_total).toBe(2);
  });
});
