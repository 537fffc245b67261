import { defineConfig } from "vitest/config";

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
  },
});
