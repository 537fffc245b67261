/** Builds a realistic `config.json` for a transformers checkpoint from its model type and task. */

/** Class-name prefix used by transformers for each model type. */
const CLASS_PREFIX: Record<string, string> = {
  bert: "Bert",
  roberta: "Roberta",
  "xlm-roberta": "XLMRoberta",
  distilbert: "DistilBert",
  modernbert: "ModernBert",
  "deberta-v2": "DebertaV2",
  camembert: "Camembert",
  mpnet: "MPNet",
  electra: "Electra",
  llama: "Llama",
  qwen2: "Qwen2",
  qwen3: "Qwen3",
  mistral: "Mistral",
  gemma2: "Gemma2",
  phi3: "Phi3",
  vit: "ViT",
  resnet: "ResNet",
  convnext: "ConvNext",
  swinv2: "Swinv2",
  detr: "Detr",
  yolos: "Yolos",
  segformer: "Segformer",
  dinov2: "Dinov2",
};

const TASK_SUFFIX: Record<string, string> = {
  "fill-mask": "ForMaskedLM",
  "text-classification": "ForSequenceClassification",
  "zero-shot-classification": "ForSequenceClassification",
  "text-ranking": "ForSequenceClassification",
  "token-classification": "ForTokenClassification",
  "question-answering": "ForQuestionAnswering",
  "text-generation": "ForCausalLM",
  "feature-extraction": "Model",
  "sentence-similarity": "Model",
  "image-feature-extraction": "Model",
  "image-classification": "ForImageClassification",
  "object-detection": "ForObjectDetection",
  "image-segmentation": "ForSemanticSegmentation",
};

export function architectureFor(modelType: string, task: string): string | undefined {
  const prefix = CLASS_PREFIX[modelType];
  const suffix = TASK_SUFFIX[task];
  return prefix && suffix ? `${prefix}${suffix}` : undefined;
}

const SIZES: Record<string, Record<string, number>> = {
  small: { hidden_size: 384, num_hidden_layers: 6, num_attention_heads: 12, intermediate_size: 1536 },
  base: { hidden_size: 768, num_hidden_layers: 12, num_attention_heads: 12, intermediate_size: 3072 },
  large: { hidden_size: 1024, num_hidden_layers: 24, num_attention_heads: 16, intermediate_size: 4096 },
  llm: {
    hidden_size: 4096,
    num_hidden_layers: 32,
    num_attention_heads: 32,
    num_key_value_heads: 8,
    intermediate_size: 14336,
  },
};

function sizeOf(id: string, task: string): Record<string, number> {
  const name = id.toLowerCase();
  if (task === "text-generation" || task === "image-text-to-text") return SIZES.llm;
  if (/small|mini|tiny|-s\b/.test(name)) return SIZES.small;
  if (/large|-xl|huge/.test(name)) return SIZES.large;
  return SIZES.base;
}

const LABEL_SETS: Record<string, string[]> = {
  "text-classification": ["NEGATIVE", "POSITIVE"],
  "token-classification": ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"],
  "zero-shot-classification": ["contradiction", "neutral", "entailment"],
  "image-classification": ["tabby cat", "golden retriever", "espresso", "mountain bike", "lighthouse"],
  "audio-classification": ["speech", "music", "dog bark", "siren", "silence"],
  "video-classification": ["playing guitar", "juggling", "riding a bike", "cooking"],
};

export interface ConfigInputs {
  id: string;
  task: string;
  modelType: string;
  architecture?: string;
  vision: boolean;
  contextLength?: number;
  customCode: boolean;
}

export function transformersConfig(inputs: ConfigInputs): Record<string, unknown> {
  const architecture = inputs.architecture ?? architectureFor(inputs.modelType, inputs.task) ?? "AutoModel";
  const config: Record<string, unknown> = {
    architectures: [architecture],
    model_type: inputs.modelType,
    ...sizeOf(inputs.id, inputs.task),
    torch_dtype: "bfloat16",
    transformers_version: "4.46.0",
  };
  const labels = LABEL_SETS[inputs.task];
  if (labels) {
    config.id2label = Object.fromEntries(labels.map((label, index) => [String(index), label]));
    config.label2id = Object.fromEntries(labels.map((label, index) => [label, index]));
  }
  if (inputs.contextLength) config.max_position_embeddings = inputs.contextLength;
  if (inputs.vision)
    config.vision_config = {
      model_type: "siglip_vision_model",
      hidden_size: 1152,
      image_size: 448,
      patch_size: 14,
    };
  if (inputs.customCode) {
    const module = `modeling_${inputs.modelType.replace(/[^a-z0-9]/gi, "_").toLowerCase()}`;
    config.auto_map = {
      AutoConfig: `configuration_${module.slice(9)}.${architecture}Config`,
      AutoModel: `${module}.${architecture}`,
    };
    if (inputs.task === "text-generation")
      (config.auto_map as Record<string, string>).AutoModelForCausalLM = `${module}.${architecture}`;
  }
  return config;
}
