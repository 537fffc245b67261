import type { DatasetData, DatasetFormat, DatasetLayout } from "./types.js";

const IMAGE = /\.(jpe?g|png|webp|gif|bmp|tiff?)$/i;
const AUDIO = /\.(wav|mp3|flac|ogg|opus|m4a)$/i;
/** Side files of image and audio folders: captions and labels, not a table of their own. */
const FOLDER_METADATA = /(^|\/)metadata\.(csv|jsonl|json|parquet)$/i;
/** JSON files that describe a repo rather than hold rows. */
const JSON_NOT_DATA = /(^|\/)(dataset_infos?|dataset_dict|state|config|croissant|[^/]*schema)\.json$/i;

const EXTENSIONS: [DatasetFormat, RegExp][] = [
  ["parquet", /\.parquet$/i],
  ["csv", /\.csv$/i],
  ["tsv", /\.tsv$/i],
  ["jsonl", /\.(jsonl|ndjson)$/i],
  ["json", /\.json$/i],
  ["webdataset", /\.tar$/i],
];

/** The order formats are preferred in when a repo holds several. */
const PREFERENCE: DatasetFormat[] = [
  "parquet",
  "csv",
  "tsv",
  "jsonl",
  "webdataset",
  "json",
  "imagefolder",
  "audiofolder",
];

const SPLIT_WORDS: [string, string][] = [
  ["train", "train"],
  ["training", "train"],
  ["validation", "validation"],
  ["valid", "validation"],
  ["val", "validation"],
  ["dev", "validation"],
  ["test", "test"],
  ["testing", "test"],
  ["eval", "test"],
];
const SPLIT_ORDER = ["train", "validation", "test"];

function isHidden(path: string): boolean {
  return path.split("/").some((part) => part.startsWith("."));
}

function formatOf(path: string): DatasetFormat | undefined {
  if (IMAGE.test(path)) return "imagefolder";
  if (AUDIO.test(path)) return "audiofolder";
  for (const [format, pattern] of EXTENSIONS) if (pattern.test(path)) return format;
  return undefined;
}

function filesByFormat(paths: string[]): Map<DatasetFormat, string[]> {
  const media = paths.some((p) => IMAGE.test(p) || AUDIO.test(p));
  const groups = new Map<DatasetFormat, string[]>();
  for (const path of paths) {
    if (isHidden(path)) continue;
    if (media && FOLDER_METADATA.test(path)) continue;
    const format = formatOf(path);
    if (!format || (format === "json" && JSON_NOT_DATA.test(path))) continue;
    groups.set(format, [...(groups.get(format) ?? []), path]);
  }
  return groups;
}

/** `*` matches within a folder, `**` across folders, `?` one character; everything else literally. */
function globToRegExp(glob: string): RegExp {
  let source = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === "*" && glob[i + 1] === "*") {
      source += ".*";
      i++;
      if (glob[i + 1] === "/") i++;
    } else if (ch === "*") source += "[^/]*";
    else if (ch === "?") source += "[^/]";
    else source += ch.replace(/[.+^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${source}$`);
}

interface CardConfig {
  name: string;
  isDefault: boolean;
  dataFiles: [string, string[]][];
}

function stringList(value: unknown): string[] {
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** The card's `configs` list, tolerant of every shape `data_files` may take. */
function cardConfigs(cardData: Record<string, unknown> | undefined): CardConfig[] {
  const configs = cardData?.configs;
  if (!Array.isArray(configs)) return [];
  return configs.flatMap((entry): CardConfig[] => {
    if (typeof entry !== "object" || entry === null) return [];
    const record = entry as Record<string, unknown>;
    const name = typeof record.config_name === "string" ? record.config_name : "default";
    const raw = record.data_files;
    let dataFiles: [string, string[]][] = [];
    if (typeof raw === "string" || (Array.isArray(raw) && raw.every((v) => typeof v === "string")))
      dataFiles = [["train", stringList(raw)]];
    else if (Array.isArray(raw))
      dataFiles = raw.flatMap((item): [string, string[]][] => {
        if (typeof item !== "object" || item === null) return [];
        const file = item as Record<string, unknown>;
        const split = typeof file.split === "string" ? file.split : "train";
        const paths = stringList(file.path);
        return paths.length ? [[split, paths]] : [];
      });
    return [{ name, isDefault: record.default === true, dataFiles }];
  });
}

function chosenConfig(configs: CardConfig[]): CardConfig | undefined {
  return configs.find((c) => c.isDefault) ?? configs.find((c) => c.name === "default") ?? configs[0];
}

/** Splits named by the card: the first file of the chosen format that each split's patterns match. */
function splitsFromCard(config: CardConfig | undefined, files: string[]): [string, string][] {
  if (!config) return [];
  const out: [string, string][] = [];
  for (const [split, patterns] of config.dataFiles) {
    if (out.some(([name]) => name === split)) continue;
    const matchers = patterns.map(globToRegExp);
    const file = files.find((f) => matchers.some((m) => m.test(f)));
    if (file) out.push([split, file]);
  }
  return out;
}

function splitOfPath(path: string): string | undefined {
  const words = path.toLowerCase().split(/[/._-]+/);
  for (const word of words) {
    const hit = SPLIT_WORDS.find(([w]) => w === word);
    if (hit) return hit[1];
  }
  return undefined;
}

/** Splits guessed from file names (train/validation/test), the first file of each. */
function splitsFromNames(files: string[]): [string, string][] {
  const found = new Map<string, string>();
  for (const file of files) {
    const split = splitOfPath(file) ?? "train";
    if (!found.has(split)) found.set(split, file);
  }
  return [...found.entries()].sort(
    ([a], [b]) =>
      (SPLIT_ORDER.indexOf(a) + 1 || SPLIT_ORDER.length + 1) -
      (SPLIT_ORDER.indexOf(b) + 1 || SPLIT_ORDER.length + 1),
  );
}

function formatFromTags(tags: string[] | undefined): DatasetFormat | undefined {
  for (const tag of tags ?? []) {
    if (!tag.startsWith("format:")) continue;
    const value = tag.slice(7).toLowerCase();
    if (value === "json") return "json";
    if ((PREFERENCE as string[]).includes(value)) return value as DatasetFormat;
  }
  return undefined;
}

/** Reads a dataset's files and card: which format it is stored in, its data files and splits. */
export function datasetLayout(dataset: DatasetData): DatasetLayout {
  const paths = (dataset.siblings ?? []).map((s) => s.rfilename).sort();
  const groups = filesByFormat(paths);
  const format = PREFERENCE.find((f) => groups.has(f)) ?? formatFromTags(dataset.tags);
  const files = format ? (groups.get(format) ?? []) : [];
  const configs = cardConfigs(dataset.cardData);
  const config = chosenConfig(configs);
  const fromCard = splitsFromCard(config, files);
  const splits = fromCard.length ? fromCard : splitsFromNames(files);
  const named = configs.length > 1 && config && config.name !== "default" ? config.name : undefined;
  return { format, files, splits, ...(named ? { config: named } : {}) };
}
