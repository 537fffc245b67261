import { defineProject } from "vitest/config";

export default defineProject({
  test: { name: "@modelhub/testkit", include: ["src/**/*.test.ts"] },
});
