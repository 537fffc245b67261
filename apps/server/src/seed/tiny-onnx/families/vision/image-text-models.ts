import { DEMO_OWNER } from "../../demo-onnx-models.js";
import { json, type DemoOnnxFile, type RunnableDemoModel } from "../../demo-model.js";
import { imageTextDecoderGraph } from "../../graphs/vision-decoders.js";
import { clipGraph, imageEncoderGraph, owlVitGraph } from "../../graphs/vision-towers.js";
import { CLIP_MEAN, CLIP_STD, donutPreprocessor, resizeAndCrop, squareResize } from "./preprocessors.js";
import {
  clipTokenizer,
  donutTokenizer,
  DONUT_TASK_TOKENS,
  END_OF_TEXT,
  gpt2Tokenizer,
} from "./tokenizers.js";

/**
 * Image-text demos in the layouts of their transformers.js exports on the Hub: CLIP zero-shot image
 * classification (Xenova/clip-vit-base-patch32), OWL-ViT zero-shot detection (Xenova/owlvit-base-patch32),
 * a ViT + GPT-2 captioner (Xenova/vit-gpt2-image-captioning) and a Donut document-QA model
 * (Xenova/donut-base-finetuned-docvqa).
 */

const HIDDEN = 32;
const TEXT_POSITIONS = 77;

function clipFiles(): DemoOnnxFile[] {
  const { bpe, files } = clipTokenizer(END_OF_TEXT);
  const config = {
    architectures: ["CLIPModel"],
    model_type: "clip",
    projection_dim: HIDDEN,
    logit_scale_init_value: 2.6592,
    text_config: {
      model_type: "clip_text_model",
      hidden_size: HIDDEN,
      num_hidden_layers: 1,
      num_attention_heads: 1,
      vocab_size: bpe.size,
      max_position_embeddings: TEXT_POSITIONS,
    },
    vision_config: {
      model_type: "clip_vision_model",
      hidden_size: HIDDEN,
      num_hidden_layers: 1,
      num_attention_heads: 1,
      image_size: 32,
      patch_size: 8,
    },
  };
  const preprocessor = resizeAndCrop(
    "CLIPImageProcessor",
    32,
    32,
    { mean: CLIP_MEAN, std: CLIP_STD },
    { feature_extractor_type: "CLIPFeatureExtractor" },
  );
  return [
    { path: "config.json", content: json(config) },
    { path: "preprocessor_config.json", content: json(preprocessor) },
    ...files,
    {
      path: "onnx/model.onnx",
      content: clipGraph(601, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        positions: TEXT_POSITIONS,
        imageSize: 32,
        patch: 8,
        logitScale: 12,
      }),
    },
  ];
}

function owlVitFiles(): DemoOnnxFile[] {
  const { bpe, files } = clipTokenizer("!");
  const config = {
    architectures: ["OwlViTForObjectDetection"],
    model_type: "owlvit",
    projection_dim: HIDDEN,
    text_config: {
      model_type: "owlvit_text_model",
      hidden_size: HIDDEN,
      num_hidden_layers: 1,
      num_attention_heads: 1,
      vocab_size: bpe.size,
      max_position_embeddings: 16,
    },
    vision_config: {
      model_type: "owlvit_vision_model",
      hidden_size: HIDDEN,
      num_hidden_layers: 1,
      num_attention_heads: 1,
      image_size: 32,
      patch_size: 8,
    },
  };
  const preprocessor = squareResize("OwlViTImageProcessor", 32, {
    processor_class: "OwlViTProcessor",
    resample: 3,
    do_center_crop: false,
    image_mean: CLIP_MEAN,
    image_std: CLIP_STD,
  });
  return [
    { path: "config.json", content: json(config) },
    { path: "preprocessor_config.json", content: json(preprocessor) },
    ...files,
    {
      path: "onnx/model.onnx",
      content: owlVitGraph(602, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        positions: TEXT_POSITIONS,
        imageSize: 32,
        patch: 8,
        logitScale: 8,
        logitShift: -2.5,
      }),
    },
  ];
}

const CAPTION_POSITIONS = 64;
/** Byte tokens outside printable ASCII (control bytes, UTF-8 pieces) are made unlikely: captions stay readable. */
const READABLE = [
  { from: 0, to: 32, value: -8 },
  { from: 127, to: 256, value: -8 },
];

function captionerFiles(): DemoOnnxFile[] {
  const { bpe, files } = gpt2Tokenizer();
  const end = bpe.id(END_OF_TEXT);
  const config = {
    architectures: ["VisionEncoderDecoderModel"],
    model_type: "vision-encoder-decoder",
    is_encoder_decoder: true,
    tie_word_embeddings: false,
    decoder_start_token_id: end,
    bos_token_id: end,
    eos_token_id: end,
    pad_token_id: end,
    encoder: {
      model_type: "vit",
      architectures: ["ViTModel"],
      hidden_size: HIDDEN,
      num_hidden_layers: 1,
      num_attention_heads: 1,
      intermediate_size: HIDDEN,
      image_size: 32,
      patch_size: 8,
      num_channels: 3,
    },
    decoder: {
      model_type: "gpt2",
      architectures: ["GPT2LMHeadModel"],
      add_cross_attention: true,
      is_decoder: true,
      n_embd: HIDDEN,
      n_head: 1,
      n_layer: 1,
      n_positions: CAPTION_POSITIONS,
      n_ctx: CAPTION_POSITIONS,
      vocab_size: bpe.size,
      bos_token_id: end,
      eos_token_id: end,
      decoder_start_token_id: end,
    },
  };
  const generation = {
    bos_token_id: end,
    decoder_start_token_id: end,
    eos_token_id: end,
    pad_token_id: end,
    max_length: 32,
  };
  return [
    { path: "config.json", content: json(config) },
    { path: "generation_config.json", content: json(generation) },
    { path: "preprocessor_config.json", content: json(squareResize("ViTImageProcessor", 32)) },
    ...files,
    {
      path: "onnx/encoder_model.onnx",
      content: imageEncoderGraph(603, { hidden: HIDDEN, patch: 8, height: 32, width: 32 }),
    },
    {
      path: "onnx/decoder_model_merged.onnx",
      content: imageTextDecoderGraph(604, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        layers: 1,
        positions: CAPTION_POSITIONS,
        cacheNames: "gpt2",
        end: { token: end, rate: 0.6 },
        bias: READABLE,
      }),
    },
  ];
}

const PAGE = { height: 48, width: 32 };
const DONUT_POSITIONS = 128;

function donutFiles(): DemoOnnxFile[] {
  const { bpe, files } = donutTokenizer();
  const start = bpe.id("<s>");
  const end = bpe.id("</s>");
  const pad = bpe.id("<pad>");
  const config = {
    architectures: ["VisionEncoderDecoderModel"],
    model_type: "vision-encoder-decoder",
    is_encoder_decoder: true,
    tie_word_embeddings: false,
    decoder_start_token_id: start,
    eos_token_id: end,
    pad_token_id: pad,
    encoder: {
      model_type: "donut-swin",
      architectures: ["DonutSwinModel"],
      embed_dim: HIDDEN,
      depths: [1],
      num_heads: [1],
      window_size: 4,
      image_size: [PAGE.height, PAGE.width],
      patch_size: 8,
      num_channels: 3,
    },
    decoder: {
      model_type: "mbart",
      architectures: ["MBartForCausalLM"],
      is_decoder: true,
      add_cross_attention: true,
      d_model: HIDDEN,
      decoder_layers: 1,
      decoder_attention_heads: 1,
      decoder_ffn_dim: HIDDEN,
      encoder_layers: 1,
      encoder_attention_heads: 1,
      max_position_embeddings: DONUT_POSITIONS,
      vocab_size: bpe.size,
      bos_token_id: start,
      eos_token_id: end,
      pad_token_id: pad,
    },
  };
  const generation = {
    decoder_start_token_id: start,
    bos_token_id: start,
    eos_token_id: end,
    pad_token_id: pad,
    max_length: DONUT_POSITIONS,
  };
  return [
    {
      path: "added_tokens.json",
      content: json(Object.fromEntries(DONUT_TASK_TOKENS.map((token) => [token, bpe.id(token)]))),
    },
    { path: "config.json", content: json(config) },
    { path: "generation_config.json", content: json(generation) },
    { path: "preprocessor_config.json", content: json(donutPreprocessor(PAGE.height, PAGE.width)) },
    ...files,
    {
      path: "onnx/encoder_model.onnx",
      content: imageEncoderGraph(605, { hidden: HIDDEN, patch: 8, ...PAGE }),
    },
    {
      path: "onnx/decoder_model_merged.onnx",
      content: imageTextDecoderGraph(606, {
        vocabulary: bpe.size,
        hidden: HIDDEN,
        layers: 1,
        positions: DONUT_POSITIONS,
        cacheNames: "bart",
        end: { token: bpe.id("</s_answer>"), rate: 0.12 },
        bias: [...READABLE, { from: bpe.id("<s>"), to: bpe.id("</s_answer>"), value: -8 }],
        follow: { after: bpe.id("</s_answer>"), next: end },
      }),
    },
  ];
}

const anatomy = (text: string) => `Under the hood it is ${text}`;

export const IMAGE_TEXT_DEMOS: readonly RunnableDemoModel[] = [
  {
    id: `${DEMO_OWNER}/tiny-clip-zero-shot-onnx`,
    task: "zero-shot-image-classification",
    modelType: "clip",
    purpose: "a CLIP-style zero-shot image classifier",
    anatomy: anatomy(
      "a CLIP-shaped model in the transformers.js layout (`config.json`, `preprocessor_config.json`, a " +
        "byte-level BPE `tokenizer.json`, `onnx/model.onnx` with both towers): the image and each " +
        "“This is a photo of {label}” text become unit vectors, scored by cosine similarity.",
    ),
    files: clipFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-owlvit-detection-onnx`,
    task: "zero-shot-object-detection",
    modelType: "owlvit",
    purpose: "an OWL-ViT-style zero-shot object detector",
    anatomy: anatomy(
      "an OWL-ViT-shaped detector in the transformers.js layout (`config.json`, `preprocessor_config.json`, " +
        "a byte-level BPE `tokenizer.json`, `onnx/model.onnx`): each 8×8 patch of a 32×32 view gets a box " +
        "near its place and a score per candidate label.",
    ),
    files: owlVitFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-vit-gpt2-captioning-onnx`,
    task: "image-to-text",
    modelType: "vision-encoder-decoder",
    purpose: "a ViT + GPT-2 image captioner",
    anatomy: anatomy(
      "a VisionEncoderDecoder (ViT encoder, GPT-2 decoder) in the transformers.js layout (`config.json`, " +
        "`generation_config.json`, `preprocessor_config.json`, a byte-level BPE `tokenizer.json`, " +
        "`onnx/encoder_model.onnx`, `onnx/decoder_model_merged.onnx` with a key/value cache): its random " +
        "captions end after a few words because the end token's score grows with each one.",
    ),
    files: captionerFiles,
  },
  {
    id: `${DEMO_OWNER}/tiny-donut-docvqa-onnx`,
    task: "document-question-answering",
    modelType: "vision-encoder-decoder",
    purpose: "a Donut-style document question answerer",
    anatomy: anatomy(
      "a Donut-shaped VisionEncoderDecoder (an image encoder and an mBART-style decoder) in the " +
        "transformers.js layout (`config.json`, `generation_config.json`, `preprocessor_config.json` for " +
        "48×32 pages, a tokenizer with the `<s_docvqa>`, `<s_question>` and `<s_answer>` task tokens, " +
        "`onnx/encoder_model.onnx`, `onnx/decoder_model_merged.onnx`): it writes a few random tokens and " +
        "closes the answer.",
    ),
    files: donutFiles,
  },
];
