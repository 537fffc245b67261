import type { LiteralValue } from "../code/values.js";
import type { ChatMessage } from "../model/model-data.js";

/** A JSON object whose leaves are plain literals (renderable with pyValue / jsValue / jsonValue). */
export type JsonObject = { [key: string]: LiteralValue };

/** Extra request parameters a task needs beside its main input (e.g. zero-shot candidate labels). */
export type InputParameters = JsonObject;

/**
 * The example input of a model's task as data, for code generators that render it natively per
 * language (a Python dict, a JS object, a JSON body) instead of pasting text:
 *
 * - `text`: the input is one string (a prompt, a sentence, a text with the mask token).
 * - `json`: the input is an object (question + context, query + table, image + prompt, …).
 * - `messages`: chat messages for conversational models (OpenAI-style `{ role, content }`).
 * - `file`: the input is a local sample file the user supplies (`value` is its filename);
 *   `media` says what kind of file it is.
 *
 * `text` and `file` may carry `parameters` that belong next to the input in a request body
 * (`{ inputs, parameters }`), e.g. `{ candidate_labels: [...] }` for zero-shot classification.
 */
export type ModelInputValue =
  | { kind: "text"; value: string; parameters?: InputParameters }
  | { kind: "json"; value: JsonObject }
  | { kind: "messages"; value: ChatMessage[] }
  | { kind: "file"; value: string; media: "image" | "audio"; parameters?: InputParameters };

export const NO_INPUT_EXAMPLE = "No input example has been defined for this model task.";
