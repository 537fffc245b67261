import { pyValue, type LiteralValue } from "../../code/values.js";
import { getModelInputValue } from "../../inputs/index.js";
import type { ChatContentPart, ChatMessage, ModelData } from "../../model/model-data.js";

/** Fixed messages shown instead of code when a snippet cannot be built from the model record. */
export const SNIPPET_PLACEHOLDERS = {
  typeUnknown: "Type of model unknown",
  baseModelMissing: "Base model is not found.",
  taskTypeInvalid: "Task type is invalid.",
  interfaceMissing: "interface not specified in config.json",
  interfaceInvalid: "interface in config.json invalid",
  sklearnFilenameMissing: "Model filename not specified in config.json",
} as const;

/** A snippet that only explains why no code is shown (a Python comment, so it still parses). */
export function placeholderSnippet(message: string, docsUrl?: string): string {
  const lines = [`# ⚠️ ${message}`];
  if (docsUrl) lines.push(`# See ${docsUrl}`);
  return lines.join("\n");
}

/** The repository name without its owner: `owner/name` → `name`. */
export function repoNameOf(id: string): string {
  return id.slice(id.lastIndexOf("/") + 1);
}

/** Files of the repository with the given extension (from the record's file list), sorted. */
export function filesWithExtension(model: ModelData, extension: string): string[] {
  const suffix = `.${extension}`;
  return (model.siblings ?? [])
    .map((s) => s.rfilename)
    .filter((name) => name.toLowerCase().endsWith(suffix))
    .sort();
}

const PY_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * `name` when it is a plain identifier, otherwise `fallback`. An identifier cannot break out of
 * code, but it is still record text written as code: prefer an allow-list (see class-names.ts).
 */
export function identifierOr(name: string | undefined, fallback: string): string {
  return name !== undefined && PY_IDENTIFIER.test(name) ? name : fallback;
}

export const DEFAULT_CHAT_MESSAGES: ChatMessage[] = [{ role: "user", content: "Who are you?" }];

export const SAMPLE_IMAGE_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/p-blog/candy.JPG";

/** A user message asking about an image, in the content-parts form vision-language models take. */
export function visionChatMessages(imageKey: "url" | "image_url"): LiteralValue {
  const imagePart: LiteralValue =
    imageKey === "url"
      ? { type: "image", url: SAMPLE_IMAGE_URL }
      : { type: "image_url", image_url: { url: SAMPLE_IMAGE_URL } };
  return [{ role: "user", content: [imagePart, { type: "text", text: "What animal is on the candy?" }] }];
}

/** The chat messages a model's widget suggests, or a default question. */
export function chatMessagesOf(model: ModelData): ChatMessage[] {
  const value = getModelInputValue(model);
  return value?.kind === "messages" && value.value.length > 0 ? value.value : DEFAULT_CHAT_MESSAGES;
}

/** The model's example text input (its widget text or the task's default), if its task takes text. */
export function textInputOf(model: ModelData): string | undefined {
  const value = getModelInputValue(model);
  return value?.kind === "text" ? value.value : undefined;
}

/** The model's example input as a Python expression, or undefined when its task has none. */
export function pythonInputOf(model: ModelData, depth = 0): string | undefined {
  const value = getModelInputValue(model);
  if (value === undefined) return undefined;
  switch (value.kind) {
    case "text":
      return pyValue(value.value, depth);
    case "json":
      return pyValue(value.value, depth);
    case "messages":
      return pyValue(messagesLiteral(value.value), depth);
    case "file":
      return pyValue(value.value, depth);
  }
}

function partLiteral(part: ChatContentPart): LiteralValue {
  return part.type === "text"
    ? { type: "text", text: part.text }
    : { type: "image_url", image_url: { url: part.image_url.url } };
}

/** Chat messages as plain data, ready for pyValue / jsValue. */
export function messagesLiteral(messages: ChatMessage[]): LiteralValue {
  return messages.map((m) => ({
    role: m.role,
    content: typeof m.content === "string" ? m.content : m.content.map(partLiteral),
  }));
}

const PUBLIC_HUB_URL = "https://huggingface.co";

/** The hub a snippet downloads from, without a trailing slash: the given hub, else huggingface.co. */
export function hubBaseUrl(hubUrl: string | undefined): string {
  return (hubUrl ?? PUBLIC_HUB_URL).replace(/\/+$/, "") || PUBLIC_HUB_URL;
}

/** Whether `hubUrl` names a hub other than huggingface.co, so download code must be pointed at it. */
export function isOtherHub(hubUrl: string | undefined): hubUrl is string {
  return hubUrl !== undefined && !/^https:\/\/(www\.)?(huggingface\.co|hf\.co)\/*$/i.test(hubUrl);
}
