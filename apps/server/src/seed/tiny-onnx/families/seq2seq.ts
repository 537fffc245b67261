import { byteBpeTokenizer, wrapTemplate as template, type ByteBpe } from "../byte-bpe-tokenizer.js";
import { DEMO_OWNER } from "../demo-onnx-models.js";
import { json, type DemoOnnxFile, type RunnableDemoModel } from "../demo-model.js";
import { mergedDecoderGraph, textEncoderGraph } from "../graphs/encoder-decoder.js";
import { unprintableBytes } from "../layers.js";

/**
 * Encoder-decoder text models in the layout of their transformers.js exports on the Hub
 * (`onnx/encoder_model.onnx` + `onnx/decoder_model_merged.onnx`, `generation_config.json`):
 * T5-shaped text2text-generation (Xenova/flan-t5-small), BART-shaped summarization
 * (Xenova/distilbart-cnn-6-6) and NLLB-shaped translation with language codes
 * (Xenova/nllb-200-distilled-600M: `src_lang` / `tgt_lang`).
 */

const HIDDEN = 32;
const POSITIONS = 512;
/** How fast the end token's score grows per output position: outputs end after a few dozen tokens. */
const END_RATE = 0.12;

/** Language codes of the NLLB-shaped demo (FLORES-200 spellings, as NllbTokenizer expects). */
export const NLLB_LANGUAGES = [
  "eng_Latn",
  "fra_Latn",
  "deu_Latn",
  "spa_Latn",
  "ita_Latn",
  "por_Latn",
  "rus_Cyrl",
  "ukr_Cyrl",
  "zho_Hans",
  "jpn_Jpan",
  "arb_Arab",
  "hin_Deva",
];

interface Seq2SeqSpec {
  seed: number;
  specials: string[];
  postProcessor: (bpe: ByteBpe) => Record<string, unknown>;
  config: (bpe: ByteBpe) => Record<string, unknown>;
  generation: (bpe: ByteBpe) => Record<string, unknown>;
  tokenizerConfig: Record<string, unknown>;
  endToken: string;
}

function seq2seqFiles(spec: Seq2SeqSpec): DemoOnnxFile[] {
  const bpe = byteBpeTokenizer({
    added: spec.specials.map((content) => ({ content, special: true })),
    postProcessor: undefined,
  });
  const tokenizer = { ...bpe.json, post_processor: spec.postProcessor(bpe) };
  const end = bpe.id(spec.endToken);
  return [
    { path: "config.json", content: json(spec.config(bpe)) },
    { path: "generation_config.json", content: json(spec.generation(bpe)) },
    { path: "special_tokens_map.json", content: json(specialsMap(spec.tokenizerConfig)) },
    { path: "tokenizer.json", content: json(tokenizer) },
    { path: "tokenizer_config.json", content: json(spec.tokenizerConfig) },
    {
      path: "onnx/encoder_model.onnx",
      content: textEncoderGraph(spec.seed, bpe.size, HIDDEN, POSITIONS),
    },
    {
      path: "onnx/decoder_model_merged.onnx",
      content: mergedDecoderGraph(spec.seed + 1, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        layers: 1,
        positions: POSITIONS,
        encoderMask: true,
        end: { token: end, rate: END_RATE },
        biases: [{ tokens: unprintableBytes(), value: -6 }],
      }),
    },
  ];
}

function specialsMap(tokenizerConfig: Record<string, unknown>): Record<string, unknown> {
  const keys = ["bos_token", "eos_token", "unk_token", "sep_token", "pad_token", "cls_token", "mask_token"];
  return Object.fromEntries(
    keys.filter((key) => typeof tokenizerConfig[key] === "string").map((key) => [key, tokenizerConfig[key]]),
  );
}

/** BART / M2M100 / Whisper config keys (layers and heads per side, `d_model`). */
function bartSizes(bpe: ByteBpe) {
  return {
    d_model: HIDDEN,
    encoder_layers: 1,
    decoder_layers: 1,
    encoder_attention_heads: 1,
    decoder_attention_heads: 1,
    encoder_ffn_dim: HIDDEN,
    decoder_ffn_dim: HIDDEN,
    max_position_embeddings: POSITIONS,
    vocab_size: bpe.size,
    is_encoder_decoder: true,
  };
}

const T5: Seq2SeqSpec = {
  seed: 301,
  specials: ["<pad>", "</s>", "<unk>"],
  endToken: "</s>",
  postProcessor: (bpe) => template(bpe, [], ["</s>"]),
  config: (bpe) => ({
    architectures: ["T5ForConditionalGeneration"],
    model_type: "t5",
    d_model: HIDDEN,
    d_kv: HIDDEN,
    d_ff: HIDDEN,
    num_heads: 1,
    num_layers: 1,
    num_decoder_layers: 1,
    vocab_size: bpe.size,
    is_encoder_decoder: true,
    decoder_start_token_id: bpe.id("<pad>"),
    eos_token_id: bpe.id("</s>"),
    pad_token_id: bpe.id("<pad>"),
    tie_word_embeddings: true,
  }),
  generation: (bpe) => ({
    decoder_start_token_id: bpe.id("<pad>"),
    eos_token_id: bpe.id("</s>"),
    pad_token_id: bpe.id("<pad>"),
  }),
  tokenizerConfig: {
    tokenizer_class: "T5Tokenizer",
    eos_token: "</s>",
    pad_token: "<pad>",
    unk_token: "<unk>",
    model_max_length: POSITIONS,
    clean_up_tokenization_spaces: true,
  },
};

const BART: Seq2SeqSpec = {
  seed: 311,
  specials: ["<s>", "<pad>", "</s>", "<unk>", "<mask>"],
  endToken: "</s>",
  postProcessor: (bpe) => template(bpe, ["<s>"], ["</s>"]),
  config: (bpe) => ({
    architectures: ["BartForConditionalGeneration"],
    model_type: "bart",
    ...bartSizes(bpe),
    bos_token_id: bpe.id("<s>"),
    eos_token_id: bpe.id("</s>"),
    pad_token_id: bpe.id("<pad>"),
    decoder_start_token_id: bpe.id("</s>"),
    forced_bos_token_id: bpe.id("<s>"),
    forced_eos_token_id: bpe.id("</s>"),
    task_specific_params: { summarization: { max_length: 142, min_length: 0, no_repeat_ngram_size: 3 } },
  }),
  generation: (bpe) => ({
    bos_token_id: bpe.id("<s>"),
    decoder_start_token_id: bpe.id("</s>"),
    eos_token_id: bpe.id("</s>"),
    forced_bos_token_id: bpe.id("<s>"),
    forced_eos_token_id: bpe.id("</s>"),
    pad_token_id: bpe.id("<pad>"),
    max_length: 142,
    no_repeat_ngram_size: 3,
  }),
  tokenizerConfig: {
    tokenizer_class: "BartTokenizer",
    bos_token: "<s>",
    eos_token: "</s>",
    sep_token: "</s>",
    cls_token: "<s>",
    unk_token: "<unk>",
    pad_token: "<pad>",
    mask_token: "<mask>",
    add_prefix_space: false,
    model_max_length: POSITIONS,
    clean_up_tokenization_spaces: true,
  },
};

const NLLB: Seq2SeqSpec = {
  seed: 321,
  specials: ["<s>", "<pad>", "</s>", "<unk>", ...NLLB_LANGUAGES, "<mask>"],
  endToken: "</s>",
  postProcessor: (bpe) => template(bpe, ["eng_Latn"], ["</s>"]),
  config: (bpe) => ({
    architectures: ["M2M100ForConditionalGeneration"],
    model_type: "m2m_100",
    ...bartSizes(bpe),
    bos_token_id: bpe.id("<s>"),
    eos_token_id: bpe.id("</s>"),
    pad_token_id: bpe.id("<pad>"),
    decoder_start_token_id: bpe.id("</s>"),
    scale_embedding: true,
  }),
  generation: (bpe) => ({
    bos_token_id: bpe.id("<s>"),
    decoder_start_token_id: bpe.id("</s>"),
    eos_token_id: bpe.id("</s>"),
    pad_token_id: bpe.id("<pad>"),
    max_length: 200,
  }),
  tokenizerConfig: {
    tokenizer_class: "NllbTokenizer",
    bos_token: "<s>",
    eos_token: "</s>",
    sep_token: "</s>",
    cls_token: "<s>",
    unk_token: "<unk>",
    pad_token: "<pad>",
    mask_token: "<mask>",
    src_lang: "eng_Latn",
    tgt_lang: "fra_Latn",
    additional_special_tokens: NLLB_LANGUAGES,
    model_max_length: POSITIONS,
    clean_up_tokenization_spaces: true,
  },
};

const LAYOUT =
  "(`config.json`, `generation_config.json`, a byte-level BPE `tokenizer.json`, `onnx/encoder_model.onnx` and " +
  "`onnx/decoder_model_merged.onnx` with its `past_key_values` cache): a one-layer 32-wide encoder and decoder " +
  "with cross-attention, and an end-of-text score that grows with each output token so answers stay short.";

export const SEQ2SEQ_DEMOS: readonly RunnableDemoModel[] = [
  {
    id: `${DEMO_OWNER}/tiny-t5-text2text-onnx`,
    // The Hub tags T5-style models text-generation (text2text-generation is a subtask): served as text2text.
    task: "text-generation",
    modelType: "t5",
    tags: ["text2text-generation"],
    purpose: "a T5-style text-to-text generator",
    anatomy: `Under the hood it is a T5-shaped encoder-decoder in the transformers.js layout ${LAYOUT}`,
    files: () => seq2seqFiles(T5),
  },
  {
    id: `${DEMO_OWNER}/tiny-bart-summarization-onnx`,
    task: "summarization",
    modelType: "bart",
    purpose: "a BART-style summarizer",
    anatomy: `Under the hood it is a BART-shaped encoder-decoder in the transformers.js layout ${LAYOUT}`,
    files: () => seq2seqFiles(BART),
  },
  {
    id: `${DEMO_OWNER}/tiny-nllb-translation-onnx`,
    task: "translation",
    modelType: "m2m_100",
    purpose: `an NLLB-style translator between ${NLLB_LANGUAGES.length} language codes (src_lang / tgt_lang)`,
    anatomy:
      `Under the hood it is an NLLB-shaped (M2M100) encoder-decoder in the transformers.js layout ${LAYOUT} ` +
      `Its tokenizer knows the FLORES-200 codes ${NLLB_LANGUAGES.join(", ")}; the default direction is ` +
      "eng_Latn → fra_Latn.",
    files: () => seq2seqFiles(NLLB),
  },
];
