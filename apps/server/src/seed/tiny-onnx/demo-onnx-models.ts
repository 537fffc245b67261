import { HIDDEN_SIZE, IMAGE_SIZE, imageGraph, textGraph, type TextHead } from "./tiny-graphs.js";
import { tokenizerConfigJson, tokenizerJson, vocabulary } from "./wordpiece-tokenizer.js";

/** The owner of the hub's own runnable demo models. */
export const DEMO_OWNER = "modelhub-demo";

/** One runnable demo ONNX model: its task, architecture and labels. */
export interface DemoOnnxModel {
  id: string;
  task: string;
  architecture: string;
  modelType: "bert" | "vit";
  labels?: string[];
  tags?: string[];
  /** Seeds the weights: fixed per model, so every build writes the same bytes. */
  seed: number;
  head?: TextHead["kind"];
}

const SENTIMENT = ["NEGATIVE", "POSITIVE"];
const ENTITIES = ["O", "B-PER", "I-PER", "B-ORG", "I-ORG", "B-LOC", "I-LOC", "B-MISC", "I-MISC"];
const NLI = ["contradiction", "neutral", "entailment"];
const IMAGE_LABELS = ["tabby cat", "golden retriever", "sports car", "pizza", "mountain"];

export const DEMO_ONNX_MODELS: readonly DemoOnnxModel[] = [
  {
    id: `${DEMO_OWNER}/tiny-bert-sentiment-onnx`,
    task: "text-classification",
    architecture: "BertForSequenceClassification",
    modelType: "bert",
    labels: SENTIMENT,
    seed: 101,
    head: "sequence",
  },
  {
    id: `${DEMO_OWNER}/tiny-bert-ner-onnx`,
    task: "token-classification",
    architecture: "BertForTokenClassification",
    modelType: "bert",
    labels: ENTITIES,
    seed: 102,
    head: "token",
  },
  {
    id: `${DEMO_OWNER}/tiny-bert-fill-mask-onnx`,
    task: "fill-mask",
    architecture: "BertForMaskedLM",
    modelType: "bert",
    seed: 103,
    head: "masked-lm",
  },
  {
    id: `${DEMO_OWNER}/tiny-bert-embeddings-onnx`,
    task: "feature-extraction",
    architecture: "BertModel",
    modelType: "bert",
    seed: 104,
    head: "hidden",
  },
  {
    id: `${DEMO_OWNER}/tiny-bert-sentence-similarity-onnx`,
    task: "sentence-similarity",
    architecture: "BertModel",
    modelType: "bert",
    tags: ["sentence-transformers", "feature-extraction"],
    seed: 105,
    head: "hidden",
  },
  {
    id: `${DEMO_OWNER}/tiny-bert-zero-shot-onnx`,
    task: "zero-shot-classification",
    architecture: "BertForSequenceClassification",
    modelType: "bert",
    labels: NLI,
    seed: 106,
    head: "sequence",
  },
  {
    id: `${DEMO_OWNER}/tiny-bert-squad-onnx`,
    task: "question-answering",
    architecture: "BertForQuestionAnswering",
    modelType: "bert",
    seed: 107,
    head: "span",
  },
  {
    id: `${DEMO_OWNER}/tiny-vit-image-classification-onnx`,
    task: "image-classification",
    architecture: "ViTForImageClassification",
    modelType: "vit",
    labels: IMAGE_LABELS,
    seed: 108,
  },
];

/** A file of a demo model: path and bytes (JSON files as text). */
export interface DemoOnnxFile {
  path: string;
  content: string | Uint8Array;
}

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

function config(model: DemoOnnxModel): Record<string, unknown> {
  const labels = model.labels ?? [];
  const base: Record<string, unknown> = {
    architectures: [model.architecture],
    model_type: model.modelType,
    hidden_size: HIDDEN_SIZE,
    num_hidden_layers: 1,
    num_attention_heads: 1,
    intermediate_size: HIDDEN_SIZE,
  };
  if (labels.length > 0) {
    base.id2label = Object.fromEntries(labels.map((label, i) => [String(i), label]));
    base.label2id = Object.fromEntries(labels.map((label, i) => [label, i]));
  }
  if (model.modelType === "vit")
    return { ...base, image_size: IMAGE_SIZE, num_channels: 3, patch_size: IMAGE_SIZE };
  return { ...base, vocab_size: vocabulary().length, max_position_embeddings: 512, type_vocab_size: 2 };
}

function onnxBytes(model: DemoOnnxModel): Uint8Array {
  if (model.modelType === "vit") return imageGraph(model.seed, model.labels?.length ?? 0);
  const vocabularySize = vocabulary().length;
  const kind = model.head ?? "hidden";
  switch (kind) {
    case "sequence":
    case "token":
      return textGraph(model.seed, vocabularySize, { kind, labels: model.labels?.length ?? 0 });
    case "masked-lm":
      return textGraph(model.seed, vocabularySize, { kind, vocabularySize });
    default:
      return textGraph(model.seed, vocabularySize, { kind });
  }
}

/** Every file of a demo model in the transformers.js layout (README excluded). */
export function demoOnnxFiles(model: DemoOnnxModel): DemoOnnxFile[] {
  const files: DemoOnnxFile[] = [{ path: "config.json", content: json(config(model)) }];
  if (model.modelType === "vit") {
    files.push({
      path: "preprocessor_config.json",
      content: json({
        image_processor_type: "ViTImageProcessor",
        do_resize: true,
        size: { height: IMAGE_SIZE, width: IMAGE_SIZE },
        resample: 2,
        do_rescale: true,
        rescale_factor: 1 / 255,
        do_normalize: true,
        image_mean: [0.5, 0.5, 0.5],
        image_std: [0.5, 0.5, 0.5],
      }),
    });
  } else {
    files.push(
      { path: "tokenizer.json", content: json(tokenizerJson()) },
      { path: "tokenizer_config.json", content: json(tokenizerConfigJson()) },
    );
  }
  files.push({ path: "onnx/model.onnx", content: onnxBytes(model) });
  return files;
}

export function demoOnnxModel(id: string): DemoOnnxModel | undefined {
  return DEMO_ONNX_MODELS.find((model) => model.id.toLowerCase() === id.toLowerCase());
}
