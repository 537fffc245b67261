import { describe, expect, it } from "vitest";
import { renamedRepoPath } from "./use-follow-rename.js";

describe("renamedRepoPath", () => {
  it.each([
    ["/alice/old", "/alice/new-name"],
    ["/ALICE/Old/tree/main/sub", "/alice/new-name/tree/main/sub"],
    ["/datasets/alice/old/blob/main/README.md", "/datasets/alice/new-name/blob/main/README.md"],
    ["/alice/older", "/alice/older"],
  ])("%s → %s", (from, to) => {
    expect(renamedRepoPath(from, "alice/old", "alice/new-name")).toBe(to);
  });
});
