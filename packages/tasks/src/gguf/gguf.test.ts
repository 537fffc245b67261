import { describe, expect, it } from "vitest";
import {
  GGMLFileQuantizationType,
  GGMLQuantizationType,
  GGUF_QUANT_ORDER,
  compareGGUFFilenames,
  compareQuantLabels,
  fileTypeCode,
  fileTypeLabel,
  parseGGUFQuantLabel,
  tensorTypeLabel,
} from "@modelhub/tasks";

// llama.cpp include/llama.h, enum llama_ftype (LLAMA_FTYPE_ALL_F32 / LLAMA_FTYPE_MOSTLY_<name>);
// 4–6 and 33–35 are commented out upstream but keep their numbers.
const LLAMA_FTYPE: [string, number][] = [
  ["F32", 0],
  ["F16", 1],
  ["Q4_0", 2],
  ["Q4_1", 3],
  ["Q4_1_SOME_F16", 4],
  ["Q4_2", 5],
  ["Q4_3", 6],
  ["Q8_0", 7],
  ["Q5_0", 8],
  ["Q5_1", 9],
  ["Q2_K", 10],
  ["Q3_K_S", 11],
  ["Q3_K_M", 12],
  ["Q3_K_L", 13],
  ["Q4_K_S", 14],
  ["Q4_K_M", 15],
  ["Q5_K_S", 16],
  ["Q5_K_M", 17],
  ["Q6_K", 18],
  ["IQ2_XXS", 19],
  ["IQ2_XS", 20],
  ["Q2_K_S", 21],
  ["IQ3_XS", 22],
  ["IQ3_XXS", 23],
  ["IQ1_S", 24],
  ["IQ4_NL", 25],
  ["IQ3_S", 26],
  ["IQ3_M", 27],
  ["IQ2_S", 28],
  ["IQ2_M", 29],
  ["IQ4_XS", 30],
  ["IQ1_M", 31],
  ["BF16", 32],
  ["Q4_0_4_4", 33],
  ["Q4_0_4_8", 34],
  ["Q4_0_8_8", 35],
  ["TQ1_0", 36],
  ["TQ2_0", 37],
  ["MXFP4_MOE", 38],
  ["NVFP4", 39],
  ["Q1_0", 40],
  ["Q2_0", 41],
  // Filename-only dynamic quants (not llama_ftype values).
  ["Q2_K_XL", 1000],
  ["Q3_K_XL", 1001],
  ["Q4_K_XL", 1002],
  ["Q5_K_XL", 1003],
  ["Q6_K_XL", 1004],
  ["Q8_K_XL", 1005],
];

// ggml/include/ggml.h, enum ggml_type (GGML_TYPE_<name>); 4–5, 31–33 and 36–38 are retired upstream.
const GGML_TYPE: [string, number][] = [
  ["F32", 0],
  ["F16", 1],
  ["Q4_0", 2],
  ["Q4_1", 3],
  ["Q4_2", 4],
  ["Q4_3", 5],
  ["Q5_0", 6],
  ["Q5_1", 7],
  ["Q8_0", 8],
  ["Q8_1", 9],
  ["Q2_K", 10],
  ["Q3_K", 11],
  ["Q4_K", 12],
  ["Q5_K", 13],
  ["Q6_K", 14],
  ["Q8_K", 15],
  ["IQ2_XXS", 16],
  ["IQ2_XS", 17],
  ["IQ3_XXS", 18],
  ["IQ1_S", 19],
  ["IQ4_NL", 20],
  ["IQ3_S", 21],
  ["IQ2_S", 22],
  ["IQ4_XS", 23],
  ["I8", 24],
  ["I16", 25],
  ["I32", 26],
  ["I64", 27],
  ["F64", 28],
  ["IQ1_M", 29],
  ["BF16", 30],
  ["Q4_0_4_4", 31],
  ["Q4_0_4_8", 32],
  ["Q4_0_8_8", 33],
  ["TQ1_0", 34],
  ["TQ2_0", 35],
  ["IQ4_NL_4_4", 36],
  ["IQ4_NL_4_8", 37],
  ["IQ4_NL_8_8", 38],
  ["MXFP4", 39],
  ["NVFP4", 40],
  ["Q1_0", 41],
  ["Q2_0", 42],
];

function numericMembers(enumObject: object): [string, number][] {
  return Object.entries(enumObject).filter(
    (entry): entry is [string, number] => typeof entry[1] === "number",
  );
}

describe("GGMLFileQuantizationType", () => {
  it.each(LLAMA_FTYPE)("%s = %i", (name, code) => {
    expect(GGMLFileQuantizationType[name as keyof typeof GGMLFileQuantizationType]).toBe(code);
    expect(fileTypeLabel(code)).toBe(name);
    expect(fileTypeCode(name.toLowerCase())).toBe(code);
  });

  it("has exactly the llama.cpp codes, every one of 0–41 and 1000–1005 included", () => {
    expect(numericMembers(GGMLFileQuantizationType).sort((a, b) => a[1] - b[1])).toEqual(LLAMA_FTYPE);
    const codes = new Set(LLAMA_FTYPE.map(([, code]) => code));
    for (let code = 0; code <= 41; code++) expect(codes.has(code)).toBe(true);
    for (let code = 1000; code <= 1005; code++) expect(codes.has(code)).toBe(true);
  });

  it("labels unknown codes as undefined", () => {
    expect(fileTypeLabel(999)).toBeUndefined();
    expect(fileTypeLabel(-1)).toBeUndefined();
    expect(fileTypeCode("Q9_K")).toBeUndefined();
  });
});

describe("GGMLQuantizationType", () => {
  it.each(GGML_TYPE)("%s = %i", (name, code) => {
    expect(GGMLQuantizationType[name as keyof typeof GGMLQuantizationType]).toBe(code);
    expect(tensorTypeLabel(code)).toBe(name);
  });

  it("has exactly the ggml codes, 0–42 without gaps and nothing else", () => {
    expect(numericMembers(GGMLQuantizationType).sort((a, b) => a[1] - b[1])).toEqual(GGML_TYPE);
    for (let code = 0; code <= 42; code++) expect(tensorTypeLabel(code)).toBeDefined();
  });
});

// Real filenames from public GGUF repositories (unsloth, bartowski, lmstudio-community, TheBloke, ggml-org, …).
const FILENAMES: [string, string | undefined][] = [
  ["Llama-3.2-1B-Instruct-Q4_K_M.gguf", "Q4_K_M"],
  ["Llama-3.2-3B-Instruct-Q8_0.gguf", "Q8_0"],
  ["DeepSeek-R1-0528-UD-Q2_K_XL-00001-of-00003.gguf", "UD-Q2_K_XL"],
  ["UD-Q2_K_XL/DeepSeek-R1-0528-UD-Q2_K_XL-00002-of-00003.gguf", "UD-Q2_K_XL"],
  ["Qwen3-30B-A3B-UD-Q4_K_XL.gguf", "UD-Q4_K_XL"],
  ["Qwen3-235B-A22B-Instruct-2507-UD-Q3_K_XL-00001-of-00003.gguf", "UD-Q3_K_XL"],
  ["gemma-3-27b-it-UD-Q8_K_XL.gguf", "UD-Q8_K_XL"],
  ["Meta-Llama-3.1-8B-Instruct-IQ4_XS.gguf", "IQ4_XS"],
  ["Meta-Llama-3.1-70B-Instruct-IQ2_XXS.gguf", "IQ2_XXS"],
  ["Meta-Llama-3-8B-Instruct-IQ3_M.gguf", "IQ3_M"],
  ["Mistral-Nemo-Instruct-2407-IQ1_M.gguf", "IQ1_M"],
  ["Mistral-7B-Instruct-v0.3-IQ4_NL.gguf", "IQ4_NL"],
  ["gpt-oss-20b-MXFP4.gguf", "MXFP4"],
  ["gpt-oss-120b-MXFP4-00001-of-00002.gguf", "MXFP4"],
  ["gpt-oss-20b-mxfp4_moe.gguf", "MXFP4_MOE"],
  ["ggml-model-q8_0.gguf", "Q8_0"],
  ["ggml-model-q4_0.gguf", "Q4_0"],
  ["qwen2.5-0.5b-instruct-q5_k_m.gguf", "Q5_K_M"],
  ["qwen2.5-coder-7b-instruct-q3_k_s.gguf", "Q3_K_S"],
  ["llama-2-7b-chat.Q4_K_S.gguf", "Q4_K_S"],
  ["mistral-7b-instruct-v0.2.Q5_K_S.gguf", "Q5_K_S"],
  ["tinyllama-1.1b-chat-v1.0.Q2_K.gguf", "Q2_K"],
  ["phi-2.Q6_K.gguf", "Q6_K"],
  ["zephyr-7b-beta.Q3_K_L.gguf", "Q3_K_L"],
  ["Meta-Llama-3-8B-Instruct.Q5_1.gguf", "Q5_1"],
  ["codellama-7b.Q5_0.gguf", "Q5_0"],
  ["llama-2-13b.Q4_1.gguf", "Q4_1"],
  ["DeepSeek-R1-Distill-Qwen-1.5B-BF16.gguf", "BF16"],
  ["Phi-3-mini-4k-instruct-fp16.gguf", "F16"],
  ["mmproj-model-f16.gguf", "F16"],
  ["nomic-embed-text-v1.5.f32.gguf", "F32"],
  ["gemma-2-2b-it-F32.gguf", "F32"],
  ["Qwen2.5-1.5B-Instruct-Q4_0_4_4.gguf", "Q4_0"],
  ["Llama-3.2-3B-Instruct-Q4_0_4_8.gguf", "Q4_0"],
  ["Meta-Llama-3.1-8B-Instruct-Q4_0_8_8.gguf", "Q4_0"],
  ["bitnet_b1_58-large-TQ1_0.gguf", "TQ1_0"],
  ["bitnet_b1_58-3B-TQ2_0.gguf", "TQ2_0"],
  ["gemma-2-9b-it-Q6_K_L.gguf", "Q6_K_L"],
  ["Meta-Llama-3.1-8B-Instruct-Q3_K_XL.gguf", "Q3_K_XL"],
  ["Qwen2.5-7B-Instruct-IQ2_M.gguf", "IQ2_M"],
  ["Qwen2.5-14B-Instruct-IQ3_XS.gguf", "IQ3_XS"],
  ["Qwen2.5-32B-Instruct-IQ3_XXS.gguf", "IQ3_XXS"],
  ["DeepSeek-V3-0324-UD-IQ1_S-00001-of-00004.gguf", "UD-IQ1_S"],
  ["Kimi-K2-Instruct-UD-TQ1_0-00001-of-00005.gguf", "UD-TQ1_0"],
  ["Qwen3-8B-Q2_K_S.gguf", "Q2_K_S"],
  ["Llama-3.3-70B-Instruct-Q4_K_M/Llama-3.3-70B-Instruct-Q4_K_M-00001-of-00002.gguf", "Q4_K_M"],
  ["Qwen3-Coder-30B-A3B-Instruct-NVFP4.gguf", "NVFP4"],
  ["README.md", undefined],
  ["config.json", undefined],
  ["Phi-3-mini-4k-instruct-q4.gguf", undefined],
  ["model.gguf", undefined],
];

describe("parseGGUFQuantLabel", () => {
  it("covers at least 35 real filenames", () => expect(FILENAMES.length).toBeGreaterThanOrEqual(35));

  it.each(FILENAMES)("%s -> %s", (filename, label) => {
    expect(parseGGUFQuantLabel(filename)).toBe(label);
  });

  it("keeps Unsloth's dynamic-quant prefix, reads repacked Q4_0 layouts as Q4_0, knows Q2_0 (issue #15)", () => {
    expect(parseGGUFQuantLabel("GLM-4.6-UD-Q4_K_XL-00001-of-00005.gguf")).toBe("UD-Q4_K_XL");
    expect(parseGGUFQuantLabel("UD-Q4_K_XL/GLM-4.6-UD-Q4_K_XL-00002-of-00005.gguf")).toBe("UD-Q4_K_XL");
    expect(parseGGUFQuantLabel("Qwen3-Coder-480B-A35B-Instruct-UD-IQ1_M-00001-of-00004.gguf")).toBe(
      "UD-IQ1_M",
    );
    expect(parseGGUFQuantLabel("model-ud-q4_k_xl.gguf")).toBe("UD-Q4_K_XL");
    expect(parseGGUFQuantLabel("model-Q4_0_4_4.gguf")).toBe("Q4_0");
    expect(parseGGUFQuantLabel("model-IQ4_NL_4_4.gguf")).toBe("IQ4_NL");
    expect(parseGGUFQuantLabel("model-Q2_0.gguf")).toBe("Q2_0");
    expect(parseGGUFQuantLabel("CRUD-Q4_K_M.gguf")).toBe("Q4_K_M");
    // A dynamic quant ranks beside its base label.
    expect(compareQuantLabels("UD-Q4_K_XL", "Q4_K_M")).toBeLessThan(0);
    expect(compareQuantLabels("UD-IQ1_M", "Q2_K")).toBeGreaterThan(0);
    expect(["m-UD-IQ1_M.gguf", "m-Q8_0.gguf", "m-UD-Q4_K_XL.gguf"].sort(compareGGUFFilenames)).toEqual([
      "m-Q8_0.gguf",
      "m-UD-Q4_K_XL.gguf",
      "m-UD-IQ1_M.gguf",
    ]);
  });

  it("does not take a label out of a longer word", () => {
    expect(parseGGUFQuantLabel("BF16.gguf")).toBe("BF16");
    expect(parseGGUFQuantLabel("XQ4_0.gguf")).toBeUndefined();
    expect(parseGGUFQuantLabel("Q4_0X.gguf")).toBeUndefined();
  });
});

describe("quant order", () => {
  it("lists every file-type label except retired and placeholder ones", () => {
    const retired = new Set(["Q4_1_SOME_F16", "Q4_2", "Q4_3"]);
    for (const [name] of LLAMA_FTYPE) {
      if (!retired.has(name)) expect(GGUF_QUANT_ORDER).toContain(name);
    }
    expect(new Set(GGUF_QUANT_ORDER).size).toBe(GGUF_QUANT_ORDER.length);
  });

  it("sorts labels from biggest to smallest, unknown last", () => {
    const sorted = [
      "Q2_K",
      "IQ1_S",
      "UNKNOWN",
      "F16",
      "Q4_K_M",
      "Q8_0",
      "IQ4_XS",
      "Q3_K_M",
      "BF16",
      "F32",
    ].sort(compareQuantLabels);
    expect(sorted).toEqual([
      "F32",
      "BF16",
      "F16",
      "Q8_0",
      "Q4_K_M",
      "IQ4_XS",
      "Q3_K_M",
      "Q2_K",
      "IQ1_S",
      "UNKNOWN",
    ]);
    expect(compareQuantLabels("q4_k_m", "Q4_K_M")).toBe(0);
  });

  it("sorts a repository's file list", () => {
    const files = [
      "Model-Q2_K.gguf",
      "README.md",
      "Model-UD-Q4_K_XL.gguf",
      "Model-Q4_K_M.gguf",
      "Model-BF16-00001-of-00002.gguf",
      "Model-Q8_0.gguf",
      "Model-IQ2_XXS.gguf",
    ];
    expect([...files].sort(compareGGUFFilenames)).toEqual([
      "Model-BF16-00001-of-00002.gguf",
      "Model-Q8_0.gguf",
      "Model-UD-Q4_K_XL.gguf",
      "Model-Q4_K_M.gguf",
      "Model-Q2_K.gguf",
      "Model-IQ2_XXS.gguf",
      "README.md",
    ]);
  });
});
