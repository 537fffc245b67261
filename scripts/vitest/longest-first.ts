import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/** Recorded file times (ms) of a full run on the 2-core machine: `project:path` → ms. */
const RECORDED = new URL("./durations.json", import.meta.url);

function recorded(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(RECORDED, "utf8")) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * Hands the test files to the workers longest first, across all projects (Vitest's own order runs one
 * project after another), so the two workers finish together instead of one waiting for a long file
 * picked up last. A file's time comes from `durations.json` (a full run's times, committed: a fresh CI
 * clone has no cache), else from this machine's last run (Vitest's cache); a file known to neither
 * counts as a long one, so a new slow file never lands at the very end.
 */
export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const committed = recorded();
    const known = Object.values(committed).sort((a, b) => b - a);
    const unknown = known[Math.floor(known.length / 4)] ?? 0;
    const cost = new Map<TestSpecification, number>();
    for (const spec of files) {
      const key = `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`;
      const cached = this.ctx.cache.getFileTestResults(key)?.duration;
      cost.set(spec, committed[key] ?? cached ?? unknown);
    }
    return [...files].sort((a, b) => cost.get(b)! - cost.get(a)!);
  }
}
