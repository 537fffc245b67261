import { describe, expect, it } from "vitest";
import { cellText, previewFormat } from "./preview-rows.js";

describe("dataset preview helpers", () => {
  it("recognises the formats it can preview", () => {
    expect(previewFormat("data/train.csv")).toBe("csv");
    expect(previewFormat("data/x.TSV")).toBe("tsv");
    expect(previewFormat("rows.jsonl")).toBe("jsonl");
    expect(previewFormat("part-0.parquet")).toBe("parquet");
    expect(previewFormat("README.md")).toBeUndefined();
  });

  it("shows every cell value as text, including bigints and nested values", () => {
    expect(cellText(null)).toBe("");
    expect(cellText(12n)).toBe("12");
    expect(cellText({ a: [1, 2n] })).toBe('{"a":[1,"2"]}');
    expect(cellText("plain")).toBe("plain");
  });
});
