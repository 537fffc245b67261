import { defineProject } from "vitest/config";
import { workspaceAliases } from "../../vitest.shared.js";

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: "@modelhub/server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 60_000,
    // a hub's start (migrations on PostgreSQL, a Ceph cluster) beside a second test file on 2 cores
    hookTimeout: 120_000,
  },
});
