/**
 * Quant labels from the biggest files (highest precision) to the smallest. Grouped by nominal bit
 * width first, so every 4-bit variant lists before every 3-bit one even where a rich 3-bit mix
 * (Q3_K_L) weighs about as much as a lean 4-bit one (IQ4_XS).
 */
export const GGUF_QUANT_ORDER: readonly string[] = [
  "F64",
  "F32",
  "BF16",
  "F16",
  // 8 bit
  "Q8_K_XL",
  "Q8_0",
  "Q8_K",
  // 6 bit
  "Q6_K_XL",
  "Q6_K_L",
  "Q6_K",
  // 5 bit
  "Q5_K_XL",
  "Q5_K_L",
  "Q5_1",
  "Q5_K_M",
  "Q5_K_S",
  "Q5_0",
  "Q5_K",
  // 4 bit
  "Q4_K_XL",
  "Q4_K_L",
  "Q4_1",
  "Q4_K_M",
  "Q4_K_S",
  "Q4_K",
  "NVFP4",
  "IQ4_NL",
  "Q4_0",
  "Q4_0_4_4",
  "Q4_0_4_8",
  "Q4_0_8_8",
  "MXFP4_MOE",
  "MXFP4",
  "IQ4_XS",
  // 3 bit
  "Q3_K_XL",
  "Q3_K_L",
  "Q3_K_M",
  "IQ3_M",
  "IQ3_S",
  "Q3_K_S",
  "Q3_K",
  "IQ3_XS",
  "IQ3_XXS",
  // 2 bit
  "Q2_K_XL",
  "Q2_K_L",
  "Q2_K",
  "Q2_K_S",
  "IQ2_M",
  "IQ2_S",
  "IQ2_XS",
  "TQ2_0",
  "IQ2_XXS",
  "Q2_0",
  // below 2 bit
  "IQ1_M",
  "TQ1_0",
  "IQ1_S",
  "Q1_0",
];

const RANK = new Map(GGUF_QUANT_ORDER.map((label, index) => [label, index]));

/**
 * Position of a label in GGUF_QUANT_ORDER (0 = biggest); a dynamic quant ("UD-Q4_K_XL") ranks as its
 * base label; labels it does not know rank last.
 */
export function quantRank(label: string): number {
  return RANK.get(label.toUpperCase().replace(/^UD-/, "")) ?? GGUF_QUANT_ORDER.length;
}

/** Array.sort comparator: bigger quants first, unknown labels last (alphabetically among themselves). */
export function compareQuantLabels(a: string, b: string): number {
  const byRank = quantRank(a) - quantRank(b);
  if (byRank !== 0) return byRank;
  return a.toUpperCase() < b.toUpperCase() ? -1 : a.toUpperCase() > b.toUpperCase() ? 1 : 0;
}
