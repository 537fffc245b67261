import { defineConfig } from "vitest/config";
import LongestFirst from "./scripts/vitest/longest-first.js";
import SlowestFiles from "./scripts/vitest/slowest-files.js";

/**
 * Test files run in parallel, one per worker (two on CI's 2-core machine; MODELHUB_TEST_WORKERS
 * overrides): every file starts its own hub on its own port, data folder and PostgreSQL schema, so no
 * two files share state. Longest files go first, and the slowest 15 are printed after every run (see
 * the README's Tests section for the budget).
 */
const workers = Number(process.env.MODELHUB_TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    projects: [
      "packages/testkit",
      "packages/api-types",
      "packages/tasks",
      "packages/inference",
      "apps/server",
      "apps/web",
      "scripts",
    ],
    // the build brought up to date (suites that start the hub as a process run it), and one folder
    // per run for the services its files share (a Ceph cluster…), stopped when the run ends
    globalSetup: ["./scripts/vitest/fresh-build.ts", "./packages/testkit/src/run-services-setup.ts"],
    maxWorkers: Number.isInteger(workers) && workers > 0 ? workers : 2,
    sequence: { sequencer: LongestFirst },
    reporters: ["default", new SlowestFiles()],
  },
});
