import { cloneData } from "./clone-data.js";
import type { ChatMessage, ModelData } from "../model/model-data.js";
import type { PipelineType } from "../pipelines/pipeline-types.js";
import type { InputBuilders } from "./input-builder.js";
import { NO_INPUT_EXAMPLE, type ModelInputValue } from "./input-value.js";
import { AUDIO_INPUTS, VISION_INPUTS } from "./examples-media.js";
import { MULTIMODAL_INPUTS } from "./examples-multimodal.js";
import { TABULAR_INPUTS } from "./examples-tabular.js";
import { TEXT_INPUTS } from "./examples-text.js";

const BUILDERS: InputBuilders = {
  ...TEXT_INPUTS,
  ...VISION_INPUTS,
  ...AUDIO_INPUTS,
  ...MULTIMODAL_INPUTS,
  ...TABULAR_INPUTS,
};

/** Tasks that have an example input. */
export const TASKS_WITH_INPUT_EXAMPLE = Object.keys(BUILDERS) as PipelineType[];

/**
 * The example input for the model's task as data (see ModelInputValue), preferring the model's own
 * widget examples; undefined when the task has no example (or the model has no pipeline tag).
 */
export function getModelInputValue(model: ModelData): ModelInputValue | undefined {
  const build = model.pipeline_tag ? BUILDERS[model.pipeline_tag] : undefined;
  return build?.(model);
}

function mainKey(value: ModelInputValue & { kind: "text" | "file" }): string {
  if (value.kind === "text") return "text";
  return value.media;
}

/** Text form of an input value. Every string goes through JSON.stringify, so any content stays a valid literal. */
function asText(value: ModelInputValue & { kind: "text" | "json" | "file" }): string {
  if (value.kind === "json") return JSON.stringify(value.value, null, 4);
  if (value.parameters)
    return JSON.stringify({ [mainKey(value)]: value.value, ...value.parameters }, null, 4);
  return JSON.stringify(value.value);
}

/**
 * Example input for the model's task, ready to paste: a JSON string literal ("…" with its quotes)
 * or a JSON object as text for structured inputs, chat messages for conversational models, and
 * `No input example has been defined for this model task.` when the task has none.
 * `noWrap` collapses runs of white space into one space. `noQuotes` unwraps an input that is one plain
 * string (the text itself, unescaped, instead of its JSON literal); JSON-shaped inputs (question
 * answering, sentence similarity, zero-shot labels, image-to-image, …) stay valid JSON with their
 * quotes. Neither applies unless asked for, and neither applies to chat messages.
 */
export function getModelInputSnippet(
  model: ModelData,
  noWrap = false,
  noQuotes = false,
): string | ChatMessage[] {
  const value = getModelInputValue(model);
  if (value === undefined) return NO_INPUT_EXAMPLE;
  if (value.kind === "messages") return cloneData(value.value);
  const plainString = value.kind !== "json" && value.parameters === undefined;
  let text = noQuotes && plainString ? value.value : asText(value);
  if (noWrap) text = text.replace(/\s+/g, " ").trim();
  return text;
}
