import { defineProject } from "vitest/config";
import { workspaceAliases } from "../../vitest.shared.js";

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: "@modelhub/web",
    include: ["e2e/**/*.test.ts", "src/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 300_000,
  },
});
