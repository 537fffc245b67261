import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@modelhub/api-types", include: ["test/**/*.test.ts"], testTimeout: 120_000 },
});
