import { python, raw, shell } from "../code/templates.js";
import { endpointPrefix } from "../local-apps/shell-parts.js";
import { datasetLayout } from "./layout.js";
import {
  TABULAR,
  datasetResolveUrl,
  endpointPreamble,
  hfPath,
  isPublicHub,
  needsToken,
  pandasReader,
  splitChoice,
  sqlString,
} from "./snippet-parts.js";
import type {
  DatasetData,
  DatasetFormat,
  DatasetLayout,
  DatasetLibrarySnippet,
  DatasetLibraryUiElement,
} from "./types.js";

type Readable = DatasetLayout & { format: DatasetFormat };

function tabular(layout: DatasetLayout, formats: ReadonlySet<DatasetFormat> = TABULAR): boolean {
  return layout.format !== undefined && formats.has(layout.format) && layout.splits.length > 0;
}

/** The layout of a dataset a file-reading library was offered for: it has a format and a file. */
function readable(dataset: DatasetData): Readable {
  const layout = datasetLayout(dataset);
  if (!layout.format || layout.splits.length === 0) throw new Error(`${dataset.id} has no data file to read`);
  return layout as Readable;
}

const datasets: DatasetLibraryUiElement = {
  prettyLabel: "Datasets",
  repoName: "datasets",
  repoUrl: "https://github.com/huggingface/datasets",
  docsUrl: "https://huggingface.co/docs/datasets",
  reach: "endpoint",
  canRead: (layout) => layout.format !== undefined,
  snippets: (dataset, { hubUrl }) => {
    const layout = datasetLayout(dataset);
    const args = layout.config ? python`${dataset.id}, ${layout.config}` : python`${dataset.id}`;
    return [
      {
        title: "Load every split with 🤗 Datasets",
        language: "python",
        content: `${endpointPreamble(dataset, hubUrl)}from datasets import load_dataset

ds = load_dataset(${raw(args)})
print(ds)
`,
      },
    ];
  },
};

/** pandas and Dask share their reader names and both open hf:// through huggingface_hub. */
function dataFrameSnippets(
  module: string,
  alias: string,
  dataset: DatasetData,
  hubUrl: string,
): DatasetLibrarySnippet[] {
  const layout = readable(dataset);
  const reader = pandasReader(layout.format);
  const choice = splitChoice(layout, hfPath(dataset.id, ""));
  return [
    {
      title:
        layout.splits.length > 1 ? "Read the first split into a DataFrame" : "Read the data into a DataFrame",
      language: "python",
      content: `${endpointPreamble(dataset, hubUrl)}import ${module} as ${alias}

# hf:// paths are opened by huggingface_hub's file system (install it too).
${choice.setup}df = ${alias}.${reader.fn}(${choice.first}${reader.extra.text})
print(df.head())
`,
    },
  ];
}

const pandas: DatasetLibraryUiElement = {
  prettyLabel: "pandas",
  repoName: "pandas",
  repoUrl: "https://github.com/pandas-dev/pandas",
  docsUrl: "https://pandas.pydata.org/docs/",
  reach: "endpoint",
  canRead: (layout) => tabular(layout),
  snippets: (dataset, { hubUrl }) => dataFrameSnippets("pandas", "pd", dataset, hubUrl),
};

const DASK_FORMATS: ReadonlySet<DatasetFormat> = new Set(["parquet", "csv", "tsv", "jsonl"]);

const dask: DatasetLibraryUiElement = {
  prettyLabel: "Dask",
  repoName: "dask",
  repoUrl: "https://github.com/dask/dask",
  docsUrl: "https://docs.dask.org/en/stable/dataframe.html",
  reach: "endpoint",
  canRead: (layout) => tabular(layout, DASK_FORMATS),
  snippets: (dataset, { hubUrl }) => dataFrameSnippets("dask.dataframe", "dd", dataset, hubUrl),
};

/**
 * Where a library with its own HTTP reader opens the first split's file: `hf://` on the public hub;
 * this hub's download URL for public datasets elsewhere; for private and gated datasets elsewhere, a
 * local copy fetched through huggingface_hub (which follows HF_ENDPOINT and sends HF_TOKEN).
 */
type Source = { kind: "hf" | "url"; location: string } | { kind: "download"; path: string };

function sourceOf(dataset: DatasetData, layout: Readable, hubUrl: string): Source {
  const path = layout.splits[0][1];
  if (isPublicHub(hubUrl)) return { kind: "hf", location: hfPath(dataset.id, path) };
  if (needsToken(dataset)) return { kind: "download", path };
  return { kind: "url", location: datasetResolveUrl(hubUrl, dataset.id, path) };
}

function downloadLines(dataset: DatasetData, hubUrl: string, path: string): string {
  return `${endpointPreamble(dataset, hubUrl)}${python`from huggingface_hub import hf_hub_download

# Fetch the file through huggingface_hub, which follows HF_ENDPOINT and sends HF_TOKEN.
local_path = hf_hub_download(repo_id=${dataset.id}, filename=${path}, repo_type="dataset")

`}`;
}

const POLARS_READERS: Partial<Record<DatasetFormat, string>> = {
  parquet: "read_parquet",
  csv: "read_csv",
  tsv: "read_csv",
  jsonl: "read_ndjson",
};

const polars: DatasetLibraryUiElement = {
  prettyLabel: "Polars",
  repoName: "polars",
  repoUrl: "https://github.com/pola-rs/polars",
  docsUrl: "https://docs.pola.rs/user-guide/io/hugging-face/",
  reach: "url",
  canRead: (layout) => tabular(layout, DASK_FORMATS),
  snippets: (dataset, { hubUrl }) => {
    const layout = readable(dataset);
    const fn = POLARS_READERS[layout.format] ?? "read_parquet";
    const extra = layout.format === "tsv" ? ', separator="\\t"' : "";
    const source = sourceOf(dataset, layout, hubUrl);
    let body: string;
    if (source.kind === "download") {
      body = `${downloadLines(dataset, hubUrl, source.path)}import polars as pl

df = pl.${fn}(local_path${extra})
`;
    } else {
      const note =
        source.kind === "url"
          ? "# Polars sends hf:// paths to huggingface.co only:\n# read the file from this hub's download URL instead.\n"
          : "";
      body = `import polars as pl

${note}${python`df = pl.${raw(fn)}(${source.location}${raw(extra)})`}
`;
    }
    return [
      {
        title: "Read the first split into a Polars DataFrame",
        language: "python",
        content: `${body}print(df.head())\n`,
      },
    ];
  },
};

const DUCKDB_READERS: Partial<Record<DatasetFormat, string>> = {
  parquet: "read_parquet",
  csv: "read_csv",
  tsv: "read_csv",
  jsonl: "read_json",
  json: "read_json",
};

const duckdb: DatasetLibraryUiElement = {
  prettyLabel: "DuckDB",
  repoName: "duckdb",
  repoUrl: "https://github.com/duckdb/duckdb",
  docsUrl: "https://duckdb.org/docs/stable/core_extensions/httpfs/hugging_face",
  reach: "url",
  canRead: (layout) => tabular(layout),
  snippets: (dataset, { hubUrl }) => {
    const layout = readable(dataset);
    const fn = DUCKDB_READERS[layout.format] ?? "read_parquet";
    const source = sourceOf(dataset, layout, hubUrl);
    if (source.kind === "download") {
      // The local path is a Python value: the relational API takes it without any SQL text.
      return [
        {
          title: "Query the first split with DuckDB",
          language: "python",
          content: `${downloadLines(dataset, hubUrl, source.path)}import duckdb

rel = duckdb.${fn}(local_path)
rel.limit(10).show()
`,
        },
      ];
    }
    const note =
      source.kind === "url"
        ? "-- DuckDB sends hf:// paths to huggingface.co only:\n-- query the file from this hub's download URL instead.\n"
        : "";
    const query = `SELECT * FROM ${fn}(${sqlString(source.location)}) LIMIT 10`;
    const pyNote = note.replace(/^--/gm, "#");
    return [
      {
        title: "Query the first split with DuckDB (Python)",
        language: "python",
        content: `import duckdb

${pyNote}${python`duckdb.sql(${query}).show()`}
`,
      },
      { title: "Or in the DuckDB CLI", language: "sql", content: `${note}${query};\n` },
    ];
  },
};

/** WebDataset shards listed for streaming; a dataset with more lists only these many. */
const MAX_SHARDS = 16;

const webdataset: DatasetLibraryUiElement = {
  prettyLabel: "WebDataset",
  repoName: "webdataset",
  repoUrl: "https://github.com/webdataset/webdataset",
  docsUrl: "https://huggingface.co/docs/hub/datasets-webdataset",
  reach: "url",
  canRead: (layout) => layout.format === "webdataset" && layout.files.length > 0,
  snippets: (dataset, { hubUrl }) => {
    const layout = readable(dataset);
    const header = needsToken(dataset) ? raw(' -H "Authorization: Bearer $HF_TOKEN"') : raw("");
    // Each shard is streamed by curl in a shell; the URL is a quoted shell word inside the Python string.
    const urls = layout.files
      .slice(0, MAX_SHARDS)
      .map((file) => `pipe:${shell`curl -s -L${header} ${datasetResolveUrl(hubUrl, dataset.id, file)}`}`);
    const more =
      layout.files.length > MAX_SHARDS
        ? `# The first ${MAX_SHARDS} of ${layout.files.length} shards; list the others the same way.\n`
        : "";
    const token = needsToken(dataset) ? " HF_TOKEN must hold a token of this hub." : "";
    return [
      {
        title: "Stream the shards with WebDataset",
        language: "python",
        content: `import webdataset as wds

# curl streams each shard from this hub's download URL;${token}
# WebDataset reads the tar stream.
${more}${python`urls = ${urls}`}
dataset = wds.WebDataset(urls).decode()
for sample in dataset:
    print(sample.keys())
    break
`,
      },
    ];
  },
};

const huggingfaceHub: DatasetLibraryUiElement = {
  prettyLabel: "huggingface_hub",
  repoName: "huggingface_hub",
  repoUrl: "https://github.com/huggingface/huggingface_hub",
  docsUrl: "https://huggingface.co/docs/huggingface_hub/guides/download",
  reach: "endpoint",
  canRead: () => true,
  snippets: (dataset, { hubUrl }) => [
    {
      title: "Download every file of the dataset",
      language: "python",
      content: `${endpointPreamble(dataset, hubUrl)}${python`from huggingface_hub import snapshot_download

folder = snapshot_download(repo_id=${dataset.id}, repo_type="dataset")
print(folder)
`}`,
    },
    {
      title: "Or with the hf command line",
      language: "sh",
      content: `${shell`${endpointPrefix("HF_ENDPOINT", hubUrl)}hf download ${dataset.id} --repo-type dataset`}\n`,
    },
  ],
};

/** Every dataset library the hub can write code for, in the order the page offers them. */
export const DATASET_LIBRARIES_UI_ELEMENTS = {
  datasets,
  pandas,
  polars,
  duckdb,
  dask,
  webdataset,
  huggingface_hub: huggingfaceHub,
} satisfies Record<string, DatasetLibraryUiElement>;

export type DatasetLibraryKey = keyof typeof DATASET_LIBRARIES_UI_ELEMENTS;

/** The libraries that can read this dataset, from its files and card alone. */
export function datasetLibrariesForDataset(
  dataset: DatasetData,
): { key: DatasetLibraryKey; library: DatasetLibraryUiElement }[] {
  const layout = datasetLayout(dataset);
  return (Object.entries(DATASET_LIBRARIES_UI_ELEMENTS) as [DatasetLibraryKey, DatasetLibraryUiElement][])
    .filter(([, library]) => library.canRead(layout, dataset))
    .map(([key, library]) => ({ key, library }));
}
