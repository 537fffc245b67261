import { describe, expect, it } from "vitest";
import { resolveLayout } from "../../src/datasets/layout.js";
import { parseOrderBy, parseWhere } from "../../src/datasets/where-parser.js";

const splitsOf = async (paths: string[], card?: Record<string, unknown>) =>
  (await resolveLayout(paths, card)).configs.map((config) => ({
    config: config.name,
    format: config.format,
    splits: Object.fromEntries(config.splits.map((split) => [split.name, split.files])),
  }));

describe("configs and splits from the file layout", () => {
  it.each([
    [["train.csv", "test.csv", "README.md"], { train: ["train.csv"], test: ["test.csv"] }],
    [
      ["data/train/a.jsonl", "data/dev/b.jsonl"],
      { train: ["data/train/a.jsonl"], validation: ["data/dev/b.jsonl"] },
    ],
    [["my_training-set.tsv", "eval.tsv"], { train: ["my_training-set.tsv"], test: ["eval.tsv"] }],
    [["stuff.parquet", "more.parquet"], { train: ["more.parquet", "stuff.parquet"] }],
    [
      [
        "data/train-00000-of-00002.parquet",
        "data/train-00001-of-00002.parquet",
        "data/extra-00000-of-00001.parquet",
      ],
      {
        train: ["data/train-00000-of-00002.parquet", "data/train-00001-of-00002.parquet"],
        extra: ["data/extra-00000-of-00001.parquet"],
      },
    ],
    [["contest.csv", "latest.csv"], { train: ["contest.csv", "latest.csv"] }],
  ])("%j", async (paths, splits) => {
    expect((await splitsOf(paths))[0].splits).toEqual(splits);
  });

  it("keeps the most common format and ignores hidden files and scripts", async () => {
    const [config] = await splitsOf(["a.csv", "b.csv", "notes.txt", ".hidden/c.csv", "load.py"]);
    expect(config).toEqual({ config: "default", format: "csv", splits: { train: ["a.csv", "b.csv"] } });
  });

  it("image folders with metadata files", async () => {
    const layout = await resolveLayout(["train/1.png", "train/2.png", "train/metadata.jsonl", "test/3.jpg"]);
    expect(layout.configs[0].format).toBe("imagefolder");
    expect(layout.configs[0].metadataFiles).toEqual(["train/metadata.jsonl"]);
  });

  it("card configs report what cannot be built", async () => {
    const layout = await resolveLayout(["a.csv"], {
      configs: [
        {
          config_name: "ok",
          data_files: [
            { split: "train", path: "*.csv" },
            { split: "test", path: "nope/*.csv" },
          ],
        },
        { config_name: "../bad", data_files: "*.csv" },
      ],
    });
    expect(layout.configs.map((config) => config.name)).toEqual(["ok"]);
    expect(layout.problems).toEqual([
      { config: "ok", split: "test", error: "No file matches nope/*.csv" },
      { config: "../bad", error: 'Config name "../bad" is not a valid name' },
    ]);
  });

  it("data_dir scopes a config's conventions", async () => {
    expect(
      await splitsOf(["en/train.csv", "fr/train.csv"], { configs: [{ config_name: "fr", data_dir: "fr" }] }),
    ).toEqual([{ config: "fr", format: "csv", splits: { train: ["fr/train.csv"] } }]);
  });
});

describe("the /filter grammar", () => {
  const columns = ["label", "text", "my col"];
  it.each([
    [`label = 1`, `("label" = 1)`],
    [
      `"my col" >= -2.5e3 AND NOT text LIKE 'a%'`,
      `(("my col" >= -2500) AND (NOT ("text"::VARCHAR LIKE 'a%')))`,
    ],
    [`Label IN (1, 2) OR text IS NOT NULL`, `(("label" IN (1, 2)) OR ("text" IS NOT NULL))`],
    [`text = 'it''s'`, `("text" = 'it''s')`],
    [`(label BETWEEN 1 AND 3)`, `("label" BETWEEN 1 AND 3)`],
    [`label != true`, `("label" <> TRUE)`],
  ])("%s", (where, sql) => {
    expect(parseWhere(where, columns)).toBe(sql);
  });

  it.each([
    "label = 1; DROP TABLE t",
    "label = 1 -- comment",
    "read_text('/etc/passwd') = 1",
    "label = (SELECT 1)",
    "nope = 1",
    "label = ",
    "text = 'open",
    "label = 1 /* x */",
    `label = 1 ${"AND label = 1 ".repeat(400)}`,
    "((((((((((((((((((((((((((((((((((label = 1))))))))))))))))))))))))))))))))))",
  ])("refuses %s", (where) => {
    expect(() => parseWhere(where, columns)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("orderby terms", () => {
    expect(parseOrderBy(`label DESC, "my col"`, columns)).toBe(
      `"label" DESC NULLS LAST, "my col" ASC NULLS LAST`,
    );
    expect(() => parseOrderBy("label; DROP", columns)).toThrow();
    expect(() => parseOrderBy("random()", columns)).toThrow();
  });
});
