import { pyKwargs, pyValue, python, raw, isPyIdentifier, type LiteralValue } from "../../../code/index.js";
import { getModelInputValue } from "../../../inputs/index.js";
import type { ModelData, TransformersInfo } from "../../../model/model-data.js";
import { isConversational, needsRemoteCode } from "../../../model/model-data-readers.js";
import type { PipelineType } from "../../../pipelines/pipeline-types.js";
import { LIBRARY_TASKS } from "../../library-tasks.js";
import { TRANSFORMERS_AUTO_MODELS, TRANSFORMERS_PROCESSORS } from "../class-names.js";
import {
  SAMPLE_IMAGE_URL,
  SNIPPET_PLACEHOLDERS,
  chatMessagesOf,
  messagesLiteral,
  placeholderSnippet,
  visionChatMessages,
} from "../helpers.js";

const DOCS = "https://huggingface.co/docs/transformers/main/en/model_doc/auto";
const PIPELINE_TASKS: ReadonlySet<string> = new Set(LIBRARY_TASKS.transformers);

function remoteKwarg(model: ModelData): string {
  return needsRemoteCode(model) ? ", trust_remote_code=True" : "";
}

/** Keyword arguments from task parameters, when every key can be one. */
function parameterKwargs(parameters: Record<string, LiteralValue> | undefined): string {
  if (!parameters || !Object.keys(parameters).every(isPyIdentifier)) return "";
  return `, ${pyKwargs(parameters)}`;
}

/** The line that calls the pipeline on the model's example input. */
function pipelineCall(model: ModelData, task: PipelineType): string | undefined {
  if (isConversational(model) && task === "image-text-to-text") {
    return `messages = ${pyValue(visionChatMessages("url"))}\npipe(text=messages)`;
  }
  if (isConversational(model) && task === "text-generation") {
    return `messages = ${pyValue(messagesLiteral(chatMessagesOf(model)))}\npipe(messages)`;
  }
  const input = getModelInputValue(model);
  if (input === undefined) return undefined;
  switch (input.kind) {
    case "text":
      return `pipe(${pyValue(input.value)}${parameterKwargs(input.parameters)})`;
    case "json":
      return `pipe(${pyValue(input.value)})`;
    case "messages":
      return `pipe(${pyValue(messagesLiteral(input.value))})`;
    case "file": {
      const source = input.media === "image" ? SAMPLE_IMAGE_URL : input.value;
      return `pipe(${pyValue(source)}${parameterKwargs(input.parameters)})`;
    }
  }
}

function pipelineSnippet(model: ModelData, task: PipelineType): string {
  const call = pipelineCall(model, task);
  const head = python`# Quickest start: a pipeline for the model's task
from transformers import pipeline

pipe = pipeline(${task}, model=${model.id}${raw(remoteKwarg(model))})`;
  return call ? `${head}\n${call}` : head;
}

function generationLines(model: ModelData, decoder: string, vision: boolean): string {
  const messages = vision ? visionChatMessages("url") : messagesLiteral(chatMessagesOf(model));
  return `chat = ${pyValue(messages)}
encoded = ${decoder}.apply_chat_template(chat, add_generation_prompt=True, return_dict=True, return_tensors="pt")
encoded = encoded.to(model.device)

generated = model.generate(**encoded, max_new_tokens=64)
prompt_length = encoded["input_ids"].shape[-1]
print(${decoder}.decode(generated[0][prompt_length:], skip_special_tokens=True))`;
}

function autoClassSnippet(model: ModelData, info: TransformersInfo): string {
  const autoModel = TRANSFORMERS_AUTO_MODELS.has(info.auto_model) ? info.auto_model : "AutoModel";
  const processor =
    info.processor && TRANSFORMERS_PROCESSORS.has(info.processor) ? info.processor : undefined;
  const processorVar = processor?.includes("Tokenizer") ? "tokenizer" : "processor";
  const kwargs = raw(remoteKwarg(model));
  const imports = processor ? `${processor}, ${autoModel}` : autoModel;
  const lines = [
    python`# Or load the model (and its preprocessor) yourself
from transformers import ${raw(imports)}
`,
  ];
  if (processor)
    lines.push(python`${raw(processorVar)} = ${raw(processor)}.from_pretrained(${model.id}${kwargs})`);
  lines.push(python`model = ${raw(autoModel)}.from_pretrained(${model.id}${kwargs})`);
  const task = model.pipeline_tag;
  if (processor && isConversational(model) && (task === "text-generation" || task === "image-text-to-text")) {
    lines.push(`\n${generationLines(model, processorVar, task === "image-text-to-text")}`);
  }
  return lines.join("\n");
}

/** transformers: a pipeline for the model's task, then loading with its auto classes. */
export function transformersSnippets(model: ModelData): string[] {
  const info = model.transformersInfo;
  if (!info) return [placeholderSnippet(SNIPPET_PLACEHOLDERS.typeUnknown, DOCS)];
  const snippets: string[] = [];
  const task = model.pipeline_tag ?? info.pipeline_tag;
  if (task && PIPELINE_TASKS.has(task)) snippets.push(pipelineSnippet(model, task));
  snippets.push(autoClassSnippet(model, info));
  return snippets;
}
