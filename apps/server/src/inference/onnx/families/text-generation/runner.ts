import { BaseStreamer, random } from "@huggingface/transformers";
import type { FamilyJob, JobResult } from "../../worker-protocol.js";
import { BadInputError, type FamilyRunner, type WorkerContext, type WorkerPipe } from "../worker-api.js";
import {
  TEXT_GENERATION_FAMILY,
  type ChatMessage,
  type GeneratedText,
  type GenerationInput,
  type TokenChunk,
} from "./job.js";

interface Tokenizer {
  decode(ids: bigint[] | number[], options: { skip_special_tokens: boolean }): string;
  all_special_ids: number[];
  apply_chat_template?: (messages: ChatMessage[], options: Record<string, unknown>) => unknown;
  chat_template?: unknown;
  encode(text: string, options?: { add_special_tokens?: boolean }): number[];
  add_bos_token?: boolean;
  add_eos_token?: boolean;
}

interface GenerationConfig {
  eos_token_id?: number | number[] | null;
}

/** The first index of any stop string in `text`, or -1. */
function firstStop(text: string, stops: readonly string[]): number {
  let cut = -1;
  for (const stop of stops) {
    const at = text.indexOf(stop);
    if (at >= 0 && (cut < 0 || at < cut)) cut = at;
  }
  return cut;
}

/**
 * Watches each sequence as transformers.js grows it (a stopping criterion, called after every
 * token): counts the generated tokens, ends all sequences when the caller left, ends a sequence whose
 * text reached a stop string, and streams the text of a single sequence as it comes. Texts are read
 * the way the pipeline reads its answer (the whole sequence decoded, minus the decoded prompt), so the
 * streamed pieces add up to the pipeline's own `generated_text`.
 */
class GenerationWatch {
  private promptIds: bigint[][] = [];
  private promptLengths: number[] = [];
  readonly generated: number[] = [];
  readonly last: number[] = [];
  readonly stopped: boolean[] = [];
  private readonly texts: string[] = [];
  private sent = 0;

  constructor(
    private readonly tokenizer: Tokenizer,
    private readonly stops: readonly string[],
    private readonly signal: AbortSignal,
    private readonly emit: ((chunk: TokenChunk) => void) | undefined,
  ) {}

  readonly criterion = (sequences: bigint[][]): boolean[] => {
    if (this.promptIds.length === 0) {
      this.promptIds = sequences.map((row) => row.slice(0, -1));
      this.promptLengths = this.promptIds.map((ids) => this.decode(ids).length);
    }
    return sequences.map((row, index) => {
      this.generated[index] = row.length - this.promptIds[index].length;
      this.last[index] = Number(row.at(-1));
      const text = this.decode(row).slice(this.promptLengths[index]);
      this.texts[index] = text;
      if (this.emit && index === 0) this.stream(row, text);
      if (this.stops.length > 0 && firstStop(text, this.stops) >= 0) this.stopped[index] = true;
      return this.signal.aborted || this.stopped[index] === true;
    });
  };

  /** The generated part of a sequence's text as last seen. */
  generatedText(index: number): string | undefined {
    return this.texts[index];
  }

  private decode(ids: bigint[]): string {
    return this.tokenizer.decode(ids, { skip_special_tokens: true });
  }

  /** Sends the text added since the last token, holding back an incomplete character and a possible stop string start. */
  private stream(row: bigint[], text: string): void {
    const id = Number(row.at(-1));
    const cut = firstStop(text, this.stops);
    let end = cut >= 0 ? cut : holdBack(text, this.stops);
    if (end < this.sent) end = this.sent;
    const piece = text.slice(this.sent, end);
    this.sent = end;
    const index = this.generated[0] - 1;
    this.emit?.({ index, id, text: piece, special: this.tokenizer.all_special_ids.includes(id) });
  }

  /** What the stream still owes once generation ended (held-back text), given the final answer. */
  rest(final: string, fullText: boolean): string {
    return (fullText ? final.slice(this.promptLengths[0] ?? 0) : final).slice(this.sent);
  }
}

/** How much of `text` may be sent: all but an incomplete character or the start of a stop string. */
function holdBack(text: string, stops: readonly string[]): number {
  let end = text.length;
  for (const stop of stops)
    for (let length = Math.min(stop.length - 1, text.length); length > 0; length--)
      if (text.endsWith(stop.slice(0, length))) {
        end = Math.min(end, text.length - length);
        break;
      }
  while (end > 0 && text.charCodeAt(end - 1) === 0xfffd) end--;
  return end;
}

/** A streamer that only keeps transformers.js from printing (the watch above does the streaming). */
class QuietStreamer extends BaseStreamer {
  override put(): void {}
  override end(): void {}
}

function endTokens(pipe: WorkerPipe): Set<number> {
  const config = (pipe.model as { generation_config?: GenerationConfig } | undefined)?.generation_config;
  const eos = config?.eos_token_id;
  return new Set(eos === null || eos === undefined ? [] : Array.isArray(eos) ? eos : [eos]);
}

async function run(job: FamilyJob, context: WorkerContext): Promise<JobResult> {
  const input = job.input as GenerationInput;
  const pipe = await context.pipeline("text-generation");
  const tokenizer = pipe.tokenizer as Tokenizer;
  if (input.chat && !tokenizer.chat_template)
    throw new BadInputError(
      "This model has no chat template (tokenizer_config.json chat_template): send text, not messages",
    );
  // The pipeline adds no special tokens to text unless the tokenizer says so: an empty prompt has no token to start from.
  const specials = { add_special_tokens: Boolean(tokenizer.add_bos_token || tokenizer.add_eos_token) };
  for (const prompt of input.prompts)
    if (typeof prompt === "string" && tokenizer.encode(prompt, specials).length === 0)
      throw new BadInputError('"inputs" is empty: this model needs at least one token of text to continue');
  const streaming = job.stream === true && input.prompts.length === 1;
  const watch = new GenerationWatch(
    tokenizer,
    input.stop,
    context.signal,
    streaming ? (chunk) => context.emit(chunk) : undefined,
  );
  if (input.seed !== undefined) random.seed(input.seed);
  const prompts = input.single ? input.prompts[0] : input.prompts;
  const raw = (await pipe(prompts, {
    ...input.options,
    stopping_criteria: [watch.criterion],
    streamer: new QuietStreamer(),
  })) as unknown;
  const lists = (input.single ? [raw] : raw) as { generated_text: string | ChatMessage[] }[][];
  const ends = endTokens(pipe);
  const texts: GeneratedText[] = lists.map((list, index) => {
    const value = list[0].generated_text;
    const full = typeof value === "string" ? value : (value.at(-1)?.content ?? "");
    // A stop string in the prompt (full text) does not count: only the generated part is searched.
    const from = input.options.return_full_text ? full.length - (watch.generatedText(index)?.length ?? 0) : 0;
    const at = input.stop.length > 0 ? firstStop(full.slice(from), input.stop) : -1;
    const tokens = watch.generated[index] ?? 0;
    const finish: GeneratedText["finish"] =
      at >= 0 || watch.stopped[index]
        ? "stop_sequence"
        : ends.has(watch.last[index])
          ? "eos_token"
          : "length";
    return { text: at >= 0 ? full.slice(0, from + at) : full, tokens, finish };
  });
  if (streaming) {
    const rest = watch.rest(texts[0].text, input.options.return_full_text);
    if (rest !== "")
      context.emit({ index: texts[0].tokens, id: -1, text: rest, special: false } satisfies TokenChunk);
  }
  const promptTokens = input.prompts.reduce<number>((sum, prompt) => sum + countTokens(tokenizer, prompt), 0);
  return {
    output: texts,
    promptTokens,
    completionTokens: texts.reduce((sum, text) => sum + text.tokens, 0),
  };
}

function countTokens(tokenizer: Tokenizer, prompt: string | ChatMessage[]): number {
  if (typeof prompt === "string") return tokenizer.encode(prompt).length;
  const templated = tokenizer.apply_chat_template?.(prompt, { tokenize: false, add_generation_prompt: true });
  return typeof templated === "string" ? tokenizer.encode(templated).length : 0;
}

export const textGenerationRunner: FamilyRunner = { family: TEXT_GENERATION_FAMILY, run };
