import { defineProject } from "vitest/config";
import { workspaceAliases } from "../../vitest.shared.js";

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: "@modelhub/server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // One module graph per worker, not one per file: importing the server's ~900 modules through Vitest
    // took ~1.5 s a file, about a third of the suite's CPU. Files share no state (each its own hub, data
    // folder and schema, env changes restored); a file that needs a fresh process would go in its own project.
    isolate: false,
    // a hub's start (migrations on PostgreSQL, a Ceph cluster) beside a second test file on 2 cores
    hookTimeout: 120_000,
  },
});
