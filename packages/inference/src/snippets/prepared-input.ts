import type { LiteralValue } from "@modelhub/tasks";
import type { TaskArgs } from "../request/body.js";
import { LocalFile } from "../request/local-file.js";
import { IMAGE_LABELS, TEXT_LABELS, type SnippetKind } from "./task-kinds.js";

type ChatKind = "conversational" | "conversationalStream";
type PromptKind = "textToImage" | "textToVideo" | "textToSpeech" | "textToAudio";

/** A task's input in the form its snippets show it. */
export type PreparedInput =
  | { kind: "basic"; value: LiteralValue }
  | { kind: "basicAudio" | "basicImage"; path: string }
  | { kind: ChatKind; chat: Record<string, LiteralValue> }
  | { kind: PromptKind; prompt: LiteralValue }
  | { kind: "imageToImage" | "imageToVideo"; path: string; prompt: string }
  | { kind: "zeroShotClassification"; text: LiteralValue; labels: LiteralValue }
  | { kind: "zeroShotImageClassification"; path: string; labels: LiteralValue }
  | { kind: "tabular"; data: LiteralValue }
  | { kind: "questionAnswering"; question: string; context: string }
  | { kind: "tableQuestionAnswering"; query: string; table: LiteralValue }
  | { kind: "documentQuestionAnswering"; path: string; question: string };

function isLiteral(value: unknown): value is LiteralValue {
  if (value === null || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isLiteral);
  if (typeof value !== "object" || Object.getPrototypeOf(value) !== Object.prototype) return false;
  for (const key in value) if (!isLiteral((value as Record<string, unknown>)[key])) return false;
  return true;
}

/** Plain data from anything JSON-like (used as is when it already is); undefined becomes an empty string. */
export function toLiteral(value: unknown): LiteralValue {
  if (value === undefined) return "";
  if (isLiteral(value)) return value;
  const json = JSON.stringify(value);
  return json === undefined ? "" : (JSON.parse(json) as LiteralValue);
}

function field(value: unknown, key: string): unknown {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

const text = (value: unknown, fallback: string): string => (typeof value === "string" ? value : fallback);

export interface ChatOptions {
  messages?: unknown;
  temperature?: number;
  max_tokens?: number;
  top_p?: number;
}

/** Shapes an example (or the caller's `inputs`) for a snippet kind. */
export function prepareInput(
  kind: SnippetKind,
  example: unknown,
  chat: ChatOptions,
  parameters: Record<string, LiteralValue> = {},
): PreparedInput {
  const labels = (fallback: LiteralValue) => parameters.candidate_labels ?? fallback;
  switch (kind) {
    case "basic":
      return { kind, value: toLiteral(example) };
    case "basicAudio":
      return { kind, path: text(example, "sample1.flac") };
    case "basicImage":
      return { kind, path: text(example, "cats.jpg") };
    case "conversational":
    case "conversationalStream": {
      const body: Record<string, LiteralValue> = { messages: toLiteral(chat.messages ?? example) };
      // Each setting appears only when given a non-zero value, in this order.
      if (chat.temperature) body.temperature = chat.temperature;
      if (chat.max_tokens) body.max_tokens = chat.max_tokens;
      if (chat.top_p) body.top_p = chat.top_p;
      return { kind, chat: body };
    }
    case "textToImage":
    case "textToVideo":
    case "textToSpeech":
    case "textToAudio":
      return { kind, prompt: toLiteral(example) };
    case "imageToImage":
    case "imageToVideo":
      if (typeof example === "string") return { kind, path: "cat.png", prompt: example };
      return {
        kind,
        path: text(field(example, "image"), "cat.png"),
        prompt: text(field(example, "prompt"), ""),
      };
    case "zeroShotClassification":
      return { kind, text: toLiteral(example), labels: labels(TEXT_LABELS) };
    case "zeroShotImageClassification":
      return { kind, path: text(example, "cats.jpg"), labels: labels(IMAGE_LABELS) };
    case "tabular":
      // Examples may come wrapped as `{ data: … }` already.
      return { kind, data: toLiteral(field(example, "data") ?? example) };
    case "questionAnswering":
      return {
        kind,
        // Hub widgets spell the question `text` (`{text, context}`); task examples spell it `question`.
        question: text(field(example, "question") ?? field(example, "text"), ""),
        context: text(field(example, "context"), ""),
      };
    case "tableQuestionAnswering":
      return {
        kind,
        query: text(field(example, "query"), ""),
        table: toLiteral(field(example, "table") ?? {}),
      };
    case "documentQuestionAnswering":
      return {
        kind,
        path: text(field(example, "image"), "cat.png"),
        question: text(field(example, "question"), ""),
      };
  }
}

/** The task arguments a request is built from. */
export function argsOf(input: PreparedInput): TaskArgs {
  switch (input.kind) {
    case "basic":
      return { inputs: input.value };
    case "basicAudio":
    case "basicImage":
      return { inputs: new LocalFile(input.path) };
    case "conversational":
    case "conversationalStream":
      return { ...input.chat };
    case "textToImage":
    case "textToVideo":
    case "textToSpeech":
    case "textToAudio":
      return { inputs: input.prompt };
    case "imageToImage":
    case "imageToVideo":
      return { inputs: new LocalFile(input.path), parameters: { prompt: input.prompt } };
    case "zeroShotClassification":
      return { inputs: input.text, parameters: { candidate_labels: input.labels } };
    case "zeroShotImageClassification":
      return { inputs: { image: new LocalFile(input.path) }, parameters: { candidate_labels: input.labels } };
    case "tabular":
      return { inputs: { data: input.data } };
    case "questionAnswering":
      return { inputs: { question: input.question, context: input.context } };
    case "tableQuestionAnswering":
      return { inputs: { query: input.query, table: input.table } };
    case "documentQuestionAnswering":
      return { inputs: { image: new LocalFile(input.path), question: input.question } };
  }
}
