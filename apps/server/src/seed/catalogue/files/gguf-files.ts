import { fileTypeCode } from "@modelhub/tasks";
import { buildTinyLlamaGguf } from "../../tiny-gguf/tiny-llama.js";
import { EMBEDDING_FLAG, RUNNABLE_FLAG } from "../../tiny-gguf/demo-model.js";
import { buildTinyEmbeddingGguf } from "../../tiny-gguf/tiny-embedding.js";
import { flag, hasFlag, repoName, type ModelRow } from "../models/model-row.js";
import type { DemoFile } from "../types.js";
import { chatTemplate, familyTokens, templateFamilyFor } from "./chat-templates.js";
import { binaryFile } from "./demo-file.js";
import { writeGguf, type GgufValue } from "./gguf-writer.js";

const SAMPLE_VOCABULARY = ["<unk>", "<s>", "</s>", "▁the", "▁a", "▁model", "▁hub", "ing", "ed", "▁of"];

/** The quantisations listed in the row's `gguf=` flag. */
export function ggufQuants(row: ModelRow): string[] {
  return (flag(row, "gguf") ?? "").split(",").filter((q) => q !== "");
}

export function ggufFileName(row: ModelRow, quant: string): string {
  return `${repoName(row.id).replace(/-GGUF$/i, "")}-${quant}.gguf`;
}

function header(row: ModelRow, quant: string): [string, GgufValue][] {
  const code = fileTypeCode(quant);
  if (code === undefined) throw new Error(`unknown GGUF quantisation ${quant} in ${row.id}`);
  const architecture = flag(row, "m") ?? "llama";
  const family = templateFamilyFor(flag(row, "tpl"), architecture);
  const tokens = familyTokens(family);
  return [
    ["general.architecture", { kind: "string", value: architecture }],
    ["general.name", { kind: "string", value: repoName(row.baseModel ?? row.id) }],
    ["general.file_type", { kind: "u32", value: code }],
    ["general.quantization_version", { kind: "u32", value: 2 }],
    [`${architecture}.context_length`, { kind: "u32", value: Number(flag(row, "ctx") ?? 8192) }],
    [`${architecture}.block_count`, { kind: "u32", value: 28 }],
    [`${architecture}.embedding_length`, { kind: "u32", value: 3072 }],
    ["tokenizer.ggml.model", { kind: "string", value: "gpt2" }],
    [
      "tokenizer.ggml.tokens",
      { kind: "strings", value: [...SAMPLE_VOCABULARY, tokens.bos_token, tokens.eos_token] },
    ],
    ["tokenizer.ggml.bos_token_id", { kind: "u32", value: SAMPLE_VOCABULARY.length }],
    ["tokenizer.ggml.eos_token_id", { kind: "u32", value: SAMPLE_VOCABULARY.length + 1 }],
    ["tokenizer.chat_template", { kind: "string", value: chatTemplate(family) }],
  ];
}

/** One GGUF file per quantisation, each with a real header whose file type matches its name. */
export function ggufFiles(row: ModelRow): DemoFile[] {
  if (hasFlag(row, RUNNABLE_FLAG)) {
    if (ggufQuants(row).join() !== "F32") throw new Error(`${row.id}: the runnable tiny GGUF is F32 only`);
    const bytes = hasFlag(row, EMBEDDING_FLAG) ? buildTinyEmbeddingGguf() : buildTinyLlamaGguf();
    return [binaryFile(ggufFileName(row, "F32"), bytes)];
  }
  return ggufQuants(row).map((quant) => binaryFile(ggufFileName(row, quant), writeGguf(header(row, quant))));
}
