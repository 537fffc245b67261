/**
 * `general.file_type` of a GGUF file: llama.cpp's `llama_ftype` values (LLAMA_FTYPE_ALL_F32,
 * LLAMA_FTYPE_MOSTLY_*), up to Q2_0 = 41. Codes that llama.cpp has retired (4–6, 33–35) keep their historic names so
 * old files still get a label. Codes 1000 and up are not written into files by llama.cpp: they name
 * the "XL" dynamic quants that appear in repository filenames (e.g. `UD-Q4_K_XL`).
 */
export enum GGMLFileQuantizationType {
  // Unquantized, listed by family and from the biggest files to the smallest within a family.
  F32 = 0,
  BF16 = 32,
  F16 = 1,

  // Block quants of the first generation.
  Q8_0 = 7,
  Q5_1 = 9,
  Q5_0 = 8,
  Q4_1_SOME_F16 = 4,
  Q4_3 = 6,
  Q4_1 = 3,
  Q4_2 = 5,
  Q4_0 = 2,
  Q4_0_8_8 = 35,
  Q4_0_4_8 = 34,
  Q4_0_4_4 = 33,

  // K quants.
  Q6_K = 18,
  Q5_K_M = 17,
  Q5_K_S = 16,
  Q4_K_M = 15,
  Q4_K_S = 14,
  Q3_K_L = 13,
  Q3_K_M = 12,
  Q3_K_S = 11,
  Q2_K = 10,
  Q2_K_S = 21,

  // Importance-matrix ("I") quants.
  IQ4_NL = 25,
  IQ4_XS = 30,
  IQ3_M = 27,
  IQ3_S = 26,
  IQ3_XS = 22,
  IQ3_XXS = 23,
  IQ2_M = 29,
  IQ2_S = 28,
  IQ2_XS = 20,
  IQ2_XXS = 19,
  IQ1_M = 31,
  IQ1_S = 24,

  // Floating-point 4-bit formats, ternary and binary quants.
  NVFP4 = 39,
  MXFP4_MOE = 38,
  TQ2_0 = 37,
  TQ1_0 = 36,
  Q1_0 = 40,
  Q2_0 = 41,

  // Dynamic "XL" quants (filename labels only).
  Q8_K_XL = 1005,
  Q6_K_XL = 1004,
  Q5_K_XL = 1003,
  Q4_K_XL = 1002,
  Q3_K_XL = 1001,
  Q2_K_XL = 1000,
}

/** Label of a `general.file_type` code (e.g. 15 -> "Q4_K_M"), or undefined for an unknown code. */
export function fileTypeLabel(code: number): string | undefined {
  const name: unknown = GGMLFileQuantizationType[code];
  return typeof name === "string" ? name : undefined;
}

/** Code of a file-type label (case-insensitive, e.g. "q4_k_m" -> 15), or undefined. */
export function fileTypeCode(label: string): GGMLFileQuantizationType | undefined {
  const code: unknown =
    GGMLFileQuantizationType[label.toUpperCase() as keyof typeof GGMLFileQuantizationType];
  return typeof code === "number" ? code : undefined;
}
