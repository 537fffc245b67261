import type { DatasetFeature } from "@modelhub/api-types";
import type { LayoutProblem, SourceFormat } from "./layout.js";

/** One Parquet file of a converted split, as committed under `{config}/{split}/NNNN.parquet`. */
export interface ParquetShard {
  filename: string;
  size: number;
  numRows: number;
}

export interface SplitReport {
  name: string;
  /** Why the split could not be converted; then it has no shards. */
  error?: string;
  numRows: number;
  numBytesOriginal: number;
  numBytesParquet: number;
  numBytesMemory: number;
  features: Record<string, DatasetFeature>;
  shards: ParquetShard[];
}

export interface ConfigReport {
  name: string;
  format: SourceFormat;
  splits: SplitReport[];
}

/** What a conversion produced for one commit of a dataset; stored as JSON with its state. */
export interface ConversionReport {
  sourceCommit: string;
  /** Same fingerprint: the data files and card configs did not change, nothing to convert again. */
  fingerprint: string;
  configs: ConfigReport[];
  problems: LayoutProblem[];
}

export function convertedSplits(report: ConversionReport): { config: string; split: SplitReport }[] {
  return report.configs.flatMap((config) => config.splits.map((split) => ({ config: config.name, split })));
}
