import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub, type TestHub } from "../platform/helpers/test-hub.js";
import { datasetWithFiles, getJson, viewerUrl } from "./helpers.js";

describe("smoke", () => {
  let hub: TestHub;
  let token: string;
  beforeAll(async () => {
    hub = await startTestHub();
    token = await hub.tokenFor("alice");
  });
  afterAll(async () => {
    await hub?.stop();
  });
  it("converts csv", async () => {
    await datasetWithFiles(hub, token, "alice/two", {
      "train.csv": "text,label\nhello,1\nworld,2\n",
      "test.csv": "text,label\nfoo,1\n",
    });
    console.log(JSON.stringify(await getJson(viewerUrl(hub, "status", { dataset: "alice/two" }))));
    console.log(JSON.stringify(await getJson(viewerUrl(hub, "splits", { dataset: "alice/two" }))));
    console.log(JSON.stringify(await getJson(viewerUrl(hub, "rows", { dataset: "alice/two", config: "default", split: "train" }))));
    console.log(JSON.stringify(await getJson(viewerUrl(hub, "statistics", { dataset: "alice/two", config: "default", split: "train" }))));
    console.log(JSON.stringify(await getJson(viewerUrl(hub, "parquet", { dataset: "alice/two" }))));
    console.log(JSON.stringify(await getJson(`${hub.url}/api/datasets/alice/two/parquet`)));
    const r = await fetch(`${hub.url}/api/datasets/alice/two/parquet/default/train/0.parquet`);
    console.log(r.status, r.url, (await r.arrayBuffer()).byteLength);
    const sql = await fetch(`${hub.url}/datasets-server/sql`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ dataset: "alice/two", query: "SELECT label, count(*) AS n FROM train GROUP BY label ORDER BY label" }) });
    console.log(sql.status, await sql.text());
    expect(1).toBe(1);
  });
});
