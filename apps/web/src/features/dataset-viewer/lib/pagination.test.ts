import { describe, expect, it } from "vitest";
import { pageCount, pageItems, rowRangeLabel } from "./pagination.js";

describe("page numbers", () => {
  it("counts pages of 100 rows, at least one", () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(100)).toBe(1);
    expect(pageCount(101)).toBe(2);
    expect(pageCount(2_000_000)).toBe(20_000);
  });

  it("shows the ends and a window around the current page, with gaps", () => {
    expect(pageItems(0, 1)).toEqual([0]);
    expect(pageItems(0, 5)).toEqual([0, 1, 2, 3, 4]);
    expect(pageItems(0, 20)).toEqual([0, 1, 2, "gap", 19]);
    expect(pageItems(10, 20)).toEqual([0, "gap", 8, 9, 10, 11, 12, "gap", 19]);
    // a single skipped page is shown rather than replaced by a gap
    expect(pageItems(4, 20)).toEqual([0, 1, 2, 3, 4, 5, 6, "gap", 19]);
    expect(pageItems(19_000, 20_000)).toEqual([
      0,
      "gap",
      18_998,
      18_999,
      19_000,
      19_001,
      19_002,
      "gap",
      19_999,
    ]);
  });

  it("labels the rows on screen", () => {
    expect(rowRangeLabel(0, 100, 2_000_000)).toBe("Rows 1–100 of 2,000,000");
    expect(rowRangeLabel(2, 4, 204)).toBe("Rows 201–204 of 204");
    expect(rowRangeLabel(0, 0, 0)).toBe("No rows");
  });
});
