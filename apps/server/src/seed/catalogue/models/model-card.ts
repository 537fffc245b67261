import { PIPELINE_DATA, isPipelineType, libraryUiElement } from "@modelhub/tasks";
import { oneOrMany, readme } from "../files/card.js";
import { maskTokenOf } from "../files/transformers-files.js";
import { widgetsFor } from "../files/widgets.js";
import { EMBEDDING_FLAG, RUNNABLE_FLAG } from "../../tiny-gguf/demo-model.js";
import { ONNX_RUNNABLE_FLAG } from "../../tiny-onnx/runnable-flag.js";
import { runnableDemoModel } from "../../tiny-onnx/demo-registry.js";
import { flag, hasFlag, repoName, type ModelRow } from "./model-row.js";

function taskLabel(task: string): string {
  return isPipelineType(task) ? PIPELINE_DATA[task].name : task;
}

function libraryLabel(library: string): string {
  return libraryUiElement(library)?.prettyLabel ?? library;
}

function tagsOf(row: ModelRow): string[] {
  const tags: string[] = [];
  if (flag(row, "lora") !== undefined) tags.push("lora", "template:sd-lora", row.task);
  if (row.library === "peft") tags.push("lora", "adapter");
  if (flag(row, "gguf")) tags.push("llama-cpp", ...(hasFlag(row, RUNNABLE_FLAG) ? [] : ["quantized"]));
  if (row.library === "mlx") tags.push("mlx", "apple-silicon");
  if (hasFlag(row, "onnx")) tags.push("onnx", "webgpu");
  if (hasFlag(row, "chat")) tags.push("chat");
  if (row.library === "sklearn") tags.push("skops", row.task);
  if (row.library === "diffusers" && flag(row, "lora") === undefined) tags.push(row.task);
  tags.push(
    ...(flag(row, "tags") ?? "")
      .split(",")
      .filter((tag) => tag !== "")
      .map((tag) => tag.replace(/~/g, "_")),
  );
  return [...new Set(tags)];
}

/** The demo model the hub runs itself: say plainly what it is and what it is for. */
function runnableNote(row: ModelRow): string {
  if (hasFlag(row, EMBEDDING_FLAG)) return embeddingNote(row);
  return [
    "**Its weights are random numbers, so everything it writes is gibberish.** Nobody trained it: it exists " +
      "so that a fresh ModelHub has one model it can actually run. The hub's embedded llama.cpp backend " +
      "serves it out of the box, so the try-it box on this page and `POST /v1/chat/completions` with " +
      `\`"model": "${row.id}"\` (and a hub token) answer, token by token.`,
    "Under the hood it is a complete GGUF file: llama architecture, 2 layers, 64-wide embeddings, 4 attention " +
      "heads, a 512-token context, F32 weights, a SentencePiece-style vocabulary of English word pieces with " +
      "byte fallback, and a ChatML chat template. Any llama.cpp-based runtime can load it.",
  ].join("\n\n");
}

/** A runnable demo ONNX model: what it is, that its answers mean nothing, how to call it. */
function runnableOnnxNote(row: ModelRow): string {
  const anatomy = runnableDemoModel(row.id)?.anatomy;
  return [
    "**Its weights are random numbers, so its outputs are meaningless.** Nobody trained it: it exists so " +
      "that a fresh ModelHub can run this task itself. The hub's embedded ONNX backend (transformers.js on " +
      "onnxruntime) serves it out of the box: the try-it box on this page and " +
      `\`POST /hf-inference/models/${row.id}\` (with a hub token) answer in the Inference API's shapes.`,
    "Under the hood it is a complete ONNX graph in the transformers.js layout (`config.json`, " +
      "`onnx/model.onnx` and a WordPiece tokenizer or an image preprocessor config): one embedding layer and " +
      "one dense layer 32 wide, so transformers.js and onnxruntime load it like any exported model.",
  ]
    .map((text, index) => (index === 1 && anatomy ? anatomy : text))
    .join("\n\n");
}

/** The demo embedding model: its vectors are noise, but the whole embeddings path is real. */
function embeddingNote(row: ModelRow): string {
  return [
    "**Its weights are random numbers, so the vectors it returns are meaningless**: texts that mean the same " +
      "thing are no closer than any others. Nobody trained it: it exists so that a fresh ModelHub has an " +
      "embedding model it can actually run. The hub's embedded llama.cpp backend serves it out of the box: " +
      `\`POST /v1/embeddings\` with \`"model": "${row.id}"\` (and a hub token) answers in the OpenAI shape.`,
    "Under the hood it is a complete GGUF file: llama architecture, 2 layers, 64-wide embeddings with mean " +
      "pooling (`llama.pooling_type` = 1), a 512-token context, F32 weights and a SentencePiece-style " +
      "vocabulary of English word pieces. Any llama.cpp-based runtime can load it as an embedding model.",
  ].join("\n\n");
}

function usageNote(row: ModelRow): string {
  if (hasFlag(row, RUNNABLE_FLAG)) return runnableNote(row);
  if (hasFlag(row, ONNX_RUNNABLE_FLAG)) return runnableOnnxNote(row);
  const lora = flag(row, "lora");
  if (lora !== undefined) {
    const trigger = lora.trim()
      ? ` Put the trigger phrase \`${lora.trim()}\` in your prompt to switch the style on.`
      : " It needs no trigger phrase.";
    return `Load the base model **${row.baseModel}** first, then this LoRA on top of it.${trigger}`;
  }
  if (flag(row, "gguf"))
    return "Pick the file whose quantisation fits your memory: smaller quants are faster and lighter, larger ones stay closer to the original model. Any llama.cpp-based runtime can open them.";
  if (row.library === "peft")
    return `This repository holds only the adapter weights; they are applied on top of **${row.baseModel}** at load time.`;
  if (hasFlag(row, "chat"))
    return "The tokenizer ships a chat template, so you can send a list of messages and get the assistant's reply back.";
  return `The **Use this model** button shows ready-to-run ${libraryLabel(row.library)} code for this checkpoint.`;
}

function factsTable(row: ModelRow): string {
  const lines = [
    "| | |",
    "|---|---|",
    `| Task | ${taskLabel(row.task)} |`,
    `| Library | ${libraryLabel(row.library)} |`,
    `| License | ${row.license} |`,
  ];
  if (row.languages.length > 0) lines.push(`| Languages | ${row.languages.join(", ")} |`);
  if (row.baseModel) lines.push(`| Base model | [${row.baseModel}](/${row.baseModel}) |`);
  return lines.join("\n");
}

function widgets(row: ModelRow): Record<string, unknown>[] | undefined {
  const conversational = hasFlag(row, "chat") || row.library === "gguf";
  const list = widgetsFor(row.task, conversational, flag(row, "lora"));
  if (row.task !== "fill-mask" || !list) return list;
  const mask = maskTokenOf(flag(row, "m"));
  return list.map((widget) => ({ ...widget, text: String(widget.text).replace("[MASK]", mask) }));
}

/** README.md of a model: front matter from the table row and a short card in our own words. */
export function modelReadme(row: ModelRow, fileNames: string[]): string {
  const lora = flag(row, "lora");
  const datasets = (flag(row, "ds") ?? "").split(",").filter((d) => d !== "");
  const frontMatter: Record<string, unknown> = {
    license: row.license,
    license_name: row.license === "other" ? `${repoName(row.id).toLowerCase()}-license` : undefined,
    language: oneOrMany(row.languages),
    library_name: row.library === "gguf" ? undefined : row.library,
    pipeline_tag: row.task,
    base_model: row.baseModel,
    tags: tagsOf(row).length > 0 ? tagsOf(row) : undefined,
    datasets: datasets.length > 0 ? datasets : undefined,
    instance_prompt: lora === undefined ? undefined : lora.trim() === "" ? null : lora.trim(),
    widget: widgets(row),
  };
  const body = [
    `# ${repoName(row.id)}`,
    row.description,
    factsTable(row),
    "## How to use it",
    usageNote(row),
    "## Files",
    fileNames.map((name) => `- \`${name}\``).join("\n"),
    hasFlag(row, RUNNABLE_FLAG) || hasFlag(row, ONNX_RUNNABLE_FLAG)
      ? `_This is a demo entry of the ModelHub catalogue: the ${hasFlag(row, RUNNABLE_FLAG) ? "GGUF" : "ONNX model"} here is complete and loadable, but its weights are random, not trained._`
      : "_This is a demo entry of the ModelHub catalogue: the files here are small placeholders that carry the real metadata, not the trained weights._",
  ].join("\n\n");
  return readme(frontMatter, body);
}
