import { describe, expect, it } from "vitest";
import {
  DATASET_LIBRARIES_UI_ELEMENTS,
  datasetLayout,
  datasetLibrariesForDataset,
  datasetResolveUrl,
  type DatasetData,
} from "../../src/index.js";
import { LOCAL_HUB, PUBLIC_HUB } from "./fixtures.js";

const files = (...names: string[]) => names.map((rfilename) => ({ rfilename }));
const keys = (dataset: DatasetData) => datasetLibrariesForDataset(dataset).map((l) => l.key);
const TABLE_READERS = ["datasets", "pandas", "polars", "duckdb", "dask", "huggingface_hub"];

describe("which libraries a dataset page offers", () => {
  it("offers every table reader for Parquet, CSV, TSV and JSON Lines", () => {
    for (const name of ["data/train.parquet", "train.csv", "train.tsv", "data/train.jsonl"])
      expect(keys({ id: "a/b", siblings: files("README.md", name) })).toEqual(TABLE_READERS);
  });

  it("leaves Polars and Dask out for plain JSON files, which are not line-delimited", () => {
    expect(keys({ id: "a/b", siblings: files("rows.json", "dataset_info.json") })).toEqual([
      "datasets",
      "pandas",
      "duckdb",
      "huggingface_hub",
    ]);
  });

  it("offers WebDataset (and 🤗 Datasets) for tar shards, not the table readers", () => {
    expect(keys({ id: "a/b", siblings: files("shards/000.tar", "shards/001.tar") })).toEqual([
      "datasets",
      "webdataset",
      "huggingface_hub",
    ]);
  });

  it("treats images or audio with a metadata table as a folder dataset", () => {
    const images = { id: "a/b", siblings: files("train/a.png", "train/b.jpg", "train/metadata.csv") };
    expect(datasetLayout(images).format).toBe("imagefolder");
    expect(keys(images)).toEqual(["datasets", "huggingface_hub"]);
    expect(datasetLayout({ id: "a/b", siblings: files("clips/x.flac") }).format).toBe("audiofolder");
  });

  it("offers only the plain download when no data file is known", () => {
    expect(keys({ id: "a/b", siblings: files("README.md", ".gitattributes") })).toEqual(["huggingface_hub"]);
    expect(keys({ id: "a/b" })).toEqual(["huggingface_hub"]);
    // A format tag alone says 🤗 Datasets can load it, but there is no file to hand to a reader.
    expect(keys({ id: "a/b", tags: ["format:parquet"] })).toEqual(["datasets", "huggingface_hub"]);
  });

  it("prefers Parquet when a repo holds several formats", () => {
    expect(datasetLayout({ id: "a/b", siblings: files("x.csv", "y.parquet") }).format).toBe("parquet");
  });

  it("ignores hidden folders", () => {
    expect(keys({ id: "a/b", siblings: files(".cache/x.parquet") })).toEqual(["huggingface_hub"]);
  });
});

describe("dataset layout", () => {
  it("takes splits and files from the card's configs, globs included", () => {
    const layout = datasetLayout({
      id: "a/b",
      siblings: files("data/train-0.parquet", "data/train-1.parquet", "data/test-0.parquet"),
      cardData: {
        configs: [
          {
            config_name: "default",
            data_files: [
              { split: "train", path: "data/train-*.parquet" },
              { split: "test", path: ["data/test-*"] },
            ],
          },
        ],
      },
    });
    expect(layout.splits).toEqual([
      ["train", "data/train-0.parquet"],
      ["test", "data/test-0.parquet"],
    ]);
    expect(layout.config).toBeUndefined();
  });

  it("guesses train / validation / test from file names, in that order", () => {
    const layout = datasetLayout({
      id: "a/b",
      siblings: files("data/test.csv", "data/dev.csv", "data/train.csv", "extra.csv"),
    });
    expect(layout.splits).toEqual([
      ["train", "data/train.csv"],
      ["validation", "data/dev.csv"],
      ["test", "data/test.csv"],
    ]);
  });

  it("names the config to load when the card has several and marks one default", () => {
    const layout = datasetLayout({
      id: "a/b",
      siblings: files("en/x.parquet", "fr/x.parquet"),
      cardData: {
        configs: [
          { config_name: "en", data_files: "en/*.parquet" },
          { config_name: "fr", data_files: "fr/*.parquet", default: true },
        ],
      },
    });
    expect(layout.config).toBe("fr");
    expect(layout.splits).toEqual([["train", "fr/x.parquet"]]);
    const snippet = DATASET_LIBRARIES_UI_ELEMENTS.datasets.snippets(
      {
        id: "a/b",
        siblings: files("en/x.parquet", "fr/x.parquet"),
        cardData: {
          configs: [
            { config_name: "en", data_files: "en/*.parquet" },
            { config_name: "fr", data_files: "fr/*.parquet", default: true },
          ],
        },
      },
      { hubUrl: LOCAL_HUB },
    );
    expect(snippet[0].content).toContain('load_dataset("a/b", "fr")');
  });
});

describe("snippets reach the hub they are shown on", () => {
  const csv: DatasetData = {
    id: "alice/tiny-csv",
    siblings: files("README.md", "data/train.csv", "data/test.csv"),
  };

  it("sets HF_ENDPOINT for the libraries that download through huggingface_hub", () => {
    for (const key of ["datasets", "pandas", "dask", "huggingface_hub"] as const) {
      const [first] = DATASET_LIBRARIES_UI_ELEMENTS[key].snippets(csv, { hubUrl: `${LOCAL_HUB}/` });
      expect(DATASET_LIBRARIES_UI_ELEMENTS[key].reach).toBe("endpoint");
      expect(first.content).toContain(`os.environ["HF_ENDPOINT"] = "${LOCAL_HUB}"`);
      // The variable is set before any library that reads it is imported.
      expect(first.content.indexOf("HF_ENDPOINT")).toBeLessThan(
        first.content.search(/^(from|import) (?!os)/m),
      );
    }
    const pandas = DATASET_LIBRARIES_UI_ELEMENTS.pandas.snippets(csv, { hubUrl: LOCAL_HUB })[0].content;
    expect(pandas).toContain('"hf://datasets/alice/tiny-csv/" + splits["train"]');
    expect(pandas).toContain("pd.read_csv(");
    const cli = DATASET_LIBRARIES_UI_ELEMENTS.huggingface_hub.snippets(csv, { hubUrl: LOCAL_HUB })[1].content;
    expect(cli).toBe(`HF_ENDPOINT='${LOCAL_HUB}' hf download 'alice/tiny-csv' --repo-type dataset\n`);
  });

  it("reads this hub's download URL with Polars and DuckDB, whose hf:// only knows huggingface.co", () => {
    const url = `${LOCAL_HUB}/datasets/alice/tiny-csv/resolve/main/data/train.csv`;
    const polars = DATASET_LIBRARIES_UI_ELEMENTS.polars.snippets(csv, { hubUrl: LOCAL_HUB });
    expect(polars[0].content).toContain(`pl.read_csv("${url}")`);
    const duck = DATASET_LIBRARIES_UI_ELEMENTS.duckdb.snippets(csv, { hubUrl: LOCAL_HUB });
    expect(duck[0].content).toContain(`duckdb.sql("SELECT * FROM read_csv('${url}') LIMIT 10")`);
    expect(duck[1]).toMatchObject({ language: "sql" });
    expect(duck[1].content).toContain(`SELECT * FROM read_csv('${url}') LIMIT 10;`);
    for (const s of [...polars, ...duck]) expect(s.content).not.toMatch(/["']hf:\/\//);
  });

  it("downloads private and gated files through huggingface_hub before Polars and DuckDB read them", () => {
    for (const flag of [{ private: true }, { gated: "manual" as const }]) {
      const dataset = { ...csv, ...flag };
      for (const key of ["polars", "duckdb"] as const) {
        const [snippet, ...rest] = DATASET_LIBRARIES_UI_ELEMENTS[key].snippets(dataset, {
          hubUrl: LOCAL_HUB,
        });
        expect(rest).toEqual([]);
        expect(snippet.content).toContain(`os.environ["HF_ENDPOINT"] = "${LOCAL_HUB}"`);
        expect(snippet.content).toContain(
          'hf_hub_download(repo_id="alice/tiny-csv", filename="data/train.csv", repo_type="dataset")',
        );
        expect(snippet.content).not.toContain("/resolve/");
      }
    }
  });

  it("streams WebDataset shards from this hub with curl, sending the token only when needed", () => {
    const shards: DatasetData = { id: "bob/shards", siblings: files("s/000.tar", "s/001.tar") };
    const open = DATASET_LIBRARIES_UI_ELEMENTS.webdataset.snippets(shards, { hubUrl: LOCAL_HUB })[0].content;
    expect(open).toContain(`"pipe:curl -s -L '${LOCAL_HUB}/datasets/bob/shards/resolve/main/s/000.tar'"`);
    expect(open).not.toContain("Authorization");
    const gated = DATASET_LIBRARIES_UI_ELEMENTS.webdataset.snippets(
      { ...shards, gated: "auto" },
      { hubUrl: LOCAL_HUB },
    )[0].content;
    expect(gated).toContain(`-H \\"Authorization: Bearer $HF_TOKEN\\"`);
  });

  it("uses plain hf:// paths and no endpoint on the public hub", () => {
    for (const { library } of datasetLibrariesForDataset(csv)) {
      for (const s of library.snippets(csv, { hubUrl: PUBLIC_HUB })) {
        expect(s.content).not.toContain("HF_ENDPOINT");
        expect(s.content).not.toContain("/resolve/");
      }
    }
    expect(DATASET_LIBRARIES_UI_ELEMENTS.polars.snippets(csv, { hubUrl: PUBLIC_HUB })[0].content).toContain(
      'pl.read_csv("hf://datasets/alice/tiny-csv/data/train.csv")',
    );
  });

  it("percent-encodes every path segment of a download URL", () => {
    expect(datasetResolveUrl(`${LOCAL_HUB}/`, "a/b c", "d ir/x#1?.csv")).toBe(
      `${LOCAL_HUB}/datasets/a/b%20c/resolve/main/d%20ir/x%231%3F.csv`,
    );
  });
});
