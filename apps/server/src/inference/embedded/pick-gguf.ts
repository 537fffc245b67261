import { parseGGUFQuantLabel, quantRank } from "@modelhub/tasks";

/** The quantisation "auto" aims for: the usual balance of size and quality. */
export const PREFERRED_QUANT = "Q4_K_M";

/** Parts of a split GGUF after the first, and vision projectors, are not models to load on their own. */
function loadable(path: string): boolean {
  const name = path.slice(path.lastIndexOf("/") + 1).toLowerCase();
  if (!name.endsWith(".gguf") || name.includes("mmproj")) return false;
  const split = /-(\d{5})-of-\d{5}\.gguf$/.exec(name);
  return split === null || split[1] === "00001";
}

/**
 * The GGUF file "auto" loads: the Q4_K_M one, else the quantisation nearest to it (the bigger one on a
 * tie), else the first .gguf in path order. Undefined when the repo has none.
 */
export function pickGgufFile(paths: readonly string[]): string | undefined {
  const candidates = paths.filter(loadable).sort();
  const target = quantRank(PREFERRED_QUANT);
  let best: { path: string; distance: number; rank: number } | undefined;
  for (const path of candidates) {
    const label = parseGGUFQuantLabel(path.slice(path.lastIndexOf("/") + 1));
    if (label === undefined) continue;
    const rank = quantRank(label);
    const distance = Math.abs(rank - target);
    if (!best || distance < best.distance || (distance === best.distance && rank < best.rank))
      best = { path, distance, rank };
  }
  return best?.path ?? candidates[0];
}
