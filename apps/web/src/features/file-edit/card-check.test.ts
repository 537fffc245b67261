import { describe, expect, it } from "vitest";
import { checkCard } from "./card-check.js";

describe("checkCard", () => {
  it("accepts a card with valid metadata and one without any", () => {
    const good = checkCard("---\nlicense: apache-2.0\ntags:\n- chat\n---\n# Title\n");
    expect(good).toMatchObject({ hasFrontMatter: true, valid: true, problems: [] });
    expect(good.metadata).toEqual({ license: "apache-2.0", tags: ["chat"] });
    expect(checkCard("# Just a title\n")).toEqual({ hasFrontMatter: false, problems: [], valid: true });
    expect(checkCard("---\n---\nbody")).toMatchObject({ valid: true, metadata: {} });
  });

  it("places YAML syntax errors on the line and column of the whole file", () => {
    const check = checkCard("---\nlicense: mit\ntags: [chat\n---\n# Title\n");
    expect(check.valid).toBe(false);
    expect(check.problems[0]).toMatchObject({ severity: "error", line: expect.any(Number) });
    expect(check.problems[0].line).toBeGreaterThanOrEqual(3);
    expect(check.problems[0].message).not.toContain("\n");

    const nested = checkCard("---\nlicense: mit\ntags: a: b\n---\n");
    expect(nested.valid).toBe(false);
    expect(nested.problems[0]).toMatchObject({ line: 3, column: 7 });
    expect(checkCard("---\nlicense: mit\n\ttags: x\n---\n").problems[0]).toMatchObject({
      message: expect.stringContaining("Tabs"),
      line: 3,
      column: 1,
    });
  });

  it("reports duplicate keys, an unclosed block and a block that is not a mapping", () => {
    expect(checkCard("---\nlicense: mit\nlicense: apache-2.0\n---\n").problems[0]).toMatchObject({
      severity: "error",
      line: 3,
    });
    expect(checkCard("---\nlicense: mit\n# never closed\n").problems[0]).toMatchObject({
      message: expect.stringContaining("not closed"),
      line: 1,
    });
    expect(checkCard("---\n- a\n- b\n---\n").problems[0].message).toContain("mapping");
  });

  it("checks the license id and the tags list where they are written", () => {
    const check = checkCard("---\nlicense: MIT License\ntags:\n  nested: 1\n---\n");
    expect(check.valid).toBe(false);
    expect(check.problems).toEqual([
      expect.objectContaining({
        severity: "error",
        line: 2,
        column: 10,
        message: expect.stringContaining("license id"),
      }),
      expect.objectContaining({ severity: "error", line: 4, message: expect.stringContaining("tags") }),
    ]);
    const warned = checkCard("---\nlicense: [mit]\n---\n");
    expect(warned.problems[0].message).toContain("single license id");
    const single = checkCard("---\ntags: chat\npipeline_tag: 3\n---\n");
    expect(single.problems.map((p) => p.severity)).toEqual(["warning", "error"]);
  });
});
