import { DataFilesPatternError, matchDataFiles, type MatchBudget } from "./glob.js";
import { trimTrailing } from "../patterns/trim.js";

/** How a config's files are read: one reader per config, picked from its most common data format. */
export type SourceFormat = "parquet" | "csv" | "tsv" | "json" | "text" | "imagefolder" | "audiofolder";

export interface SplitSource {
  name: string;
  files: string[];
  /** Set when this split's files are of another format than its config's (read in their own). */
  format?: SourceFormat;
}

export interface ConfigSource {
  name: string;
  format: SourceFormat;
  splits: SplitSource[];
  /** `metadata.csv` / `metadata.jsonl` of image and audio folders (a `file_name` column). */
  metadataFiles: string[];
  /** CSV options from the card (`sep` / `delimiter`). */
  delimiter?: string;
}

/** A config or split the card names but that cannot be built (no files, bad name). */
export interface LayoutProblem {
  config: string;
  split?: string;
  error: string;
}

export interface DatasetLayout {
  configs: ConfigSource[];
  problems: LayoutProblem[];
}

const SPLIT_KEYWORDS: [string, string[]][] = [
  ["train", ["train", "training"]],
  ["validation", ["validation", "valid", "dev", "val"]],
  ["test", ["test", "testing", "eval", "evaluation"]],
];
const SHARD_PATTERN = /^data\/([A-Za-z0-9][\w.]*?)-\d{5}-of-\d{5}(?:[.-][^/]*)?$/;
const IMAGE_EXTENSIONS = new Set(["png", "jpg", "jpeg", "gif", "webp", "bmp", "tif", "tiff"]);
const AUDIO_EXTENSIONS = new Set(["wav", "mp3", "flac", "ogg", "opus", "m4a"]);
const FORMAT_OF_EXTENSION: Record<string, SourceFormat> = {
  parquet: "parquet",
  csv: "csv",
  tsv: "tsv",
  json: "json",
  jsonl: "json",
  ndjson: "json",
  txt: "text",
};
/** Tie-break between equally common formats. */
const FORMAT_ORDER: SourceFormat[] = ["parquet", "json", "csv", "tsv", "imagefolder", "audiofolder", "text"];
const METADATA_NAME = /^metadata\.(csv|jsonl)$/;
export const SAFE_NAME = /^[A-Za-z0-9][\w.-]{0,99}$/;

/** The data format of a path (`.gz` / `.zst` compression looked through), or undefined. */
export function formatOfPath(path: string): SourceFormat | undefined {
  const base = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  const parts = base.split(".");
  if (parts.length < 2) return undefined;
  let extension = parts[parts.length - 1];
  if ((extension === "gz" || extension === "zst") && parts.length > 2) {
    extension = parts[parts.length - 2];
    return FORMAT_OF_EXTENSION[extension];
  }
  if (IMAGE_EXTENSIONS.has(extension)) return "imagefolder";
  if (AUDIO_EXTENSIONS.has(extension)) return "audiofolder";
  return FORMAT_OF_EXTENSION[extension];
}

function isIgnored(path: string): boolean {
  if (path === "README.md" || path.endsWith(".py")) return true;
  return path.split("/").some((segment) => segment.startsWith(".") || segment.startsWith("__"));
}

function isMetadata(path: string): boolean {
  return METADATA_NAME.test(path.slice(path.lastIndexOf("/") + 1));
}

function dominantFormat(paths: string[]): SourceFormat | undefined {
  const counts = new Map<SourceFormat, number>();
  for (const path of paths) {
    const format = formatOfPath(path);
    if (format) counts.set(format, (counts.get(format) ?? 0) + 1);
  }
  let best: SourceFormat | undefined;
  for (const format of FORMAT_ORDER) {
    const count = counts.get(format) ?? 0;
    if (count > 0 && (best === undefined || count > (counts.get(best) ?? 0))) best = format;
  }
  return best;
}

/** The canonical split a path names through a keyword token (`train/`, `my_test.csv`, `dev-1.jsonl`). */
function keywordSplitOf(path: string): string | undefined {
  const tokens = path.toLowerCase().split(/[-._ 0-9/]+/);
  for (const [split, keywords] of SPLIT_KEYWORDS)
    if (keywords.some((keyword) => tokens.includes(keyword))) return split;
  return undefined;
}

/** Splits named by the file layout (shard names or split keywords); none when nothing names one. */
function namedSplits(paths: string[]): SplitSource[] {
  const shards = new Map<string, string[]>();
  for (const path of paths) {
    const split = SHARD_PATTERN.exec(path)?.[1];
    if (split) shards.set(split, [...(shards.get(split) ?? []), path]);
  }
  if (shards.size > 0) return orderSplits([...shards].map(([name, files]) => ({ name, files })));
  const byKeyword = new Map<string, string[]>();
  for (const path of paths) {
    const split = keywordSplitOf(path);
    if (split) byKeyword.set(split, [...(byKeyword.get(split) ?? []), path]);
  }
  return orderSplits([...byKeyword].map(([name, files]) => ({ name, files })));
}

/** Splits from the file layout alone, as the `datasets` library infers them. */
export function inferSplits(paths: string[]): SplitSource[] {
  const named = namedSplits(paths);
  if (named.length > 0) return named;
  return paths.length > 0 ? [{ name: "train", files: [...paths].sort() }] : [];
}

function isFolderFormat(format: SourceFormat): boolean {
  return format === "imagefolder" || format === "audiofolder";
}

/** A split with none of its config's format keeps the files of its own most common (non-folder) format. */
function ownFormatSplit(split: SplitSource): SplitSource | undefined {
  const format = dominantFormat(split.files.filter((path) => !isMetadata(path)));
  if (!format || isFolderFormat(format)) return undefined;
  return { name: split.name, files: split.files.filter((path) => formatOfPath(path) === format), format };
}

function orderSplits(splits: SplitSource[]): SplitSource[] {
  const rank = (name: string) => {
    const index = SPLIT_KEYWORDS.findIndex(([split]) => split === name);
    return index === -1 ? SPLIT_KEYWORDS.length : index;
  };
  return splits
    .map((split) => ({ ...split, files: [...split.files].sort() }))
    .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
}

/** Keeps a config's files of its dominant format; folder formats keep their metadata files aside. */
function buildConfig(
  name: string,
  splits: SplitSource[],
  options: { delimiter?: string },
): ConfigSource | undefined {
  const all = splits.flatMap((split) => split.files);
  const format = dominantFormat(all.filter((path) => !isMetadata(path)));
  if (!format) return undefined;
  const folder = format === "imagefolder" || format === "audiofolder";
  const metadataFiles = folder ? all.filter(isMetadata) : [];
  const kept = splits
    .map((split) => {
      const files = split.files.filter(
        (path) => formatOfPath(path) === format && !(folder && isMetadata(path)),
      );
      // one bad or differently formatted split must not hide the others: it is read on its own
      if (files.length === 0 && !folder) return ownFormatSplit(split);
      return { name: split.name, files };
    })
    .filter((split): split is SplitSource => split !== undefined && split.files.length > 0);
  return { name, format, splits: kept, metadataFiles: [...new Set(metadataFiles)], ...options };
}

type DataFilesValue = unknown;

function patternsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === "string");
  return [];
}

/** The card's `data_files` value as split → patterns (a bare pattern or list is the train split). */
function splitPatterns(dataFiles: DataFilesValue): [string, string[]][] {
  if (typeof dataFiles === "string") return [["train", [dataFiles]]];
  if (Array.isArray(dataFiles)) {
    if (dataFiles.every((item) => typeof item === "string")) return [["train", dataFiles as string[]]];
    return dataFiles
      .filter((item): item is Record<string, unknown> => typeof item === "object" && item !== null)
      .map((item) => [String(item.split ?? "train"), patternsOf(item.path)]);
  }
  if (typeof dataFiles === "object" && dataFiles !== null)
    return Object.entries(dataFiles).map(([split, value]) => [split, patternsOf(value)]);
  return [];
}

function joinBase(base: string, pattern: string): string {
  const clean = pattern.replace(/^\.?\/+/, "");
  return base ? `${trimTrailing(base, "/")}/${clean}` : clean;
}

async function configsFromCard(
  cardConfigs: unknown[],
  paths: string[],
  problems: LayoutProblem[],
): Promise<ConfigSource[]> {
  const configs: ConfigSource[] = [];
  const budget: MatchBudget = { steps: 0 };
  const entries = cardConfigs.filter(
    (item): item is Record<string, unknown> => typeof item === "object" && item !== null,
  );
  // the config marked `default: true` comes first: it is the one the viewer opens
  entries.sort((a, b) => Number(b.default === true) - Number(a.default === true));
  for (const entry of entries) {
    const name = typeof entry.config_name === "string" ? entry.config_name : "default";
    if (!SAFE_NAME.test(name)) {
      problems.push({ config: name, error: `Config name "${name}" is not a valid name` });
      continue;
    }
    const base =
      typeof entry.data_dir === "string" ? trimTrailing(entry.data_dir.replace(/^\.?\/+/, ""), "/") : "";
    const delimiter = [entry.sep, entry.delimiter].find((value) => typeof value === "string") as
      string | undefined;
    let splits: SplitSource[];
    if (entry.data_files === undefined) {
      splits = inferSplits(paths.filter((path) => !base || path.startsWith(`${base}/`)));
    } else {
      splits = [];
      for (const [split, patterns] of splitPatterns(entry.data_files)) {
        if (!SAFE_NAME.test(split)) {
          problems.push({ config: name, split, error: `Split name "${split}" is not a valid name` });
          continue;
        }
        let files: string[];
        try {
          files = await matchDataFiles(
            paths,
            patterns.map((pattern) => joinBase(base, pattern)),
            budget,
          );
        } catch (error) {
          if (!(error instanceof DataFilesPatternError)) throw error;
          problems.push({ config: name, split, error: error.message });
          continue;
        }
        if (files.length === 0) {
          problems.push({ config: name, split, error: `No file matches ${patterns.join(", ")}` });
          continue;
        }
        splits.push({ name: split, files: files.sort() });
      }
    }
    const config = buildConfig(name, splits, delimiter ? { delimiter } : {});
    if (config && config.splits.length > 0) configs.push(config);
    else if (!problems.some((problem) => problem.config === name))
      problems.push({ config: name, error: "No supported data file in this config" });
  }
  return configs;
}

/**
 * Splits that only files of other (non-folder) formats name, e.g. `data/train.csv` next to
 * `data/test.jsonl`: each is read in its own format instead of being dropped.
 */
function otherFormatSplits(dataPaths: string[], format: SourceFormat, known: SplitSource[]): SplitSource[] {
  const others = dataPaths.filter((path) => {
    const own = formatOfPath(path);
    return own !== undefined && own !== format && !isFolderFormat(own) && !isMetadata(path);
  });
  const names = new Set(known.map((split) => split.name));
  return namedSplits(others)
    .filter((split) => !names.has(split.name))
    .map(ownFormatSplit)
    .filter((split): split is SplitSource => split !== undefined);
}

/**
 * Configs and splits of a dataset at one commit: from the card's `configs:` when it has them,
 * otherwise one `default` config from the file layout conventions.
 */
export async function resolveLayout(
  allPaths: string[],
  cardData?: Record<string, unknown>,
): Promise<DatasetLayout> {
  const paths = allPaths.filter((path) => !isIgnored(path));
  const problems: LayoutProblem[] = [];
  const cardConfigs = cardData?.configs;
  if (Array.isArray(cardConfigs) && cardConfigs.length > 0)
    return { configs: await configsFromCard(cardConfigs, paths, problems), problems };
  const dataPaths = paths.filter((path) => formatOfPath(path) !== undefined || isMetadata(path));
  const format = dominantFormat(dataPaths.filter((path) => !isMetadata(path)));
  if (!format) return { configs: [], problems };
  const folder = format === "imagefolder" || format === "audiofolder";
  const candidates = dataPaths.filter(
    (path) => formatOfPath(path) === format || (folder && isMetadata(path)),
  );
  const splits = inferSplits(candidates.filter((path) => !isMetadata(path)));
  if (!folder) splits.push(...otherFormatSplits(dataPaths, format, splits));
  const config = buildConfig("default", orderSplits(splits), {});
  if (config && folder) config.metadataFiles = candidates.filter(isMetadata);
  return { configs: config ? [config] : [], problems };
}
