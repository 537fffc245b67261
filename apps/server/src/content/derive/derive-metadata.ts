import { arxivTags, baseModelTags, datasetCardTags, type BaseModelRelation } from "./card-tags.js";
import { MAX_README_BYTES, stringList } from "../../cards/front-matter.js";
import { parseCardOffThread } from "../../offload/codec.js";
import type { GgufFileInfo } from "./gguf-summary.js";
import { summariseGguf } from "./gguf-summary.js";
import { summariseSafetensors, type SafetensorsCache } from "./safetensors-summary.js";
import { isObject, type JsonObject } from "./json-file.js";
import { readModelConfig, type ModelConfigResult } from "./model-config.js";
import type { RepoFiles } from "./repo-files.js";
import { pipelineOfPeftTask, transformersInfoOf, type TransformersInfo } from "./transformers-info.js";
import type { DerivedMetadata } from "../../domain/repo.js";

const CHAT_PIPELINES = new Set(["text-generation", "image-text-to-text"]);
const SPACE_FIELDS = [
  "title",
  "emoji",
  "colorFrom",
  "colorTo",
  "sdk",
  "sdk_version",
  "app_file",
  "app_port",
  "pinned",
  "short_description",
];

export interface DeriveCaches {
  gguf: Map<string, GgufFileInfo>;
  safetensors: SafetensorsCache;
}

function inferLibrary(hints: ModelConfigResult["libraryHints"], hasGguf: boolean): string | undefined {
  if (hints.peft) return "peft";
  if (hints.diffusers) return "diffusers";
  if (hints.sentenceTransformers) return "sentence-transformers";
  if (hints.sklearn) return "sklearn";
  if (hints.speechbrain) return "speechbrain";
  if (hints.kerasHub) return "keras-hub";
  if (hints.transformers) return "transformers";
  if (hasGguf) return "gguf";
  return undefined;
}

function formatTags(paths: string[]): string[] {
  const tags: string[] = [];
  if (paths.some((path) => path.endsWith(".safetensors"))) tags.push("safetensors");
  if (
    paths.some(
      (path) => /(^|\/)pytorch_model.*\.bin$/.test(path) || path.endsWith(".pt") || path.endsWith(".pth"),
    )
  )
    tags.push("pytorch");
  if (paths.some((path) => path.toLowerCase().endsWith(".gguf"))) tags.push("gguf");
  if (paths.some((path) => path.endsWith(".onnx"))) tags.push("onnx");
  if (paths.some((path) => path.endsWith(".h5") || path.endsWith(".keras"))) tags.push("keras");
  return tags;
}

function inferredRelation(
  config: ModelConfigResult,
  hasGguf: boolean,
  cardTags: string[],
): BaseModelRelation {
  if (config.libraryHints.peft || cardTags.includes("lora")) return "adapter";
  if (hasGguf || config.config.quantization_config !== undefined) return "quantized";
  return "finetune";
}

function widgetOf(cardData: JsonObject | undefined): Record<string, unknown>[] | undefined {
  const widget = cardData?.widget;
  if (!Array.isArray(widget)) return undefined;
  return widget.filter(isObject);
}

/** Computes the repo record fields that come from its files at one commit. Never throws on bad content. */
export async function deriveMetadata(files: RepoFiles, caches: DeriveCaches): Promise<DerivedMetadata> {
  const warnings: string[] = [];
  const paths = files.files.map((file) => file.path);
  const usedStorage = files.files.reduce((sum, file) => sum + file.size, 0);
  const result: DerivedMetadata = { tags: [], warnings, usedStorage, siblings: files.files };

  const readme = paths.includes("README.md")
    ? (await files.read("README.md", MAX_README_BYTES))?.toString("utf8")
    : undefined;
  if (paths.includes("README.md") && readme === undefined)
    warnings.push("README.md is too large to read its card");
  const card = readme === undefined ? {} : await parseCardOffThread(readme);
  if (card.warning) warnings.push(card.warning);
  const cardData = card.cardData;
  if (cardData) result.cardData = cardData;
  result.cardExists = readme !== undefined;

  if (files.type === "dataset") {
    result.tags = unique(cardData ? datasetCardTags(cardData) : []);
    return result;
  }
  if (files.type === "kernel") {
    // a kernel's files are build outputs and sources, not a model: only its card says anything
    result.tags = unique([
      ...stringList(cardData?.tags),
      ...stringList(cardData?.license).map((license) => `license:${license}`),
    ]);
    return result;
  }
  if (files.type === "space") {
    const sdk = typeof cardData?.sdk === "string" ? cardData.sdk : undefined;
    if (sdk) result.sdk = sdk;
    result.spaceFields = cardData
      ? Object.fromEntries(
          SPACE_FIELDS.filter((key) => cardData[key] !== undefined).map((key) => [key, cardData[key]]),
        )
      : {};
    result.tags = unique([
      ...(sdk ? [sdk] : []),
      ...stringList(cardData?.tags),
      ...stringList(cardData?.license).map((license) => `license:${license}`),
    ]);
    return result;
  }

  const modelConfig = await readModelConfig(files, warnings);
  if (Object.keys(modelConfig.config).length > 0) result.config = modelConfig.config;
  if (modelConfig.maskToken) result.mask_token = modelConfig.maskToken;

  const gguf = await summariseGguf(files, caches.gguf, warnings);
  if (gguf) result.gguf = { ...gguf };
  const hasGguf = gguf !== undefined;
  const safetensors = await summariseSafetensors(files, caches.safetensors, warnings);
  if (safetensors) result.safetensors = safetensors;

  const cardLibrary = typeof cardData?.library_name === "string" ? cardData.library_name : undefined;
  const library = cardLibrary ?? inferLibrary(modelConfig.libraryHints, hasGguf);
  if (library) result.library_name = library;

  let transformersInfo: TransformersInfo | undefined;
  const configJson = modelConfig.configJson;
  if (
    configJson &&
    (library === "transformers" || library === undefined || modelConfig.libraryHints.transformers)
  ) {
    const architectures = stringList(configJson.architectures);
    transformersInfo = transformersInfoOf({
      architectures,
      modelType: typeof configJson.model_type === "string" ? configJson.model_type : undefined,
      hasVisionConfig: modelConfig.hasVisionConfig,
      hasTokenizer: paths.includes("tokenizer_config.json") || paths.includes("tokenizer.json"),
      hasImageProcessor: Boolean(
        modelConfig.preprocessor &&
        (modelConfig.preprocessor.image_processor_type || modelConfig.preprocessor.image_mean),
      ),
      hasFeatureExtractor: Boolean(
        modelConfig.preprocessor && modelConfig.preprocessor.feature_extractor_type,
      ),
      hasProcessorConfig: paths.includes("processor_config.json"),
      autoMap: isObject(configJson.auto_map) ? configJson.auto_map : undefined,
    });
  }
  if (transformersInfo && library === "transformers") result.transformersInfo = { ...transformersInfo };

  const cardPipeline = typeof cardData?.pipeline_tag === "string" ? cardData.pipeline_tag : undefined;
  const pipeline =
    cardPipeline ??
    (library === "transformers" ? transformersInfo?.pipeline_tag : undefined) ??
    (library === "peft" ? pipelineOfPeftTask(modelConfig.peftTaskType) : undefined) ??
    (library === "sentence-transformers" ? "sentence-similarity" : undefined) ??
    (library === "diffusers" ? "text-to-image" : undefined) ??
    (library === "gguf" && gguf?.chat_template ? "text-generation" : undefined);
  if (pipeline) result.pipeline_tag = pipeline;
  if (result.transformersInfo && pipeline && !transformersInfo?.pipeline_tag)
    result.transformersInfo.pipeline_tag = pipeline;

  const widget = widgetOf(cardData);
  if (widget) result.widgetData = widget;

  const cardTags = stringList(cardData?.tags);
  const conversational =
    (modelConfig.hasChatTemplate || Boolean(gguf?.chat_template)) &&
    (pipeline === undefined || CHAT_PIPELINES.has(pipeline));
  const modelType = typeof modelConfig.config.model_type === "string" ? [modelConfig.config.model_type] : [];
  result.tags = unique([
    ...(library ? [library] : []),
    ...formatTags(paths),
    ...modelType,
    ...(pipeline ? [pipeline] : []),
    ...cardTags,
    ...(conversational ? ["conversational"] : []),
    ...(modelConfig.config.auto_map ? ["custom_code"] : []),
    ...stringList(cardData?.language),
    ...(readme ? arxivTags(readme) : []),
    ...stringList(cardData?.datasets).map((dataset) => `dataset:${dataset}`),
    ...(cardData ? baseModelTags(cardData, inferredRelation(modelConfig, hasGguf, cardTags)) : []),
    ...stringList(cardData?.license).map((license) => `license:${license}`),
  ]);
  return result;
}

function unique(tags: string[]): string[] {
  return [...new Set(tags.filter((tag) => tag !== ""))];
}
