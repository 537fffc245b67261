/**
 * A small byte-level BPE tokenizer in the `tokenizer.json` format (GPT-2 / Llama 3 / Qwen / Whisper /
 * NLLB exports use this family): the 256 byte symbols, so any text in any script round-trips, plus
 * merges that make common English words single tokens, plus added tokens (specials such as
 * `<|im_end|>`, language codes, Whisper's timestamps). Same inputs, same JSON: deterministic.
 */

/** Common English words (each also with a leading space) that become single tokens. */
const WORDS = (
  "the of and to in is was for on that with as by at from it this be are or an not but have has had " +
  "they you he she we his her their them our your my me him us who what when where which how why all " +
  "one two three new old good great small big long first last many more most some any other such only " +
  "also than then there here about into over after before under between through during without again " +
  "hub model models data text image audio speech sound voice music language translate summary answer " +
  "question world city country people time day year night water fire light house book story music song " +
  "paris france london berlin tower river mountain sea sun moon star tree cat dog bird horse car train " +
  "hello thanks please yes no maybe love like make made see say said go went come came know think want " +
  "can could will would should may might must do did does done get got give gave take took find found " +
  "learning machine neural network random weights demo tiny meaningless output input"
).split(" ");
const FRAGMENTS = ["ing", "ed", "er", "ly", "tion", "es", "en", "an", "on", "re", "th", "st", "ou", "ar"];

/** GPT-2's reversible byte → printable character map (bytes outside printable ranges shift past 255). */
export function byteSymbols(): string[] {
  const printable = (b: number) => (b >= 33 && b <= 126) || (b >= 161 && b <= 172) || (b >= 174 && b <= 255);
  const symbols: string[] = [];
  let shifted = 0;
  for (let b = 0; b < 256; b++) symbols.push(String.fromCodePoint(printable(b) ? b : 256 + shifted++));
  return symbols;
}

export interface AddedToken {
  content: string;
  special: boolean;
}

export interface ByteBpeOptions {
  /** Added tokens in id order after the merged tokens. */
  added: AddedToken[];
  /** The `post_processor` (default: ByteLevel, which adds nothing). */
  postProcessor?: Record<string, unknown>;
}

export interface ByteBpe {
  json: Record<string, unknown>;
  size: number;
  id(token: string): number;
}

function symbolsOf(text: string, table: string[]): string[] {
  return [...new TextEncoder().encode(text)].map((b) => table[b]);
}

/** The tokenizer document and its token ids. */
export function byteBpeTokenizer(options: ByteBpeOptions): ByteBpe {
  const table = byteSymbols();
  const vocabulary: string[] = [...table];
  const known = new Set(vocabulary);
  const merges: [string, string][] = [];
  const learn = (text: string) => {
    const parts = symbolsOf(text, table);
    let current = parts[0];
    for (const next of parts.slice(1)) {
      const merged = current + next;
      if (!known.has(merged)) {
        known.add(merged);
        vocabulary.push(merged);
        merges.push([current, next]);
      }
      current = merged;
    }
  };
  for (const fragment of FRAGMENTS) learn(fragment);
  for (const word of WORDS) {
    learn(word);
    learn(` ${word}`);
    learn(` ${word[0].toUpperCase()}${word.slice(1)}`);
  }
  const firstAdded = vocabulary.length;
  const ids = new Map<string, number>(vocabulary.map((token, index) => [token, index]));
  options.added.forEach((token, index) => ids.set(token.content, firstAdded + index));
  const id = (token: string) => {
    const found = ids.get(token);
    if (found === undefined) throw new Error(`no token ${token}`);
    return found;
  };
  const json = {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: options.added.map((token, index) => ({
      id: firstAdded + index,
      content: token.content,
      single_word: false,
      lstrip: false,
      rstrip: false,
      normalized: false,
      special: token.special,
    })),
    normalizer: null,
    pre_tokenizer: { type: "ByteLevel", add_prefix_space: false, trim_offsets: true, use_regex: true },
    post_processor: options.postProcessor ?? {
      type: "ByteLevel",
      add_prefix_space: true,
      trim_offsets: false,
      use_regex: true,
    },
    decoder: { type: "ByteLevel", add_prefix_space: true, trim_offsets: true, use_regex: true },
    model: {
      type: "BPE",
      dropout: null,
      unk_token: null,
      continuing_subword_prefix: "",
      end_of_word_suffix: "",
      fuse_unk: false,
      byte_fallback: false,
      ignore_merges: false,
      vocab: Object.fromEntries(vocabulary.map((token, index) => [token, index])),
      merges: merges.map(([a, b]) => [a, b]),
    },
  };
  return { json, size: firstAdded + options.added.length, id };
}

/** A template that wraps one text in special tokens (the tokenizers library's TemplateProcessing). */
export function wrapTemplate(bpe: ByteBpe, before: string[], after: string[]): Record<string, unknown> {
  const special = (id: string) => ({ SpecialToken: { id, type_id: 0 } });
  const all = [...before, ...after];
  return {
    type: "TemplateProcessing",
    single: [...before.map(special), { Sequence: { id: "A", type_id: 0 } }, ...after.map(special)],
    pair: [
      ...before.map(special),
      { Sequence: { id: "A", type_id: 0 } },
      { Sequence: { id: "B", type_id: 0 } },
      ...after.map(special),
    ],
    special_tokens: Object.fromEntries(all.map((id) => [id, { id, ids: [bpe.id(id)], tokens: [id] }])),
  };
}
