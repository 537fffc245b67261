import { compareGGUFFilenames, parseGGUFQuantLabel } from "../gguf/quant-label.js";
import { quantRank } from "../gguf/quant-order.js";
import type { ModelData } from "../model/model-data.js";

/** One runnable GGUF weight set of a repo: a single file, or every shard of a split file. */
export interface GGUFChoice {
  /** The file an app is pointed at: the file itself, or the first shard. */
  file: string;
  /** Every file of the weight set, first shard first. */
  files: string[];
  /** Canonical quant label parsed from the name ("Q4_K_M"), when the name has one. */
  quant?: string;
  /** What a picker shows: the quant label, or the file name when there is none. */
  label: string;
}

/** The quant a picker starts on when the repo has it. */
export const DEFAULT_GGUF_QUANT = "Q4_K_M";

// llama.cpp's split naming: `name-00001-of-00003.gguf`.
const SHARD = /^(.*)-(\d{5})-of-(\d{5})\.gguf$/i;

function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** Vision projectors ship next to the weights as GGUF files but are not a model on their own. */
function isProjector(path: string): boolean {
  return /mmproj/i.test(baseName(path));
}

/** Whether the record looks like a GGUF repo (files, tag or library). */
export function isGGUFModel(model: ModelData): boolean {
  return (
    model.library_name === "gguf" ||
    (model.tags ?? []).includes("gguf") ||
    (model.siblings ?? []).some((s) => s.rfilename.toLowerCase().endsWith(".gguf"))
  );
}

/** The repo's GGUF weight sets, biggest quant first; projector files and stray shards are left out. */
export function ggufChoices(model: ModelData): GGUFChoice[] {
  const paths = (model.siblings ?? [])
    .map((s) => s.rfilename)
    .filter((path) => path.toLowerCase().endsWith(".gguf") && !isProjector(path));
  const singles: string[] = [];
  const splits = new Map<string, string[]>();
  for (const path of paths) {
    const shard = SHARD.exec(path);
    if (!shard) {
      singles.push(path);
      continue;
    }
    const key = `${shard[1]}\u0000${shard[3]}`;
    splits.set(key, [...(splits.get(key) ?? []), path]);
  }
  const choices: GGUFChoice[] = singles.map((file) => choice(file, [file]));
  for (const shards of splits.values()) {
    shards.sort();
    // A set without its first shard cannot be loaded by name.
    if (SHARD.exec(shards[0])?.[2] === "00001") choices.push(choice(shards[0], shards));
  }
  return choices.sort((a, b) => compareGGUFFilenames(a.file, b.file));
}

function choice(file: string, files: string[]): GGUFChoice {
  const quant = parseGGUFQuantLabel(baseName(file));
  return { file, files, quant, label: quant ?? baseName(file) };
}

/**
 * The choice a picker starts on: Q4_K_M when present, otherwise the labelled quant nearest to it in
 * size (the smaller one on a tie), otherwise the first file.
 */
export function defaultGGUFChoice(choices: readonly GGUFChoice[]): GGUFChoice | undefined {
  const target = quantRank(DEFAULT_GGUF_QUANT);
  let best: GGUFChoice | undefined;
  let bestDistance = Infinity;
  for (const c of choices) {
    if (c.quant === undefined) continue;
    const rank = quantRank(c.quant);
    const distance = Math.abs(rank - target) + (rank < target ? 0.5 : 0);
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return best ?? choices[0];
}

/** The choice for `file` (any of its shards), or the default one when `file` is absent or unknown. */
export function pickGGUFChoice(model: ModelData, file?: string): GGUFChoice | undefined {
  const choices = ggufChoices(model);
  const chosen = file === undefined ? undefined : choices.find((c) => c.files.includes(file));
  return chosen ?? defaultGGUFChoice(choices);
}
