/**
 * The dataset viewer: `GET <hub>/datasets-server/*` (the Hub's dataset-viewer shapes),
 * `POST <hub>/datasets-server/sql`, and the Parquet listings under `/api/datasets/{id}/parquet`.
 */

/** A feature type as the `datasets` library writes it in `dataset_info.features`. */
export type DatasetFeature =
  | { _type: "Value"; dtype: string }
  | { _type: "ClassLabel"; names: string[] }
  | { _type: "Sequence"; feature: DatasetFeature }
  | { _type: "Image" }
  | { _type: "Audio"; sampling_rate?: number }
  | { [field: string]: DatasetFeature }
  | DatasetFeature[];

/** One column of a rows page: position, name and `datasets` type. */
export interface ViewerFeature {
  feature_idx: number;
  name: string;
  type: DatasetFeature;
}

/** An image cell: the hub serves the bytes at `src`. */
export interface ViewerImageCell {
  src: string;
  height?: number;
  width?: number;
}

/** An audio cell: a list of playable sources. */
export type ViewerAudioCell = { src: string; type: string }[];

/** A cell value: JSON as the Parquet value reads, with media turned into URLs. */
export type ViewerCell = unknown;

/** One row of `/first-rows`, `/rows`, `/search`, `/filter`. */
export interface ViewerRow {
  row_idx: number;
  row: Record<string, ViewerCell>;
  /** Names of the cells whose value was cut to keep the page small. */
  truncated_cells: string[];
}

/** A split that could not be listed or converted, with why. */
export interface ViewerFailure {
  dataset: string;
  config: string;
  split?: string;
  error: string;
}

/** `GET /datasets-server/is-valid?dataset=`. */
export interface IsValidResponse {
  preview: boolean;
  viewer: boolean;
  search: boolean;
  filter: boolean;
  statistics: boolean;
}

export interface SplitName {
  dataset: string;
  config: string;
  split: string;
}

/** `GET /datasets-server/splits?dataset=[&config=]`. */
export interface SplitsResponse {
  splits: SplitName[];
  /** Splits whose conversion is queued or running. */
  pending: SplitName[];
  failed: ViewerFailure[];
}

/** `GET /datasets-server/first-rows?dataset&config&split` (up to 100 rows). */
export interface FirstRowsResponse {
  dataset: string;
  config: string;
  split: string;
  features: ViewerFeature[];
  rows: ViewerRow[];
  /** True when the split has more rows than shown. */
  truncated: boolean;
}

/** `GET /datasets-server/rows|search|filter`: one page of at most 100 rows. */
export interface RowsResponse {
  features: ViewerFeature[];
  rows: ViewerRow[];
  /** Rows matching (the whole split for `/rows`). */
  num_rows_total: number;
  num_rows_per_page: number;
  /** True when only part of the data was converted (never, on this hub). */
  partial: boolean;
}

export type SearchResponse = RowsResponse;
export type FilterResponse = RowsResponse;

export interface DatasetSize {
  dataset: string;
  num_bytes_original_files: number;
  num_bytes_parquet_files: number;
  num_bytes_memory: number;
  num_rows: number;
  estimated_num_rows: number | null;
}

export interface ConfigSize extends DatasetSize {
  config: string;
  num_columns: number;
}

export interface SplitSize {
  dataset: string;
  config: string;
  split: string;
  num_bytes_parquet_files: number;
  num_bytes_memory: number;
  num_rows: number;
  num_columns: number;
  estimated_num_rows: number | null;
}

/** `GET /datasets-server/size?dataset=[&config=]`. */
export interface SizeResponse {
  size: {
    dataset?: DatasetSize;
    config?: ConfigSize;
    configs: ConfigSize[];
    splits: SplitSize[];
  };
  pending: SplitName[];
  failed: ViewerFailure[];
  partial: boolean;
}

export interface SplitInfo {
  name: string;
  num_bytes: number;
  num_examples: number;
  dataset_name: string;
}

/** `GET /datasets-server/info?dataset=&config=`. */
export interface InfoResponse {
  dataset_info: {
    description: string;
    citation: string;
    homepage: string;
    license: string;
    features: Record<string, DatasetFeature>;
    builder_name: string;
    dataset_name: string;
    config_name: string;
    version: { version_str: string; major: number; minor: number; patch: number };
    splits: Record<string, SplitInfo>;
    download_size: number;
    dataset_size: number;
  };
  partial: boolean;
}

export interface Histogram {
  hist: number[];
  bin_edges: number[];
}

export interface NumericStatistics {
  nan_count: number;
  nan_proportion: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  median: number | null;
  std: number | null;
  histogram: Histogram | null;
}

export interface CategoricalStatistics {
  nan_count: number;
  nan_proportion: number;
  n_unique: number;
  frequencies: Record<string, number>;
}

export interface ClassLabelStatistics extends CategoricalStatistics {
  no_label_count: number;
  no_label_proportion: number;
}

export interface BoolStatistics {
  nan_count: number;
  nan_proportion: number;
  frequencies: Record<string, number>;
}

export interface DatetimeStatistics {
  nan_count: number;
  nan_proportion: number;
  min: string | null;
  max: string | null;
  mean: string | null;
  median: string | null;
  std: string | null;
  histogram: { hist: number[]; bin_edges: string[] } | null;
}

/**
 * One column of `/statistics`. `string_text`, `list`, `image` and `audio` describe lengths
 * (characters, items, pixels wide, seconds) with the numeric shape.
 */
export type ColumnStatistics =
  | { column_name: string; column_type: "int" | "float"; column_statistics: NumericStatistics }
  | { column_name: string; column_type: "string_text" | "list"; column_statistics: NumericStatistics }
  | { column_name: string; column_type: "image" | "audio"; column_statistics: NumericStatistics }
  | { column_name: string; column_type: "class_label"; column_statistics: ClassLabelStatistics }
  | { column_name: string; column_type: "string_label"; column_statistics: CategoricalStatistics }
  | { column_name: string; column_type: "bool"; column_statistics: BoolStatistics }
  | { column_name: string; column_type: "datetime"; column_statistics: DatetimeStatistics };

export type ColumnType = ColumnStatistics["column_type"];

/** `GET /datasets-server/statistics?dataset&config&split`. */
export interface StatisticsResponse {
  num_examples: number;
  statistics: ColumnStatistics[];
  partial: boolean;
}

export interface ParquetFileEntry {
  dataset: string;
  config: string;
  split: string;
  /** Download URL (the file on the `refs/convert/parquet` revision). */
  url: string;
  filename: string;
  size: number;
}

/** `GET /datasets-server/parquet?dataset=[&config=]`. */
export interface ParquetResponse {
  parquet_files: ParquetFileEntry[];
  pending: SplitName[];
  failed: ViewerFailure[];
  partial: boolean;
}

/** `GET /api/datasets/{id}/parquet`: config → split → file URLs. */
export type HubParquetListing = Record<string, Record<string, string[]>>;

/** `GET /api/datasets/{id}/parquet/{config}/{split}`: file URLs. */
export type HubParquetSplitListing = string[];

/** `POST /datasets-server/sql` body. */
export interface SqlRequest {
  dataset: string;
  /** Default: the first config. Each of its splits is a table named after the split. */
  config?: string;
  query: string;
}

/** `POST /datasets-server/sql` answer. */
export interface SqlResponse {
  columns: { name: string; type: string }[];
  rows: unknown[][];
  /** True when the row limit cut the result. */
  truncated: boolean;
  elapsed_ms: number;
}

/** Conversion state of a dataset, `GET /datasets-server/status?dataset=` (this hub's extra). */
export interface ConversionStatus {
  dataset: string;
  /** The commit the conversion is for. */
  revision: string | null;
  state: "none" | "queued" | "running" | "done" | "failed";
  /** The commit of `refs/convert/parquet`, when one exists. */
  parquet_revision: string | null;
  error: string | null;
  updated_at: string | null;
}
