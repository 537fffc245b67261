/**
 * A model's `tokenizer.json` run by the tokenizers library itself (its Rust core, through the official
 * Node binding): the same code transformers' "fast" tokenizers run in Python, so token ids, character
 * offsets, word ids and special tokens are the ones the Hub's pipelines see. Offsets count Unicode code
 * points of the input, as Python's `str` indices do.
 *
 * Texts are encoded whole and cut here: tokenizers 0.23.1+ stops tokenizing early when it truncates, so
 * its overflowing windows lose text (huggingface/tokenizers#2091), and a stride it cannot honour is a
 * Rust panic that aborts the process. Cutting the whole encoding keeps exactly what the library's own
 * truncation keeps (the special tokens of the template are added around whatever is kept).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Tokenizer, type Encoding } from "tokenizers";

/** One encoded sequence (or one window of a long pair), as plain arrays. */
export interface TokenizedText {
  ids: number[];
  tokens: string[];
  typeIds: number[];
  attentionMask: number[];
  /** [start, end) in code points of the text the token came from; [0, 0] for added special tokens. */
  offsets: [number, number][];
  /** 1 for the special tokens the post-processor added ([CLS], [SEP], <s>…). */
  specialMask: number[];
  /** Which input each token came from (0 or 1), null for added special tokens. */
  sequenceIds: (number | null)[];
  /** The word of its sequence each token belongs to (per the pre-tokenizer), null for added tokens. */
  wordIds: (number | null)[];
}

/** Thrown when an input cannot be tokenized as asked (e.g. a question longer than the window). */
export class TokenizationError extends Error {}

type Fields = Record<string, unknown>;

function readJson(file: string): Fields {
  try {
    const value = JSON.parse(readFileSync(file, "utf8")) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : {};
  } catch {
    return {};
  }
}

/** transformers' "no limit" sentinel and absurd values count as unset. */
function sensibleLength(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 && value <= 1_000_000
    ? value
    : undefined;
}

function plain(encoding: Encoding): TokenizedText {
  return {
    ids: encoding.getIds(),
    tokens: encoding.getTokens(),
    typeIds: encoding.getTypeIds(),
    attentionMask: encoding.getAttentionMask(),
    offsets: encoding.getOffsets().map(([start, end]) => [start, end] as [number, number]),
    specialMask: encoding.getSpecialTokensMask(),
    sequenceIds: encoding.getSequenceIds().map((id) => id ?? null),
    wordIds: encoding.getWordIds().map((id) => id ?? null),
  };
}

/** `encoding` without the tokens of input `sequence` outside [from, to) (counted within that input). */
function keepRange(encoding: TokenizedText, sequence: number, from: number, to: number): TokenizedText {
  const keep: number[] = [];
  let position = 0;
  encoding.ids.forEach((_, i) => {
    if (encoding.sequenceIds[i] !== sequence || encoding.specialMask[i] === 1) keep.push(i);
    else {
      if (position >= from && position < to) keep.push(i);
      position++;
    }
  });
  const pick = <T>(values: T[]) => keep.map((i) => values[i]);
  return {
    ids: pick(encoding.ids),
    tokens: pick(encoding.tokens),
    typeIds: pick(encoding.typeIds),
    attentionMask: pick(encoding.attentionMask),
    offsets: pick(encoding.offsets),
    specialMask: pick(encoding.specialMask),
    sequenceIds: pick(encoding.sequenceIds),
    wordIds: pick(encoding.wordIds),
  };
}

/** Tokens of input `sequence` (special tokens excluded). */
function lengthOf(encoding: TokenizedText, sequence: number): number {
  return encoding.ids.filter((_, i) => encoding.sequenceIds[i] === sequence && encoding.specialMask[i] !== 1)
    .length;
}

export class FastTokenizer {
  private constructor(
    private readonly tokenizer: Tokenizer,
    /** The longest sequence the model takes (tokenizer_config's `model_max_length`, else the config's positions). */
    readonly maxLength: number,
    readonly unkTokenId: number | undefined,
    readonly clsTokenId: number | undefined,
    /** The model's continuing-subword prefix (`##` for WordPiece); undefined for tokenizers without one. */
    readonly subwordPrefix: string | undefined,
    /** transformers puts the question first unless the tokenizer pads on the left. */
    readonly questionFirst: boolean,
  ) {}

  /** Loads the tokenizer of a model folder (`tokenizer.json`, `tokenizer_config.json`, `config.json`). */
  static load(modelDir: string): FastTokenizer {
    const tokenizer = Tokenizer.fromFile(path.join(modelDir, "tokenizer.json"));
    // Cutting and windows are done here (see the file's comment); padding is not wanted either.
    tokenizer.disableTruncation();
    tokenizer.disablePadding();
    const definition = readJson(path.join(modelDir, "tokenizer.json"));
    const settings = readJson(path.join(modelDir, "tokenizer_config.json"));
    const config = readJson(path.join(modelDir, "config.json"));
    const model = (definition.model ?? {}) as Fields;
    const tokenId = (value: unknown) => {
      const content =
        typeof value === "string" ? value : ((value as Fields | null)?.content as string | undefined);
      return typeof content === "string" ? (tokenizer.tokenToId(content) ?? undefined) : undefined;
    };
    // Without model_max_length, the positions bound it (RoBERTa-style models have 2 of them fewer to
    // use than they declare: at most 512 is safe for the common 514).
    const positions = sensibleLength(config.max_position_embeddings);
    const maxLength =
      sensibleLength(settings.model_max_length) ?? (positions ? Math.min(positions, 512) : 512);
    const prefix = model.continuing_subword_prefix;
    return new FastTokenizer(
      tokenizer,
      maxLength,
      tokenId(settings.unk_token ?? model.unk_token),
      tokenId(settings.cls_token ?? "[CLS]"),
      typeof prefix === "string" && prefix !== "" ? prefix : undefined,
      settings.padding_side !== "left",
    );
  }

  /** One text with the model's special tokens, its end cut so that at most `maxLength` tokens remain. */
  async encode(text: string, maxLength = this.maxLength): Promise<TokenizedText> {
    const whole = plain(await this.run(() => this.tokenizer.encode(text)));
    const room = maxLength - (whole.ids.length - lengthOf(whole, 0));
    if (room <= 0) throw new TokenizationError(`${maxLength} tokens leave no room for text`);
    return keepRange(whole, 0, 0, room);
  }

  /**
   * A question and a context as windows of at most `maxLength` tokens: the question and the special
   * tokens in every window, the context split into pieces that overlap by `stride` tokens, as
   * transformers' question-answering pipeline asks the tokenizer to (truncation "only_second" with a
   * stride; "only_first" when the context goes first).
   */
  async encodeWindows(
    question: string,
    context: string,
    maxLength: number,
    stride: number,
  ): Promise<TokenizedText[]> {
    const [first, second] = this.questionFirst ? [question, context] : [context, question];
    const whole = plain(await this.run(() => this.tokenizer.encode(first, second)));
    const sequence = this.questionFirst ? 1 : 0;
    const length = lengthOf(whole, sequence);
    const room = maxLength - (whole.ids.length - length);
    if (room <= 0)
      throw new TokenizationError(
        `the question and special tokens already take ${whole.ids.length - length} tokens`,
      );
    if (length <= room) return [whole];
    if (stride >= room)
      throw new TokenizationError(
        `an overlap of ${stride} tokens leaves no room to move on (${room} context tokens a window)`,
      );
    const windows: TokenizedText[] = [];
    for (let start = 0; ; start += room - stride) {
      const stop = Math.min(start + room, length);
      windows.push(keepRange(whole, sequence, start, stop));
      if (stop === length) break;
    }
    return windows;
  }

  /** Tokens back to text the way the model's decoder joins them (`convert_tokens_to_string`). */
  tokensToString(tokens: string[]): string {
    const decoder = this.tokenizer.getDecoder();
    return decoder ? decoder.decode(tokens) : tokens.join(" ");
  }

  private async run(encode: () => Promise<Encoding>): Promise<Encoding> {
    try {
      return await encode();
    } catch (err) {
      throw new TokenizationError(err instanceof Error ? err.message : String(err));
    }
  }
}
