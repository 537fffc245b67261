import { describe, expect, it } from "vitest";
import { modelSizeLabel } from "./model-metadata.js";

describe("modelSizeLabel", () => {
  it("writes the total with three significant digits, then the tensor types by share", () => {
    expect(modelSizeLabel({ parameters: { BF16: 8_030_261_248 }, total: 8_030_261_248 })).toBe(
      "8.03B params · BF16",
    );
    expect(
      modelSizeLabel({ parameters: { F32: 1000, BF16: 6_000_000_000, I8: 0 }, total: 6_000_001_000 }),
    ).toBe("6B params · BF16 · F32");
    expect(modelSizeLabel({ parameters: { F16: 1024, BF16: 10 }, total: 1034 })).toBe(
      "1.03k params · F16 · BF16",
    );
  });
});
