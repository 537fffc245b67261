import type { OnnxTask, TaskJob } from "./worker-protocol.js";
import { AGGREGATION_STRATEGIES, type AggregationStrategy } from "./token-aggregation.js";
import { badRequest, HttpError } from "../../domain/errors.js";
import { readImageHeader } from "./image-header.js";

/** A task request as it arrived: a parsed JSON body, or raw bytes (an image sent as the body). */
export type TaskBody =
  { kind: "json"; value: unknown } | { kind: "bytes"; bytes: Uint8Array; contentType: string };

/** Longest text accepted in one input (characters); longer inputs are cut by the model anyway. */
export const MAX_TEXT_CHARS = 100_000;
const MAX_TEXTS = 256;
const MAX_LABELS = 64;

type Fields = Record<string, unknown>;

function object(value: unknown, what: string): Fields {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw badRequest(`${what} must be a JSON object`);
  return value as Fields;
}

function text(value: unknown, what: string): string {
  if (typeof value !== "string") throw badRequest(`${what} must be a string`);
  if (value.length > MAX_TEXT_CHARS) throw badRequest(`${what} is longer than ${MAX_TEXT_CHARS} characters`);
  return value;
}

function texts(value: unknown, what: string): string[] {
  if (typeof value === "string") return [text(value, what)];
  if (!Array.isArray(value) || value.length === 0)
    throw badRequest(`${what} must be a string or a non-empty array of strings`);
  if (value.length > MAX_TEXTS) throw badRequest(`${what} has more than ${MAX_TEXTS} texts`);
  return value.map((item, i) => text(item, `${what}[${i}]`));
}

function topK(value: unknown, fallback: number | undefined): number | undefined {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > 1000)
    throw badRequest('"parameters.top_k" must be an integer from 1 to 1000');
  return value;
}

/** An optional whole number in [min, max]. */
function whole(value: unknown, what: string, min: number, max: number): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "number" || !Number.isInteger(value) || value < min || value > max)
    throw badRequest(`${what} must be an integer from ${min} to ${max}`);
  return value;
}

function aggregation(value: unknown): AggregationStrategy {
  if (value === undefined || value === null) return "simple";
  if (typeof value !== "string" || !(AGGREGATION_STRATEGIES as readonly string[]).includes(value))
    throw badRequest(
      `"parameters.aggregation_strategy" must be one of ${AGGREGATION_STRATEGIES.map((s) => `"${s}"`).join(", ")}`,
    );
  return value as AggregationStrategy;
}

/** A non-empty text field of a structured input. */
function filled(value: unknown, what: string): string {
  const checked = text(value, what);
  if (checked.trim() === "") throw badRequest(`${what} must not be empty`);
  return checked;
}

/** The structured `inputs` of a task, or a 400 that shows the expected shape. */
function shaped(value: unknown, shape: string): Fields {
  if (!value || typeof value !== "object" || Array.isArray(value))
    throw badRequest(`"inputs" must be an object ${shape}; got ${describe(value)}`);
  return value as Fields;
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : `a ${typeof value}`;
}

function flag(value: unknown, what: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== "boolean") throw badRequest(`${what} must be true or false`);
  return value;
}

function labels(value: unknown): string[] {
  const list = typeof value === "string" ? value.split(",").map((l) => l.trim()) : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((l) => typeof l !== "string" || l.trim() === ""))
    throw badRequest('"parameters.candidate_labels" is required: a non-empty array of label strings');
  if (list.length > MAX_LABELS)
    throw badRequest(`"parameters.candidate_labels" has more than ${MAX_LABELS} labels`);
  return (list as string[]).map((l) => text(l, '"parameters.candidate_labels"'));
}

/** An image from a JSON `inputs`: base64, optionally as a data URL. */
function base64Image(value: unknown): Uint8Array {
  if (typeof value !== "string" || value.trim() === "")
    throw badRequest('"inputs" must be the image: send its bytes as the body, or base64 in "inputs"');
  if (/^https?:\/\//i.test(value.trim()))
    throw badRequest(
      '"inputs" is a URL: this hub does not fetch images from the internet; send the image bytes',
    );
  const data = value.trim().replace(/^data:[^;,]*;base64,/i, "");
  if (!/^[A-Za-z0-9+/_-]+=*$/.test(data)) throw badRequest('"inputs" is not base64-encoded image data');
  return new Uint8Array(Buffer.from(data, "base64"));
}

function json(body: TaskBody, task: OnnxTask): { inputs: unknown; parameters: Fields; root: Fields } {
  if (body.kind !== "json")
    throw badRequest(
      `The ${task} task takes a JSON body {"inputs": …}; got ${body.contentType || "no content type"}`,
    );
  const root = object(body.value, "The body");
  if (root.inputs === undefined) throw badRequest('"inputs" is required');
  const parameters =
    root.parameters === undefined || root.parameters === null ? {} : object(root.parameters, '"parameters"');
  return { inputs: root.inputs, parameters, root };
}

/** Limits a request is checked against before any model work. */
export interface TaskLimits {
  /** Largest image (width × height, as its header declares) a worker may decode. */
  maxImagePixels: number;
}

/** The default pixel budget: 40 megapixels (a 7,300 × 5,500 photo). */
export const DEFAULT_MAX_IMAGE_PIXELS = 40_000_000;

/**
 * An image the worker may decode: one of the formats whose header is read here, declaring at most the
 * pixel budget. Refused before any decoder sees it (a small file can declare a huge picture).
 */
export function checkedImage(bytes: Uint8Array, limits: TaskLimits): Uint8Array {
  if (bytes.length === 0) throw badRequest("The body is empty: send the image bytes");
  const header = readImageHeader(bytes);
  if (!header)
    throw badRequest(
      "The body is not an image this hub reads: send a JPEG, PNG, GIF, WebP or BMP file (no such header found)",
    );
  const pixels = header.width * header.height;
  if (header.width === 0 || header.height === 0)
    throw badRequest(
      `The ${header.format.toUpperCase()} header declares an empty ${header.width}×${header.height} image`,
    );
  if (pixels > limits.maxImagePixels)
    throw new HttpError(
      413,
      `The image is ${header.width}×${header.height} pixels (${(pixels / 1e6).toFixed(1)} megapixels): this hub decodes images of at most ${(limits.maxImagePixels / 1e6).toFixed(1)} megapixels (MODELHUB_ONNX_MAX_IMAGE_PIXELS)`,
    );
  return bytes;
}

/** The job a task request stands for, or a 4xx naming what is wrong with it. */
export function taskJob(
  task: OnnxTask,
  body: TaskBody,
  limits: TaskLimits = { maxImagePixels: DEFAULT_MAX_IMAGE_PIXELS },
): TaskJob {
  if (task === "image-classification") {
    if (body.kind === "bytes") return { task, image: checkedImage(body.bytes, limits), topK: 5 };
    const { inputs, parameters } = json(body, task);
    return {
      task,
      image: checkedImage(base64Image(inputs), limits),
      topK: topK(parameters.top_k, 5) ?? 5,
    };
  }
  const { inputs, parameters, root } = json(body, task);
  switch (task) {
    case "text-classification":
      return { task, texts: texts(inputs, '"inputs"'), topK: topK(parameters.top_k, undefined) };
    case "token-classification": {
      const ignore = parameters.ignore_labels ?? ["O"];
      if (!Array.isArray(ignore) || ignore.some((l) => typeof l !== "string"))
        throw badRequest('"parameters.ignore_labels" must be an array of label strings');
      return {
        task,
        text: text(inputs, '"inputs"'),
        ignoreLabels: ignore as string[],
        aggregation: aggregation(parameters.aggregation_strategy),
      };
    }
    case "fill-mask":
      return { task, text: text(inputs, '"inputs"'), topK: topK(parameters.top_k, 5) ?? 5 };
    case "feature-extraction":
      return {
        task,
        texts: texts(inputs, '"inputs"'),
        normalize: flag(root.normalize ?? parameters.normalize, '"normalize"', true),
        single: typeof inputs === "string",
      };
    case "sentence-similarity": {
      const pair = shaped(inputs, '{"source_sentence": "…", "sentences": ["…", …]}');
      const sentences = pair.sentences;
      if (!Array.isArray(sentences) || sentences.length === 0)
        throw badRequest('"inputs.sentences" must be a non-empty array of strings');
      return {
        task,
        source: text(pair.source_sentence, '"inputs.source_sentence"'),
        sentences: texts(sentences, '"inputs.sentences"'),
      };
    }
    case "zero-shot-classification": {
      const template = parameters.hypothesis_template;
      if (
        template !== undefined &&
        template !== null &&
        (typeof template !== "string" || !template.includes("{}"))
      )
        throw badRequest('"parameters.hypothesis_template" must be a string containing {}');
      return {
        task,
        text: text(inputs, '"inputs"'),
        labels: labels(parameters.candidate_labels),
        multiLabel: flag(parameters.multi_label, '"parameters.multi_label"', false),
        hypothesisTemplate: typeof template === "string" ? template : undefined,
      };
    }
    case "question-answering": {
      const pair = shaped(inputs, '{"question": "…", "context": "…"}');
      // max_question_len only applies to transformers' slow tokenizers: accepted and checked, as on the Hub.
      whole(parameters.max_question_len, '"parameters.max_question_len"', 1, 100_000);
      return {
        task,
        question: filled(pair.question, '"inputs.question"'),
        context: filled(pair.context, '"inputs.context"'),
        topK: topK(parameters.top_k, 1) ?? 1,
        maxAnswerLen: whole(parameters.max_answer_len, '"parameters.max_answer_len"', 1, 100_000) ?? 15,
        handleImpossibleAnswer: flag(
          parameters.handle_impossible_answer,
          '"parameters.handle_impossible_answer"',
          false,
        ),
        alignToWords: flag(parameters.align_to_words, '"parameters.align_to_words"', true),
        maxSeqLen: whole(parameters.max_seq_len, '"parameters.max_seq_len"', 16, 100_000),
        docStride: whole(parameters.doc_stride, '"parameters.doc_stride"', 0, 100_000),
      };
    }
  }
}

/** huggingface_hub before 1.0 reads zero-shot answers in the old `{sequence, labels, scores}` shape. */
export function wantsLegacyZeroShot(userAgent: string | undefined): boolean {
  return /\b(?:hf_hub|huggingface_hub)\/0\./.test(userAgent ?? "");
}

/**
 * The answer as the Inference API shapes it: one vector for one text, a list of vectors for a list;
 * zero-shot as `[{label, score}]`, or `{sequence, labels, scores}` for clients that read only that.
 */
export function shapeOutput(job: TaskJob, output: unknown, legacyZeroShot = false): unknown {
  if (job.task === "feature-extraction" && job.single) return (output as number[][])[0];
  if (job.task === "zero-shot-classification" && legacyZeroShot) {
    const ranked = output as { label: string; score: number }[];
    return { sequence: job.text, labels: ranked.map((e) => e.label), scores: ranked.map((e) => e.score) };
  }
  return output;
}
