import { flag, hasFlag, repoName, type ModelRow } from "../models/model-row.js";
import type { DemoFile } from "../types.js";
import { chatTemplate, familyTokens, templateFamilyFor } from "./chat-templates.js";
import { binaryFile, jsonFile, textFile } from "./demo-file.js";
import { tinySafetensors } from "./safetensors.js";
import { transformersConfig } from "./transformers-config.js";
import { runnableDemoModel } from "../../tiny-onnx/demo-registry.js";
import { ONNX_RUNNABLE_FLAG } from "../../tiny-onnx/runnable-flag.js";

const VISION_TASKS = new Set([
  "image-classification",
  "object-detection",
  "image-segmentation",
  "depth-estimation",
  "zero-shot-image-classification",
  "image-feature-extraction",
  "keypoint-detection",
  "mask-generation",
  "image-to-image",
  "image-to-text",
  "video-classification",
  "visual-question-answering",
  "document-question-answering",
  "image-text-to-text",
  "zero-shot-object-detection",
  "video-text-to-text",
  "visual-document-retrieval",
  "unconditional-image-generation",
  "image-to-3d",
  "any-to-any",
]);
const AUDIO_TASKS = new Set([
  "automatic-speech-recognition",
  "audio-classification",
  "audio-text-to-text",
  "voice-activity-detection",
]);
const NO_TOKENIZER_TASKS = new Set([
  "image-classification",
  "object-detection",
  "image-segmentation",
  "depth-estimation",
  "image-feature-extraction",
  "keypoint-detection",
  "mask-generation",
  "image-to-image",
  "video-classification",
  "audio-classification",
  "graph-ml",
  "reinforcement-learning",
  "time-series-forecasting",
  "unconditional-image-generation",
  "image-to-3d",
  "robotics",
]);
const ROBERTA_LIKE = new Set([
  "roberta",
  "xlm-roberta",
  "camembert",
  "modernbert",
  "mpnet",
  "deberta-v2",
  "bart",
]);

export function maskTokenOf(modelType: string | undefined): string {
  return modelType && ROBERTA_LIKE.has(modelType) ? "<mask>" : "[MASK]";
}

function pascal(modelType: string): string {
  return modelType
    .split(/[-_]/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join("");
}

function tokenizerConfig(row: ModelRow, modelType: string): Record<string, unknown> {
  const chat = hasFlag(row, "chat");
  if (chat) {
    const family = templateFamilyFor(flag(row, "tpl"), modelType);
    return {
      tokenizer_class: "PreTrainedTokenizerFast",
      ...familyTokens(family),
      model_max_length: Number(flag(row, "ctx") ?? 8192),
      chat_template: chatTemplate(family),
    };
  }
  const robertaLike = ROBERTA_LIKE.has(modelType);
  return {
    tokenizer_class: `${pascal(modelType)}TokenizerFast`,
    model_max_length: 512,
    do_lower_case: row.id.toLowerCase().includes("uncased"),
    ...(robertaLike
      ? { bos_token: "<s>", eos_token: "</s>", unk_token: "<unk>", pad_token: "<pad>", mask_token: "<mask>" }
      : {
          unk_token: "[UNK]",
          sep_token: "[SEP]",
          pad_token: "[PAD]",
          cls_token: "[CLS]",
          mask_token: "[MASK]",
        }),
  };
}

function preprocessorConfig(row: ModelRow, modelType: string): Record<string, unknown> | undefined {
  if (AUDIO_TASKS.has(row.task) || modelType === "whisper") {
    return {
      feature_extractor_type:
        modelType === "whisper" ? "WhisperFeatureExtractor" : "Wav2Vec2FeatureExtractor",
      sampling_rate: 16000,
      feature_size: modelType === "whisper" ? 128 : 1,
    };
  }
  if (VISION_TASKS.has(row.task) || hasFlag(row, "vision")) {
    return {
      image_processor_type: `${pascal(modelType)}ImageProcessor`,
      image_mean: [0.5, 0.5, 0.5],
      image_std: [0.5, 0.5, 0.5],
      size: { height: 224, width: 224 },
    };
  }
  return undefined;
}

function customCodeFiles(modelType: string, architecture: string): DemoFile[] {
  const module = modelType.replace(/[^a-z0-9]/gi, "_").toLowerCase();
  return [
    textFile(
      `configuration_${module}.py`,
      `# Configuration class for ${architecture} (demo placeholder: the real repository ships the full code).\n\n\nclass ${architecture}Config:\n    model_type = "${modelType}"\n`,
    ),
    textFile(
      `modeling_${module}.py`,
      `# Modelling code for ${architecture} (demo placeholder).\n\n\nclass ${architecture}:\n    """Loaded with trust_remote_code=True."""\n`,
    ),
  ];
}

/** Files of a transformers-format checkpoint: config, tokenizer/processor configs, weights. */
export function transformersFiles(row: ModelRow, weightsPath = "model.safetensors"): DemoFile[] {
  const modelType = flag(row, "m") ?? "bert";
  const config = transformersConfig({
    id: row.id,
    task: row.task,
    modelType,
    architecture: flag(row, "a"),
    vision: hasFlag(row, "vision"),
    contextLength: flag(row, "ctx") ? Number(flag(row, "ctx")) : undefined,
    customCode: hasFlag(row, "custom"),
  });
  const files: DemoFile[] = [jsonFile("config.json", config)];
  if (!NO_TOKENIZER_TASKS.has(row.task) || hasFlag(row, "chat"))
    files.push(jsonFile("tokenizer_config.json", tokenizerConfig(row, modelType)));
  const preprocessor = preprocessorConfig(row, modelType);
  if (preprocessor) files.push(jsonFile("preprocessor_config.json", preprocessor));
  if (row.task === "text-generation" || hasFlag(row, "chat")) {
    files.push(
      jsonFile("generation_config.json", {
        do_sample: true,
        temperature: 0.7,
        top_p: 0.9,
        max_new_tokens: 512,
      }),
    );
  }
  if (hasFlag(row, "custom"))
    files.push(...customCodeFiles(modelType, (config.architectures as string[])[0]));
  files.push(binaryFile(weightsPath, tinySafetensors(row.id)));
  return files;
}

/** Transformers.js repos: the same configs plus ONNX exports under onnx/. */
export function transformersJsFiles(row: ModelRow): DemoFile[] {
  const runnable = hasFlag(row, ONNX_RUNNABLE_FLAG) ? runnableDemoModel(row.id) : undefined;
  if (runnable) return runnable.files();
  const files = transformersFiles(row).filter((file) => !file.path.endsWith(".safetensors"));
  const onnx = tinySafetensors(`${row.id}/onnx`);
  files.push(
    binaryFile("onnx/model.onnx", onnx),
    binaryFile("onnx/model_quantized.onnx", tinySafetensors(`${row.id}/onnx-quantized`, 16, 16)),
  );
  return files;
}

/** MLX conversions: a transformers-style config with the quantisation MLX applied, and safetensors. */
export function mlxFiles(row: ModelRow): DemoFile[] {
  if (row.task === "automatic-speech-recognition") {
    return [
      jsonFile("config.json", {
        n_mels: 128,
        n_audio_ctx: 1500,
        n_audio_state: 1280,
        n_text_layer: 4,
        n_vocab: 51866,
        model_type: "whisper",
      }),
      binaryFile("weights.safetensors", tinySafetensors(row.id)),
    ];
  }
  const files = transformersFiles(row);
  const config = files[0];
  const bits = hasFlag(row, "q8") ? 8 : 4;
  const parsed = JSON.parse(String(config.content)) as Record<string, unknown>;
  parsed.quantization = { group_size: 64, bits };
  files[0] = jsonFile("config.json", parsed);
  return files;
}

/** sentence-transformers layout: transformer files plus the module list and pooling config. */
export function sentenceTransformersFiles(row: ModelRow): DemoFile[] {
  const files = transformersFiles(row);
  if (row.task === "text-ranking") return files;
  files.push(
    jsonFile("modules.json", [
      { idx: 0, name: "0", path: "", type: "sentence_transformers.models.Transformer" },
      { idx: 1, name: "1", path: "1_Pooling", type: "sentence_transformers.models.Pooling" },
      { idx: 2, name: "2", path: "2_Normalize", type: "sentence_transformers.models.Normalize" },
    ]),
    jsonFile("config_sentence_transformers.json", {
      __version__: { sentence_transformers: "3.3.1" },
      prompts: {},
      default_prompt_name: null,
      similarity_fn_name: "cosine",
    }),
    jsonFile("sentence_bert_config.json", { max_seq_length: 512, do_lower_case: false }),
    jsonFile("1_Pooling/config.json", {
      word_embedding_dimension: 768,
      pooling_mode_mean_tokens: true,
      pooling_mode_cls_token: false,
    }),
  );
  return files;
}

export function displayName(row: ModelRow): string {
  return repoName(row.id);
}
