import { describe, expect, it } from "vitest";
// its own module: markdown.tsx starts loading the highlighter, which would outlive this test
import { stripFrontMatter } from "./strip-front-matter.js";

describe("stripFrontMatter", () => {
  it("removes the YAML block the hub already shows as metadata", () => {
    expect(stripFrontMatter("---\nlicense: mit\n---\n# Title\n")).toBe("# Title\n");
  });

  it("keeps documents without front matter or with an unterminated block", () => {
    expect(stripFrontMatter("# Title")).toBe("# Title");
    expect(stripFrontMatter("---\nlicense: mit\n# never closed")).toBe("---\nlicense: mit\n# never closed");
  });
});
