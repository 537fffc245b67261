import { byteBpeTokenizer, wrapTemplate, type ByteBpe } from "../byte-bpe-tokenizer.js";
import { DEMO_OWNER } from "../demo-onnx-models.js";
import { json, type DemoOnnxFile, type RunnableDemoModel } from "../demo-model.js";
import { audioClassifierGraph, toneSpeechGraph } from "../graphs/audio.js";
import { audioEncoderGraph, mergedDecoderGraph } from "../graphs/encoder-decoder.js";
import { unprintableBytes } from "../layers.js";

const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

/**
 * Speech models in the layouts of their transformers.js exports on the Hub: a Whisper-shaped
 * multilingual speech recognizer (Xenova/whisper-tiny: log-mel features, timestamps, language and
 * task tokens), a wav2vec2-shaped keyword classifier (Xenova/wav2vec2-base-superb-ks) and a
 * VITS-shaped text-to-speech model (Xenova/mms-tts-eng).
 */

const HIDDEN = 32;
const SAMPLING_RATE = 16_000;
const MEL_BINS = 80;
const FRAMES = 3000;
/** Whisper's timestamp tokens: 0.00 … 30.00 s in 0.02 s steps. */
const TIMESTAMPS = 1501;

/** Language codes of the Whisper-shaped demo, in Whisper's own order. */
export const WHISPER_LANGUAGES = [
  "en",
  "zh",
  "de",
  "es",
  "ru",
  "ko",
  "fr",
  "ja",
  "pt",
  "tr",
  "pl",
  "it",
  "nl",
  "ar",
  "hi",
  "uk",
];

const END = "<|endoftext|>";
const START = "<|startoftranscript|>";
const NO_TIMESTAMPS = "<|notimestamps|>";

function whisperTokenizer(): ByteBpe {
  const specials = [
    END,
    START,
    ...WHISPER_LANGUAGES.map((code) => `<|${code}|>`),
    "<|translate|>",
    "<|transcribe|>",
    "<|startoflm|>",
    "<|startofprev|>",
    "<|nospeech|>",
    NO_TIMESTAMPS,
  ];
  const timestamps = Array.from({ length: TIMESTAMPS }, (_, i) => `<|${(i * 0.02).toFixed(2)}|>`);
  return byteBpeTokenizer({
    added: [
      ...specials.map((content) => ({ content, special: true })),
      ...timestamps.map((content) => ({ content, special: false })),
    ],
  });
}

function whisperFiles(): DemoOnnxFile[] {
  const bpe = whisperTokenizer();
  const end = bpe.id(END);
  const space = bpe.id("Ġ");
  const languages = Object.fromEntries(
    WHISPER_LANGUAGES.map((code) => [`<|${code}|>`, bpe.id(`<|${code}|>`)]),
  );
  const config = {
    architectures: ["WhisperForConditionalGeneration"],
    model_type: "whisper",
    d_model: HIDDEN,
    encoder_layers: 1,
    decoder_layers: 1,
    encoder_attention_heads: 1,
    decoder_attention_heads: 1,
    encoder_ffn_dim: HIDDEN,
    decoder_ffn_dim: HIDDEN,
    num_mel_bins: MEL_BINS,
    max_source_positions: FRAMES / 2,
    max_target_positions: 448,
    vocab_size: bpe.size,
    bos_token_id: end,
    eos_token_id: end,
    pad_token_id: end,
    decoder_start_token_id: bpe.id(START),
    begin_suppress_tokens: [space, end],
    is_encoder_decoder: true,
    tie_word_embeddings: true,
  };
  const generation = {
    alignment_heads: [[0, 0]],
    begin_suppress_tokens: [space, end],
    bos_token_id: end,
    decoder_start_token_id: bpe.id(START),
    eos_token_id: end,
    pad_token_id: end,
    is_multilingual: true,
    lang_to_id: languages,
    task_to_id: { transcribe: bpe.id("<|transcribe|>"), translate: bpe.id("<|translate|>") },
    max_initial_timestamp_index: 50,
    max_length: 448,
    no_timestamps_token_id: bpe.id(NO_TIMESTAMPS),
    prev_sot_token_id: bpe.id("<|startofprev|>"),
    return_timestamps: false,
    suppress_tokens: [],
  };
  const tokenizerConfig = {
    tokenizer_class: "WhisperTokenizer",
    bos_token: END,
    eos_token: END,
    pad_token: END,
    unk_token: END,
    model_max_length: 1024,
    errors: "replace",
    clean_up_tokenization_spaces: true,
  };
  const preprocessor = {
    chunk_length: 30,
    feature_extractor_type: "WhisperFeatureExtractor",
    feature_size: MEL_BINS,
    hop_length: 160,
    n_fft: 400,
    n_samples: 480_000,
    nb_max_frames: FRAMES,
    padding_side: "right",
    padding_value: 0.0,
    processor_class: "WhisperProcessor",
    return_attention_mask: false,
    sampling_rate: SAMPLING_RATE,
  };
  return [
    { path: "config.json", content: json(config) },
    { path: "generation_config.json", content: json(generation) },
    { path: "preprocessor_config.json", content: json(preprocessor) },
    {
      path: "special_tokens_map.json",
      content: json({ bos_token: END, eos_token: END, pad_token: END, unk_token: END }),
    },
    {
      path: "tokenizer.json",
      content: json({ ...bpe.json, post_processor: wrapTemplate(bpe, [START, NO_TIMESTAMPS], [END]) }),
    },
    { path: "tokenizer_config.json", content: json(tokenizerConfig) },
    { path: "onnx/encoder_model.onnx", content: audioEncoderGraph(401, MEL_BINS, HIDDEN, FRAMES) },
    {
      path: "onnx/decoder_model_merged.onnx",
      content: mergedDecoderGraph(402, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        layers: 1,
        positions: 448,
        encoderMask: false,
        end: { token: end, rate: 0.15 },
        biases: [
          { tokens: range(bpe.id("<|0.00|>"), bpe.size), value: -8 },
          { tokens: unprintableBytes(), value: -6 },
        ],
      }),
    },
  ];
}

/** Keyword-spotting labels, as wav2vec2-base-superb-ks has them. */
const KEYWORDS = [
  "yes",
  "no",
  "up",
  "down",
  "left",
  "right",
  "on",
  "off",
  "stop",
  "go",
  "_silence_",
  "_unknown_",
];

function classifierFiles(): DemoOnnxFile[] {
  const config = {
    architectures: ["Wav2Vec2ForSequenceClassification"],
    model_type: "wav2vec2",
    hidden_size: HIDDEN,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    conv_dim: [HIDDEN],
    conv_kernel: [400],
    conv_stride: [320],
    id2label: Object.fromEntries(KEYWORDS.map((label, i) => [String(i), label])),
    label2id: Object.fromEntries(KEYWORDS.map((label, i) => [label, i])),
  };
  const preprocessor = {
    do_normalize: true,
    feature_extractor_type: "Wav2Vec2FeatureExtractor",
    feature_size: 1,
    padding_side: "right",
    padding_value: 0.0,
    return_attention_mask: false,
    sampling_rate: SAMPLING_RATE,
  };
  return [
    { path: "config.json", content: json(config) },
    { path: "preprocessor_config.json", content: json(preprocessor) },
    { path: "onnx/model.onnx", content: audioClassifierGraph(411, HIDDEN, KEYWORDS.length) },
  ];
}

const BLANK = "_";
const SPEECH_CHARACTERS = [BLANK, "<unk>", " ", ..."abcdefghijklmnopqrstuvwxyz0123456789'.,!?-"];

/** A character tokenizer that puts a blank between characters, as VITS tokenizers do (`add_blank`). */
function speechTokenizer(): Record<string, unknown> {
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: [
      {
        id: 1,
        content: "<unk>",
        single_word: false,
        lstrip: false,
        rstrip: false,
        normalized: false,
        special: true,
      },
    ],
    normalizer: {
      type: "Sequence",
      normalizers: [
        { type: "Lowercase" },
        { type: "Replace", pattern: { Regex: "[^a-z0-9 '.,!?-]" }, content: "" },
        { type: "Replace", pattern: { Regex: "(?=.)" }, content: BLANK },
        { type: "Replace", pattern: { Regex: "$" }, content: BLANK },
      ],
    },
    pre_tokenizer: null,
    post_processor: null,
    decoder: null,
    model: {
      type: "BPE",
      dropout: null,
      unk_token: "<unk>",
      continuing_subword_prefix: null,
      end_of_word_suffix: null,
      fuse_unk: false,
      byte_fallback: false,
      vocab: Object.fromEntries(SPEECH_CHARACTERS.map((token, index) => [token, index])),
      merges: [],
    },
  };
}

function speechFiles(): DemoOnnxFile[] {
  const config = {
    architectures: ["VitsModel"],
    model_type: "vits",
    hidden_size: HIDDEN,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    vocab_size: SPEECH_CHARACTERS.length,
    sampling_rate: SAMPLING_RATE,
  };
  return [
    { path: "config.json", content: json(config) },
    { path: "special_tokens_map.json", content: json({ pad_token: BLANK, unk_token: "<unk>" }) },
    { path: "tokenizer.json", content: json(speechTokenizer()) },
    {
      path: "tokenizer_config.json",
      content: json({
        tokenizer_class: "VitsTokenizer",
        add_blank: true,
        normalize: true,
        phonemize: false,
        is_uroman: false,
        language: "eng",
        pad_token: BLANK,
        unk_token: "<unk>",
        model_max_length: 1_000_000,
      }),
    },
    {
      path: "onnx/model.onnx",
      content: toneSpeechGraph(421, SPEECH_CHARACTERS.length, HIDDEN, SAMPLING_RATE),
    },
  ];
}

export const SPEECH_DEMOS: readonly RunnableDemoModel[] = [
  {
    id: `${DEMO_OWNER}/tiny-whisper-onnx`,
    task: "automatic-speech-recognition",
    modelType: "whisper",
    purpose: "a multilingual Whisper-style speech recognizer with timestamps",
    anatomy:
      "Under the hood it is a Whisper-shaped encoder-decoder in the transformers.js layout (`config.json`, " +
      "`generation_config.json` with language and task tokens, `preprocessor_config.json` for 80-bin log-mel " +
      "features of 30-second windows, a byte-level BPE `tokenizer.json` with timestamp tokens, " +
      "`onnx/encoder_model.onnx` and `onnx/decoder_model_merged.onnx`): two convolutions over the features and " +
      "one 32-wide decoder layer whose end-of-text score grows with each token, so transcripts stay short.",
    files: whisperFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-wav2vec2-keywords-onnx`,
    task: "audio-classification",
    modelType: "wav2vec2",
    purpose: "a wav2vec2-style spoken-keyword classifier (12 labels)",
    anatomy:
      "Under the hood it is a wav2vec2-shaped classifier in the transformers.js layout (`config.json` with 12 " +
      "keyword labels, `preprocessor_config.json` for 16 kHz raw audio, `onnx/model.onnx`): one strided " +
      "convolution over the waveform, mean pooling and two dense layers.",
    files: classifierFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-vits-tts-onnx`,
    task: "text-to-speech",
    modelType: "vits",
    purpose: "a VITS-style text-to-speech model that hums a tone per character",
    anatomy:
      "Under the hood it is a VITS-shaped text-to-waveform model in the transformers.js layout (`config.json` " +
      "with `sampling_rate` 16000, a character `tokenizer.json` with blanks between characters, " +
      "`onnx/model.onnx` answering `waveform`): each character becomes a 50 ms tone whose pitch comes from " +
      "its random embedding, so it sings rather than speaks.",
    files: speechFiles,
  },
];
