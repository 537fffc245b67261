/**
 * A model's `tokenizer.json` run by the tokenizers library itself (its Rust core, through the official
 * Node binding): the same code transformers' "fast" tokenizers run in Python, so token ids, character
 * offsets, word ids and overflowing windows are the ones the Hub's pipelines see. Offsets count Unicode
 * code points of the input, as Python's `str` indices do.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Tokenizer, type Encoding, type TruncationStrategy } from "tokenizers";

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

/** The binding declares its strategies as a const enum of these strings. */
const strategy = (name: "LongestFirst" | "OnlyFirst" | "OnlySecond") => name as unknown as TruncationStrategy;

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
    const definition = readJson(path.join(modelDir, "tokenizer.json"));
    const settings = readJson(path.join(modelDir, "tokenizer_config.json"));
    const config = readJson(path.join(modelDir, "config.json"));
    const model = (definition.model ?? {}) as Fields;
    const tokenId = (value: unknown) => {
      const content =
        typeof value === "string" ? value : ((value as Fields | null)?.content as string | undefined);
      return typeof content === "string" ? (tokenizer.tokenToId(content) ?? undefined) : undefined;
    };
    const maxLength =
      sensibleLength(settings.model_max_length) ?? sensibleLength(config.max_position_embeddings) ?? 512;
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

  /** One text with the model's special tokens, cut to `maxLength` tokens. */
  async encode(text: string, maxLength = this.maxLength): Promise<TokenizedText> {
    this.tokenizer.setTruncation(maxLength, { strategy: strategy("LongestFirst") });
    return plain(await this.run(() => this.tokenizer.encode(text)));
  }

  /**
   * A question and a context as windows of at most `maxLength` tokens: the context (the second input,
   * or the first when the question goes second) is split with `stride` tokens of overlap, the question
   * repeated in every window, as transformers' question-answering pipeline does.
   */
  async encodeWindows(
    question: string,
    context: string,
    maxLength: number,
    stride: number,
  ): Promise<TokenizedText[]> {
    const [first, second] = this.questionFirst ? [question, context] : [context, question];
    this.tokenizer.setTruncation(maxLength, {
      stride,
      strategy: strategy(this.questionFirst ? "OnlySecond" : "OnlyFirst"),
    });
    const encoding = await this.run(() => this.tokenizer.encode(first, second));
    return [encoding, ...encoding.getOverflowing()].map(plain);
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
