import { isObject, parseJsonObject } from "./json-file.js";
import type { RepoFiles } from "./repo-files.js";
import { readSafetensorsCounts, type DtypeCounts } from "./safetensors-header.js";
import type { FileEntry } from "../../domain/repo.js";

/** What `model_info().safetensors` carries on the Hub: parameters per dtype and their sum. */
export interface SafetensorsSummary {
  parameters: DtypeCounts;
  total: number;
}

/** Per content id: the counts of one file, or why its header could not be read. */
export type SafetensorsCache = Map<string, DtypeCounts | { error: string }>;

const INDEX_FILE = "model.safetensors.index.json";
const SINGLE_FILE = "model.safetensors";
const MAX_FILES = 512;
const MAX_INDEX_BYTES = 16 * 1024 * 1024;

/** The weight files that make up the model: the index's shards, else model.safetensors, else root files. */
async function weightFiles(files: RepoFiles, warnings: string[]): Promise<FileEntry[]> {
  const byPath = new Map(files.files.map((file) => [file.path, file]));
  if (byPath.has(INDEX_FILE)) {
    const index = parseJsonObject(INDEX_FILE, await files.read(INDEX_FILE, MAX_INDEX_BYTES), warnings);
    const weightMap = index && isObject(index.weight_map) ? index.weight_map : undefined;
    if (weightMap) {
      const shards = [...new Set(Object.values(weightMap).filter((v): v is string => typeof v === "string"))];
      const missing = shards.filter((shard) => !byPath.has(shard));
      if (missing.length > 0) {
        warnings.push(
          `${INDEX_FILE} names shards that are not in the repo: ${missing.slice(0, 3).join(", ")}`,
        );
        return [];
      }
      return shards.map((shard) => byPath.get(shard)).filter((file): file is FileEntry => file !== undefined);
    }
    if (index) warnings.push(`${INDEX_FILE} has no weight_map`);
  }
  const single = byPath.get(SINGLE_FILE);
  if (single) return [single];
  return files.files.filter((file) => !file.path.includes("/") && file.path.endsWith(".safetensors"));
}

/**
 * Counts the model's parameters from its safetensors headers (read once per content id). Undefined when
 * there are no weight files or one of them is unreadable: a partial count would be wrong.
 */
export async function summariseSafetensors(
  files: RepoFiles,
  cache: SafetensorsCache,
  warnings: string[],
): Promise<SafetensorsSummary | undefined> {
  const weights = await weightFiles(files, warnings);
  if (weights.length === 0) return undefined;
  if (weights.length > MAX_FILES) {
    warnings.push(`more than ${MAX_FILES} safetensors files: parameters not counted`);
    return undefined;
  }
  const parameters: DtypeCounts = {};
  for (const file of weights) {
    const key = file.lfs?.sha256 ?? file.oid;
    let counts = cache.get(key);
    if (!counts) {
      counts = await readSafetensorsCounts(await files.open(file.path)).catch((error: unknown) => ({
        error: error instanceof Error ? error.message : String(error),
      }));
      cache.set(key, counts);
    }
    if ("error" in counts && typeof counts.error === "string") {
      warnings.push(`${file.path}: safetensors header unreadable (${counts.error})`);
      return undefined;
    }
    for (const [dtype, count] of Object.entries(counts)) {
      if (typeof count === "number") parameters[dtype] = (parameters[dtype] ?? 0) + count;
    }
  }
  const total = Object.values(parameters).reduce((sum, count) => sum + count, 0);
  return { parameters, total };
}
