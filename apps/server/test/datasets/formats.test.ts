import type {
  FirstRowsResponse,
  RowsResponse,
  SplitsResponse,
  StatisticsResponse,
} from "@modelhub/api-types";
import { describe, expect, it } from "vitest";
import { toRepoRecord } from "../../src/platform/repos.js";
import { postJson } from "../platform/helpers/test-hub.js";
import { commitToDataset, datasetWithFiles, getJson, hubWithAlice, viewerOk, viewerUrl } from "./helpers.js";
import { duckdbFiles, gzip, PNG, wav } from "./fixtures.js";

describe("dataset viewer: formats and layouts converted to Parquet", () => {
  const site = hubWithAlice();
  const splits = (dataset: string) => viewerOk<SplitsResponse>(site.hub, "splits", { dataset });
  const rows = (dataset: string, config: string, split: string) =>
    viewerOk<RowsResponse>(site.hub, "rows", { dataset, config, split });

  it("CSV, TSV, JSON Lines (gzip), JSON arrays, zstd CSV and plain text, split by file names", async () => {
    const zst = await duckdbFiles({ "test.csv.zst": "SELECT 3 AS a, 'z' AS b" });
    await datasetWithFiles(site.hub, site.token, "alice/csv", {
      "train.csv": "a,b\n1,x\n2,y\n",
      ...zst,
    });
    expect((await splits("alice/csv")).splits.map((s) => s.split)).toEqual(["train", "test"]);
    expect((await rows("alice/csv", "default", "test")).rows[0].row).toEqual({ a: 3, b: "z" });

    await datasetWithFiles(site.hub, site.token, "alice/tsv", { "data/validation.tsv": "q\tn\nwhy\t4\n" });
    expect((await rows("alice/tsv", "default", "validation")).rows[0].row).toEqual({ q: "why", n: 4 });

    await datasetWithFiles(site.hub, site.token, "alice/jsonl", {
      "train.jsonl.gz": gzip('{"text":"a","tags":["x","y"]}\n{"text":"b","tags":[]}\n'),
      "dev.json": '[{"text":"c","tags":["z"]}]',
    });
    const jsonl = await rows("alice/jsonl", "default", "train");
    expect(jsonl.rows.map((row) => row.row)).toEqual([
      { text: "a", tags: ["x", "y"] },
      { text: "b", tags: [] },
    ]);
    expect(jsonl.features[1].type).toEqual({
      _type: "Sequence",
      feature: { _type: "Value", dtype: "string" },
    });
    expect((await splits("alice/jsonl")).splits.map((s) => s.split)).toEqual(["train", "validation"]);

    await datasetWithFiles(site.hub, site.token, "alice/text", {
      "corpus.txt": "first line\nsecond, line\n",
    });
    const text = await rows("alice/text", "default", "train");
    expect(text.rows.map((row) => row.row.text)).toEqual(["first line", "second, line"]);
  });

  it("Parquet shards named data/{split}-NNNNN-of-NNNNN keep their split names and features", async () => {
    const files = await duckdbFiles({
      "data/train-00000-of-00002.parquet": "SELECT i AS id, i % 2 = 0 AS even FROM range(5) t(i)",
      "data/train-00001-of-00002.parquet": "SELECT i AS id, i % 2 = 0 AS even FROM range(5, 8) t(i)",
      "data/holdout-00000-of-00001.parquet": "SELECT 100 AS id, true AS even",
    });
    await datasetWithFiles(site.hub, site.token, "alice/shards", files);
    expect((await splits("alice/shards")).splits.map((s) => s.split)).toEqual(["train", "holdout"]);
    const page = await rows("alice/shards", "default", "train");
    expect(page.num_rows_total).toBe(8);
    expect(page.rows.map((row) => row.row.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(page.features.map((f) => f.type)).toEqual([
      { _type: "Value", dtype: "int64" },
      { _type: "Value", dtype: "bool" },
    ]);
  });

  it("the card's configs: data_files globs and per-split patterns, the default config first", async () => {
    await datasetWithFiles(site.hub, site.token, "alice/cards", {
      "README.md": [
        "---",
        "configs:",
        "- config_name: small",
        "  data_files: 'small/*.csv'",
        "- config_name: main",
        "  default: true",
        "  data_files:",
        "  - split: train",
        "    path: 'main/part-*.jsonl'",
        "  - split: eval",
        "    path: ['main/heldout.jsonl']",
        "---",
        "# cards",
      ].join("\n"),
      "small/a.csv": "v\n1\n",
      "small/b.csv": "v\n2\n",
      "main/part-1.jsonl": '{"v":1}\n',
      "main/part-2.jsonl": '{"v":2}\n',
      "main/heldout.jsonl": '{"v":3}\n',
    });
    const listed = (await splits("alice/cards")).splits;
    expect(listed.map((s) => `${s.config}/${s.split}`)).toEqual(["main/train", "main/eval", "small/train"]);
    expect((await rows("alice/cards", "small", "train")).num_rows_total).toBe(2);
    expect((await rows("alice/cards", "main", "train")).rows.map((r) => r.row.v)).toEqual([1, 2]);
  });

  it("image folders labelled by folder, audio folders with metadata; media cells are URLs the hub serves", async () => {
    await datasetWithFiles(site.hub, site.token, "alice/pets", {
      "train/cat/1.png": PNG,
      "train/dog/2.png": PNG,
      "test/cat/3.png": PNG,
    });
    const page = await rows("alice/pets", "default", "train");
    expect(page.features.map((f) => f.type)).toEqual([
      { _type: "Image" },
      { _type: "ClassLabel", names: ["cat", "dog"] },
    ]);
    expect(page.rows.map((row) => row.row.label)).toEqual([0, 1]);
    const src = (page.rows[0].row.image as { src: string }).src;
    const image = await fetch(src);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);

    await datasetWithFiles(site.hub, site.token, "alice/speech", {
      "data/a.wav": wav(),
      "data/b.wav": wav(),
      "data/metadata.jsonl":
        '{"file_name":"a.wav","transcription":"hello"}\n{"file_name":"b.wav","transcription":"bye"}\n',
    });
    const audio = await rows("alice/speech", "default", "train");
    expect(audio.rows.map((row) => row.row.transcription)).toEqual(["hello", "bye"]);
    const cell = audio.rows[0].row.audio as { src: string; type: string }[];
    expect(cell[0].type).toBe("audio/wav");
    expect((await fetch(cell[0].src)).status).toBe(200);
  });

  it("images stored inside pushed Parquet files are served from the Parquet bytes", async () => {
    const files = await duckdbFiles({
      "data/train-00000-of-00001.parquet": `SELECT {'bytes': from_base64('${PNG.toString("base64")}'), 'path': 'x.png'} AS image, 'a cat' AS caption`,
    });
    await datasetWithFiles(site.hub, site.token, "alice/pushed", files);
    const page = await rows("alice/pushed", "default", "train");
    expect(page.features[0].type).toEqual({ _type: "Image" });
    const src = (page.rows[0].row.image as { src: string }).src;
    expect(src).toContain("/datasets-server/assets/alice/pushed/--/");
    const image = await fetch(src);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("a bad file fails its split with a clear error; the other splits still work", async () => {
    await datasetWithFiles(site.hub, site.token, "alice/broken", {
      "train.jsonl": '{"a":1}\n{"a":\n',
      "test.jsonl": '{"a":2}\n',
    });
    const listed = await splits("alice/broken");
    expect(listed.splits.map((s) => s.split)).toEqual(["test"]);
    expect(listed.failed).toHaveLength(1);
    expect(listed.failed[0]).toMatchObject({ config: "default", split: "train" });
    expect(listed.failed[0].error).toMatch(/json/i);
    expect(listed.failed[0].error).not.toContain("/tmp");
    const failed = await getJson(
      viewerUrl(site.hub, "rows", { dataset: "alice/broken", config: "default", split: "train" }),
    );
    expect(failed.status).toBe(422);
    expect(String(failed.body.error)).toContain("could not be converted");
    expect((await rows("alice/broken", "default", "test")).rows[0].row).toEqual({ a: 2 });

    await datasetWithFiles(site.hub, site.token, "alice/ragged", { "train.csv": "a,b\n1,x\n2,y,extra\n" });
    expect((await splits("alice/ragged")).failed[0].error).toMatch(/csv|column/i);
  });

  it("an imported (past-dated) commit converts when first viewed", async () => {
    const created = await postJson(
      `${site.hub.url}/api/repos/create`,
      { name: "imported", organization: "alice", type: "dataset" },
      site.token,
    );
    expect(created.status).toBe(200);
    const row = await site.hub.services.repos.find("dataset", "alice/imported");
    await site.hub.content.commitFiles(toRepoRecord(row!), {
      files: [{ path: "train.csv", content: "x\n1\n" }],
      title: "import",
      author: "alice",
      date: new Date("2024-01-02T03:04:05Z"),
    });
    await site.hub.datasetViewer?.queue.whenIdle();
    const first = await fetch(viewerUrl(site.hub, "splits", { dataset: "alice/imported" }));
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe("2");
    expect(first.headers.get("x-error-code")).toBe("ResponseNotReady");
    await site.hub.datasetViewer?.queue.whenIdle();
    expect((await splits("alice/imported")).splits.map((s) => s.split)).toEqual(["train"]);
  });

  it("a new commit converts again: first-rows, statistics and the Parquet ref follow", async () => {
    await datasetWithFiles(site.hub, site.token, "alice/grow", { "train.csv": "n,word\n1,a\n" });
    await commitToDataset(site.hub, "alice/grow", { "train.csv": "n,word\n1,a\n2,b\n3,b\n" });
    const first = await getJson<FirstRowsResponse>(
      viewerUrl(site.hub, "first-rows", { dataset: "alice/grow", config: "default", split: "train" }),
    );
    expect(first.body.rows).toHaveLength(3);
    expect(first.body.truncated).toBe(false);
    const stats = await getJson<StatisticsResponse>(
      viewerUrl(site.hub, "statistics", { dataset: "alice/grow", config: "default", split: "train" }),
    );
    expect(stats.body.num_examples).toBe(3);
    expect(stats.body.statistics).toEqual([
      expect.objectContaining({ column_name: "n", column_type: "int" }),
      {
        column_name: "word",
        column_type: "string_label",
        column_statistics: { nan_count: 0, nan_proportion: 0, n_unique: 2, frequencies: { b: 2, a: 1 } },
      },
    ]);
    const tree = await getJson<{ path: string }[]>(
      `${site.hub.url}/api/datasets/alice/grow/tree/${encodeURIComponent("refs/convert/parquet")}/default/train`,
    );
    expect(tree.body.map((entry) => entry.path)).toEqual(["default/train/0000.parquet"]);
  });
});
