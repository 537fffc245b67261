import { isObject, parseJsonObject, parseYamlObject, pick, type JsonObject } from "./json-file.js";
import type { RepoFiles } from "./repo-files.js";

const MAX_CONFIG_BYTES = 4 * 1024 * 1024;
const CONFIG_KEYS = [
  "architectures",
  "model_type",
  "auto_map",
  "quantization_config",
  "task_specific_params",
  "sklearn",
  "speechbrain",
  "adapter_transformers",
];
const TOKENIZER_KEYS = [
  "chat_template",
  "bos_token",
  "eos_token",
  "mask_token",
  "pad_token",
  "unk_token",
  "sep_token",
  "cls_token",
  "use_default_system_prompt",
];
const KERAS_HUB_TASKS = [
  "CausalLM",
  "Seq2SeqLM",
  "TextClassifier",
  "TextToImage",
  "ImageToImage",
  "Inpaint",
  "ImageClassifier",
  "ImageSegmenter",
  "ImageObjectDetector",
  "AudioToText",
  "MaskedLM",
];

/** The `config` object of the model record plus the raw files other steps look at. */
export interface ModelConfigResult {
  config: JsonObject;
  configJson?: JsonObject;
  hasChatTemplate: boolean;
  maskToken?: string;
  libraryHints: {
    peft: boolean;
    sklearn: boolean;
    speechbrain: boolean;
    kerasHub: boolean;
    diffusers: boolean;
    sentenceTransformers: boolean;
    transformers: boolean;
  };
  peftTaskType?: string;
  hasVisionConfig: boolean;
  preprocessor?: JsonObject;
}

function tokenContent(value: unknown): string | undefined {
  if (typeof value === "string") return value;
  if (isObject(value) && typeof value.content === "string") return value.content;
  return undefined;
}

export async function readModelConfig(files: RepoFiles, warnings: string[]): Promise<ModelConfigResult> {
  const has = new Set(files.files.map((file) => file.path));
  const read = (path: string) =>
    has.has(path) ? files.read(path, MAX_CONFIG_BYTES) : Promise.resolve(undefined);
  const config: JsonObject = {};

  const configJson = parseJsonObject("config.json", await read("config.json"), warnings);
  if (configJson) Object.assign(config, pick(configJson, CONFIG_KEYS));

  const adapter = parseJsonObject("adapter_config.json", await read("adapter_config.json"), warnings);
  if (adapter)
    config.peft = pick(adapter, [
      "task_type",
      "base_model_name_or_path",
      "peft_type",
      "r",
      "lora_alpha",
      "target_modules",
    ]);

  const tokenizer = parseJsonObject("tokenizer_config.json", await read("tokenizer_config.json"), warnings);
  if (tokenizer) config.tokenizer_config = pick(tokenizer, TOKENIZER_KEYS);

  const templateFile = await read("chat_template.jinja");
  if (templateFile) config.chat_template_jinja = templateFile.toString("utf8");
  const processorConfig = parseJsonObject(
    "processor_config.json",
    await read("processor_config.json"),
    warnings,
  );
  if (processorConfig && typeof processorConfig.chat_template === "string")
    config.processor_config = { chat_template: processorConfig.chat_template };
  const chatTemplateJson = parseJsonObject("chat_template.json", await read("chat_template.json"), warnings);
  if (chatTemplateJson && typeof chatTemplateJson.chat_template === "string" && !config.processor_config) {
    config.processor_config = { chat_template: chatTemplateJson.chat_template };
  }

  const modelIndex = parseJsonObject("model_index.json", await read("model_index.json"), warnings);
  if (modelIndex) config.diffusers = pick(modelIndex, ["_class_name", "_diffusers_version"]);

  const hyperparams = has.has("hyperparams.yaml") ? await read("hyperparams.yaml") : undefined;
  let speechbrain = false;
  if (hyperparams) {
    speechbrain = true;
    const parsed = parseYamlObject("hyperparams.yaml", hyperparams, []);
    if (!config.speechbrain && parsed && typeof parsed.speechbrain_interface === "string") {
      config.speechbrain = { speechbrain_interface: parsed.speechbrain_interface };
    }
  }

  const kerasMetadata = parseJsonObject("metadata.json", await read("metadata.json"), warnings);
  const kerasHub = Boolean(
    kerasMetadata &&
    (kerasMetadata.keras_hub_version !== undefined || kerasMetadata.keras_nlp_version !== undefined),
  );
  if (kerasHub) {
    const taskJson = parseJsonObject("task.json", await read("task.json"), warnings);
    const className = typeof taskJson?.class_name === "string" ? taskJson.class_name : "";
    const tasksFound = KERAS_HUB_TASKS.filter((task) => className.endsWith(task));
    config.keras_hub = { tasks: tasksFound };
  }

  const tokenizerTemplate = tokenizer?.chat_template;
  const hasChatTemplate = Boolean(
    (typeof tokenizerTemplate === "string" && tokenizerTemplate !== "") ||
    (Array.isArray(tokenizerTemplate) && tokenizerTemplate.length > 0) ||
    config.chat_template_jinja ||
    config.processor_config,
  );
  const preprocessor = parseJsonObject(
    "preprocessor_config.json",
    await read("preprocessor_config.json"),
    warnings,
  );
  const sklearn =
    Boolean(configJson?.sklearn) || [...has].some((path) => path.endsWith(".joblib") || path === "skops.pkl");
  return {
    config,
    configJson,
    hasChatTemplate,
    maskToken: tokenContent(tokenizer?.mask_token),
    libraryHints: {
      peft: Boolean(adapter),
      sklearn,
      speechbrain,
      kerasHub,
      diffusers: Boolean(modelIndex),
      sentenceTransformers: has.has("modules.json") || has.has("config_sentence_transformers.json"),
      transformers:
        Boolean(configJson && (configJson.architectures || configJson.model_type)) && !configJson?.sklearn,
    },
    peftTaskType: typeof adapter?.task_type === "string" ? adapter.task_type : undefined,
    hasVisionConfig: Boolean(configJson && isObject(configJson.vision_config)),
    preprocessor,
  };
}
