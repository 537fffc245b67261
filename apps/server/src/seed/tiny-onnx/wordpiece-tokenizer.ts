/**
 * A small lower-casing WordPiece tokenizer in the `tokenizer.json` format (the tokenizers library's,
 * which transformers.js reads): special tokens, whole common words, and every letter and digit both
 * word-initial and as a `##` continuation, so any English text tokenizes without [UNK].
 */
const SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"] as const;
const WORDS = (
  "the a an of to in and is are was were be it this that for on with as at by from or not no yes " +
  "i you he she we they my your his her our their me him us them what who where when why how which " +
  "hub model models text image data learning machine love like hate good bad great movie film book " +
  "day today time world people city country capital paris france london berlin germany europe " +
  "name my clara lives works company open source code question answer happy sad new old big small"
).split(" ");
const PUNCTUATION = [..."!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"];
const CHARACTERS = [..."abcdefghijklmnopqrstuvwxyz0123456789"];

/** Token strings in id order. */
export function vocabulary(): string[] {
  const tokens: string[] = [...SPECIALS, ...PUNCTUATION, ...CHARACTERS];
  tokens.push(...CHARACTERS.map((c) => `##${c}`));
  for (const word of WORDS) if (!tokens.includes(word)) tokens.push(word);
  return tokens;
}

function special(id: number, content: string): Record<string, unknown> {
  return { id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true };
}

/** The `tokenizer.json` document. */
export function tokenizerJson(): Record<string, unknown> {
  const tokens = vocabulary();
  const id = (token: string) => tokens.indexOf(token);
  const specialToken = (token: string, typeId: number) => ({ SpecialToken: { id: token, type_id: typeId } });
  const sequence = (name: "A" | "B", typeId: number) => ({ Sequence: { id: name, type_id: typeId } });
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map((token) => special(id(token), token)),
    normalizer: {
      type: "BertNormalizer",
      clean_text: true,
      handle_chinese_chars: true,
      strip_accents: null,
      lowercase: true,
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [specialToken("[CLS]", 0), sequence("A", 0), specialToken("[SEP]", 0)],
      pair: [
        specialToken("[CLS]", 0),
        sequence("A", 0),
        specialToken("[SEP]", 0),
        sequence("B", 1),
        specialToken("[SEP]", 1),
      ],
      special_tokens: Object.fromEntries(
        ["[CLS]", "[SEP]"].map((token) => [token, { id: token, ids: [id(token)], tokens: [token] }]),
      ),
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(tokens.map((token, index) => [token, index])),
    },
  };
}

/** The `tokenizer_config.json` document. */
export function tokenizerConfigJson(): Record<string, unknown> {
  return {
    tokenizer_class: "BertTokenizer",
    do_lower_case: true,
    model_max_length: 512,
    unk_token: "[UNK]",
    sep_token: "[SEP]",
    pad_token: "[PAD]",
    cls_token: "[CLS]",
    mask_token: "[MASK]",
    clean_up_tokenization_spaces: true,
  };
}
