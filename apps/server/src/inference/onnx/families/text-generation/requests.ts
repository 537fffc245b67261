import { badRequest } from "../../../../domain/errors.js";
import { ONNX_WEIGHTS } from "../../servable.js";
import type { FamilyJob, JobResult } from "../../worker-protocol.js";
import type { TaskFamily } from "../family.js";
import { transformersJsFiles } from "../layout.js";
import { booleanField, jsonTaskBody, numberField, refuseUnused, textField, type Fields } from "../params.js";
import {
  TEXT_GENERATION_FAMILY,
  type GeneratedText,
  type GenerationInput,
  type GenerationOptions,
  type TokenChunk,
} from "./job.js";

/** Most tokens one call may generate (each is a model run). */
export const MAX_NEW_TOKENS = 2048;
const MAX_PROMPTS = 16;
const MAX_STOPS = 4;

/** The text-generation parameters honoured (TGI's names); the rest must be absent, null or false. */
const KNOWN = new Set([
  "max_new_tokens",
  "temperature",
  "top_k",
  "top_p",
  "do_sample",
  "return_full_text",
  "stop",
  "stop_sequences",
  "seed",
  "repetition_penalty",
]);

export function stopList(value: unknown, what: string): string[] {
  if (value === undefined || value === null) return [];
  const list = typeof value === "string" ? [value] : value;
  if (
    !Array.isArray(list) ||
    list.length > MAX_STOPS ||
    !list.every((s): s is string => typeof s === "string")
  )
    throw badRequest(`${what} must be a string or a list of at most ${MAX_STOPS} strings`);
  return list.filter((s) => s !== "");
}

/**
 * The sampling settings of the Inference API's text-generation parameters. As TGI does, giving a
 * temperature, top_k or top_p turns sampling on unless `do_sample` says otherwise.
 */
export function generationSettings(
  parameters: Fields,
  what = "parameters",
): {
  options: GenerationOptions;
  seed?: number;
  stop: string[];
} {
  const temperature = numberField(parameters, "temperature", what, { min: 0, max: 100, exclusiveMin: true });
  const topK = numberField(parameters, "top_k", what, { min: 1, max: 100_000, integer: true });
  const topP = numberField(parameters, "top_p", what, { min: 0, max: 1, exclusiveMin: true });
  const sample = booleanField(parameters, "do_sample", what);
  const options: GenerationOptions = {
    do_sample: sample ?? (temperature !== undefined || topK !== undefined || topP !== undefined),
    return_full_text: booleanField(parameters, "return_full_text", what) ?? false,
  };
  const maxNew = numberField(parameters, "max_new_tokens", what, {
    min: 1,
    max: MAX_NEW_TOKENS,
    integer: true,
  });
  if (maxNew !== undefined) options.max_new_tokens = maxNew;
  if (temperature !== undefined) options.temperature = temperature;
  if (topK !== undefined) options.top_k = topK;
  if (topP !== undefined) options.top_p = topP;
  const penalty = numberField(parameters, "repetition_penalty", what, {
    min: 0,
    max: 100,
    exclusiveMin: true,
  });
  if (penalty !== undefined) options.repetition_penalty = penalty;
  const seed = numberField(parameters, "seed", what, { min: 0, max: Number.MAX_SAFE_INTEGER, integer: true });
  const stop = stopList(parameters.stop ?? parameters.stop_sequences, `"${what}.stop"`);
  return { options, seed, stop };
}

function input(job: FamilyJob): GenerationInput {
  return job.input as GenerationInput;
}

const sse = (data: unknown) => `data: ${JSON.stringify(data)}\n\n`;

/**
 * Decoder-only generation (`text-generation`) on models in the transformers.js layout, with or without
 * a key/value cache: `{"inputs": text | [texts], "parameters": {max_new_tokens, temperature, top_k,
 * top_p, do_sample, return_full_text, stop, seed, repetition_penalty}, "stream"}` →
 * `[{"generated_text"}]` (one list per text for a list), or TGI's server-sent events with `"stream": true`.
 * Chat models are also served through `/v1/chat/completions` (openai-transport.ts).
 */
export const textGenerationFamily: TaskFamily = {
  name: TEXT_GENERATION_FAMILY,
  tasks: ["text-generation"],
  layout: (_task, paths) => transformersJsFiles(paths, [ONNX_WEIGHTS], ["tokenizer.json"]),
  job(task, body) {
    const { inputs, parameters, root } = jsonTaskBody(body, task);
    refuseUnused(parameters, KNOWN);
    const stream = booleanField(root, "stream", "body") ?? false;
    let prompts: string[];
    if (typeof inputs === "string") prompts = [textField(inputs, '"inputs"', { allowEmpty: true })];
    else if (Array.isArray(inputs) && inputs.length > 0 && inputs.length <= MAX_PROMPTS)
      prompts = inputs.map((text, i) => textField(text, `"inputs[${i}]"`, { allowEmpty: true }));
    else throw badRequest(`"inputs" must be the text to continue, or a list of 1 to ${MAX_PROMPTS} texts`);
    if (stream && prompts.length > 1)
      throw badRequest('"stream": true takes one text in "inputs", not a list');
    const settings = generationSettings(parameters);
    const job: GenerationInput = { prompts, chat: false, single: typeof inputs === "string", ...settings };
    return { family: TEXT_GENERATION_FAMILY, task, input: job, stream };
  },
  answer(job, result: JobResult) {
    const texts = (result.output as GeneratedText[]).map((text) => [{ generated_text: text.text }]);
    return { json: input(job).single ? texts[0] : texts };
  },
  streamChunk(_job, chunk) {
    const token = chunk as TokenChunk;
    return [
      sse({
        index: token.index,
        token: { id: token.id, text: token.text, logprob: 0, special: token.special },
        generated_text: null,
        details: null,
      }),
    ];
  },
  streamEnd(job, result) {
    const [text] = result.output as GeneratedText[];
    return [
      sse({
        index: text.tokens,
        token: { id: -1, text: "", logprob: 0, special: true },
        generated_text: text.text,
        details: { finish_reason: text.finish, generated_tokens: text.tokens, seed: input(job).seed ?? null },
      }),
    ];
  },
};
