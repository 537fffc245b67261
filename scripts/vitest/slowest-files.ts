import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { relative } from "node:path";
import type { Reporter, TestModule, Vitest } from "vitest/node";

/** How many files the summary names. */
const SHOWN = 15;

export interface FileTiming {
  /** `project:path/relative/to/the/root`, the key the sequencer reads back. */
  key: string;
  /** Wall time of the file in its worker: start-up, import, hooks and tests, in ms. */
  totalMs: number;
  importMs: number;
  testsMs: number;
  state: string;
}

/** The timings of every file that ran, slowest first. */
export function fileTimings(root: string, modules: readonly TestModule[]): FileTiming[] {
  return modules
    .map((module) => {
      const d = module.diagnostic();
      const importMs = d.prepareDuration + d.environmentSetupDuration + d.setupDuration + d.collectDuration;
      return {
        key: `${module.project.name}:${relative(root, module.moduleId)}`,
        totalMs: importMs + d.duration,
        importMs,
        testsMs: d.duration,
        state: module.state(),
      };
    })
    .sort((a, b) => b.totalMs - a.totalMs);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);

/**
 * Prints the slowest test files at the end of every run (the suite has a time budget: see the README's
 * Tests section), with the run's wall time and the machine's load beside them. With
 * MODELHUB_TEST_DURATIONS=<file> it also writes every file's time as JSON, the input of
 * `scripts/vitest/durations.json` (longest-first scheduling).
 */
export default class SlowestFiles implements Reporter {
  private root = process.cwd();
  private started = performance.now();

  onInit(vitest: Vitest): void {
    this.root = vitest.config.root;
    this.started = performance.now();
  }

  onTestRunEnd(modules: readonly TestModule[]): void {
    if (modules.length === 0) return;
    const timings = fileTimings(this.root, modules);
    const wall = performance.now() - this.started;
    const sum = timings.reduce((total, t) => total + t.totalMs, 0);
    const load = loadavg()
      .map((l) => l.toFixed(1))
      .join(" ");
    const lines = [
      "",
      `Slowest ${Math.min(SHOWN, timings.length)} of ${timings.length} test files (wall ${seconds(wall).trim()}, ` +
        `files summed ${seconds(sum).trim()}, load ${load}):`,
      ...timings
        .slice(0, SHOWN)
        .map(
          (t) =>
            `${seconds(t.totalMs)}  ${t.key}  (import ${(t.importMs / 1000).toFixed(1)} s, tests ${(t.testsMs / 1000).toFixed(1)} s${t.state === "passed" ? "" : `, ${t.state}`})`,
        ),
      "",
    ];
    process.stdout.write(`${lines.join("\n")}\n`);
    const out = process.env.MODELHUB_TEST_DURATIONS;
    if (out)
      writeFileSync(
        out,
        `${JSON.stringify(Object.fromEntries(timings.map((t) => [t.key, Math.round(t.totalMs)])), null, 2)}\n`,
      );
  }
}
