/** The parts of a dataset's repo-info record that decide which libraries can read it. */
export interface DatasetData {
  id: string;
  private?: boolean;
  gated?: false | "auto" | "manual";
  tags?: string[];
  cardData?: Record<string, unknown>;
  siblings?: { rfilename: string }[];
}

/** The file layouts a reader can be offered for; `undefined` when nothing known was found. */
export type DatasetFormat =
  "parquet" | "csv" | "tsv" | "jsonl" | "json" | "webdataset" | "imagefolder" | "audiofolder";

/** What a dataset's files look like, as read from its siblings and card. */
export interface DatasetLayout {
  format?: DatasetFormat;
  /** Every data file of `format`, sorted. */
  files: string[];
  /** One concrete file per split (split name → path), in the card's order or train/validation/test. */
  splits: [string, string][];
  /** The card's config to load, when it is not the default one. */
  config?: string;
}

export interface DatasetLibraryOptions {
  /** The public address of the hub the dataset lives on, e.g. `http://127.0.0.1:8080`. */
  hubUrl: string;
}

export type DatasetSnippetLanguage = "python" | "sql" | "sh";

export interface DatasetLibrarySnippet {
  /** A short heading for the block. */
  title: string;
  language: DatasetSnippetLanguage;
  content: string;
}

/**
 * How a library reaches the hub:
 * - `endpoint`: it downloads through huggingface_hub, which follows `HF_ENDPOINT`, so the snippet sets it;
 * - `url`: its own `hf://` support is tied to huggingface.co, so on another hub the snippet reads the
 *   file's download (`resolve`) address instead.
 */
export type DatasetLibraryReach = "endpoint" | "url";

export interface DatasetLibraryUiElement {
  prettyLabel: string;
  repoName: string;
  repoUrl: string;
  docsUrl: string;
  reach: DatasetLibraryReach;
  /** Whether the library can read a dataset laid out like this. */
  canRead: (layout: DatasetLayout, dataset: DatasetData) => boolean;
  /** Ready-to-paste code; every piece of record text sits in an escaped literal. */
  snippets: (dataset: DatasetData, options: DatasetLibraryOptions) => DatasetLibrarySnippet[];
}
