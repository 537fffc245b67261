import { readFile } from "node:fs/promises";
import path from "node:path";
import { random } from "@huggingface/transformers";
import type { FamilyJob, JobResult } from "../../worker-protocol.js";
import { BadInputError, type FamilyRunner, type WorkerContext } from "../worker-api.js";
import { ANSWER_KEY, SEQ2SEQ_FAMILY, type Seq2SeqInput } from "./job.js";

interface TranslationTokenizer {
  language_codes?: string[];
  encode(text: string): number[];
}

async function tokenizerConfig(modelPath: string): Promise<Record<string, unknown>> {
  const text = await readFile(path.join(modelPath, "tokenizer_config.json"), "utf8").catch(() => "{}");
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * The translation direction: the caller's codes, else the tokenizer config's `src_lang` / `tgt_lang`.
 * The source code is always passed, so a call never inherits the previous call's source language
 * (transformers.js rewrites the tokenizer's template in place when one is given).
 */
async function direction(
  input: Seq2SeqInput,
  tokenizer: TranslationTokenizer,
  modelPath: string,
): Promise<Record<string, string>> {
  const codes = tokenizer.language_codes;
  if (!codes) {
    if (input.srcLang || input.tgtLang)
      throw new BadInputError("This model translates one fixed direction: it takes no src_lang or tgt_lang");
    return {};
  }
  const config = await tokenizerConfig(modelPath);
  const pick = (given: string | undefined, fallback: unknown, name: string) => {
    const code = given ?? (typeof fallback === "string" ? fallback : undefined);
    if (code === undefined)
      throw new BadInputError(`"parameters.${name}" is required for this model: one of ${codes.join(", ")}`);
    if (!codes.includes(code))
      throw new BadInputError(
        `"parameters.${name}" ${JSON.stringify(code)} is not a language of this model: one of ${codes.join(", ")}`,
      );
    return code;
  };
  return {
    src_lang: pick(input.srcLang, config.src_lang, "src_lang"),
    tgt_lang: pick(input.tgtLang, config.tgt_lang, "tgt_lang"),
  };
}

async function run(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  const input = job.input as Seq2SeqInput;
  const pipe = await context.pipeline(job.task);
  const tokenizer = pipe.tokenizer as TranslationTokenizer;
  const languages = job.task === "translation" ? await direction(input, tokenizer, context.modelPath) : {};
  let generated = 0;
  const watch = (sequences: bigint[][]) => {
    generated = sequences.reduce((sum, row) => Math.max(sum, row.length), 0);
    return sequences.map(() => context.signal.aborted);
  };
  if (input.seed !== undefined) random.seed(input.seed);
  const answers = (await pipe(input.single ? input.texts[0] : input.texts, {
    ...input.options,
    ...languages,
    stopping_criteria: [watch],
  })) as Record<string, string>[];
  const key = ANSWER_KEY[job.task];
  return {
    output: answers.map((answer) => answer[key]),
    promptTokens: input.texts.reduce((sum, text) => sum + tokenizer.encode(text).length, 0),
    completionTokens: generated * input.texts.length,
  };
}

export const seq2seqRunner: FamilyRunner = { family: SEQ2SEQ_FAMILY, run };
