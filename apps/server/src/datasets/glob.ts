import { setImmediate as nextTurn } from "node:timers/promises";
import { GlobPattern } from "../patterns/glob-pattern.js";

/** Longest `data_files` pattern read (characters); a longer one is a problem of its config. */
export const MAX_DATA_FILES_PATTERN = 1000;

/**
 * Automaton steps (live states × characters, see `GlobPattern.steps`) one card's patterns may take
 * against the repo's paths, a few seconds of CPU; past it the config is reported, not converted.
 */
export const DATA_FILES_STEP_BUDGET = 500_000_000;

/** The event loop is given back after this long of matching. */
const SLICE_MS = 5;

/** The card's patterns cost more than the budget or are too long: the message says which. */
export class DataFilesPatternError extends Error {}

/**
 * A `data_files` pattern (fsspec/huggingface_hub glob: `*` within a path segment, `**` across
 * segments, `?`, `[abc]`) over repo paths, matched in linear time (see `GlobPattern`). A leading `./`
 * or `/` is dropped: card paths are relative to the repo's root.
 */
export function dataFilesGlob(pattern: string): GlobPattern {
  if (pattern.length > MAX_DATA_FILES_PATTERN)
    throw new DataFilesPatternError(
      `A data_files pattern is longer than ${MAX_DATA_FILES_PATTERN} characters`,
    );
  return GlobPattern.compile(pattern.replace(/^\.?\/+/, ""), { dialect: "fsspec" });
}

/** What one card's matching has spent so far (shared by its configs and splits). */
export interface MatchBudget {
  steps: number;
}

/**
 * The paths that match any of `patterns`: patterns without wildcards by lookup, the others by their
 * automaton, in slices of at most a few milliseconds of the event loop, within the card's step budget.
 */
export async function matchDataFiles(
  paths: readonly string[],
  patterns: readonly string[],
  budget: MatchBudget,
): Promise<string[]> {
  const globs = patterns.map(dataFilesGlob);
  const exact = new Set<string>();
  const wild: GlobPattern[] = [];
  for (const glob of globs) {
    const literal = glob.literal;
    if (literal === undefined) wild.push(glob);
    else exact.add(literal);
  }
  const matched: string[] = [];
  let sliceStart = performance.now();
  for (let i = 0; i < paths.length; i++) {
    const path = paths[i];
    if (exact.has(path) || wild.some((glob) => glob.matches(path))) matched.push(path);
    if (i % 64 === 63) {
      const spent = wild.reduce((sum, glob) => sum + glob.steps, 0);
      if (budget.steps + spent > DATA_FILES_STEP_BUDGET)
        throw new DataFilesPatternError(
          `The data_files patterns take too long to match against this repo's ${paths.length} files: use fewer or simpler patterns`,
        );
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
  }
  budget.steps += wild.reduce((sum, glob) => sum + glob.steps, 0);
  return matched;
}
