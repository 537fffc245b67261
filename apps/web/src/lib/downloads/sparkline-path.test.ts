import { describe, expect, it } from "vitest";
import { sparklinePoints } from "./sparkline-path.js";

describe("sparklinePoints", () => {
  it("spreads the days over the width and scales the peak to the top", () => {
    const days = [
      { day: "2026-11-19", count: 0 },
      { day: "2026-11-20", count: 5 },
      { day: "2026-11-21", count: 10 },
    ];
    expect(sparklinePoints(days, 104, 24, 2)).toBe("2.0,22.0 52.0,12.0 102.0,2.0");
  });

  it("draws a flat line along the bottom when nothing was downloaded, and nothing for no days", () => {
    expect(
      sparklinePoints(
        [
          { day: "a", count: 0 },
          { day: "b", count: 0 },
        ],
        10,
        10,
        0,
      ),
    ).toBe("0.0,10.0 10.0,10.0");
    expect(sparklinePoints([], 10, 10)).toBe("");
  });
});
