/**
 * Storage type of one tensor inside a GGUF file: ggml's `ggml_type` values (GGML_TYPE_*), up to Q2_0 = 42.
 * 4–5 and 31–33, 36–38 were retired by ggml (files no longer contain them) but keep their names here
 * so that readers of older files can still label them.
 */
export enum GGMLQuantizationType {
  // Floats and integers, by family, widest first.
  F64 = 28,
  F32 = 0,
  BF16 = 30,
  F16 = 1,
  I64 = 27,
  I32 = 26,
  I16 = 25,
  I8 = 24,

  // Block quants of the first generation.
  Q8_1 = 9,
  Q8_0 = 8,
  Q5_1 = 7,
  Q5_0 = 6,
  Q4_3 = 5,
  Q4_1 = 3,
  Q4_2 = 4,
  Q4_0 = 2,
  Q4_0_8_8 = 33,
  Q4_0_4_8 = 32,
  Q4_0_4_4 = 31,

  // K quants (Q8_K only holds intermediate results).
  Q8_K = 15,
  Q6_K = 14,
  Q5_K = 13,
  Q4_K = 12,
  Q3_K = 11,
  Q2_K = 10,

  // Importance-matrix ("I") quants.
  IQ4_NL = 20,
  IQ4_NL_8_8 = 38,
  IQ4_NL_4_8 = 37,
  IQ4_NL_4_4 = 36,
  IQ4_XS = 23,
  IQ3_S = 21,
  IQ3_XXS = 18,
  IQ2_S = 22,
  IQ2_XS = 17,
  IQ2_XXS = 16,
  IQ1_M = 29,
  IQ1_S = 19,

  // Floating-point 4-bit formats, ternary and binary quants.
  NVFP4 = 40,
  MXFP4 = 39,
  TQ2_0 = 35,
  TQ1_0 = 34,
  Q1_0 = 41,
  Q2_0 = 42,
}

/** Label of a tensor type code (e.g. 12 -> "Q4_K"), or undefined for an unknown code. */
export function tensorTypeLabel(code: number): string | undefined {
  const name: unknown = GGMLQuantizationType[code];
  return typeof name === "string" ? name : undefined;
}
