import { LocalFile, mimeTypeOf } from "../request/local-file.js";
import { hasFiles, isBodyObject, splitArgs, type BodyObject } from "../request/body.js";
import type { InferenceTask } from "../types.js";
import { defineProvider, type RequestContext, type TaskHelper, type TaskHelpers } from "./define-provider.js";
import { pathOf } from "./helpers.js";
import { compact } from "../request/body.js";

const BASE = "https://router.huggingface.co/hf-inference";
const modelRoute = (ctx: RequestContext) => `models/${pathOf(ctx.providerModelId)}`;

/** Tasks whose input file is sent as the raw request body. */
const FILE_BODY_TASKS = new Set<InferenceTask>([
  "audio-classification",
  "automatic-speech-recognition",
  "audio-to-audio",
  "image-classification",
  "image-segmentation",
  "object-detection",
  "image-to-text",
  // Served by endpoints only (see ENDPOINT_KIND_OF_PIPELINE): the image is the body, as for the others.
  "depth-estimation",
  "image-feature-extraction",
]);

/** Encodes every file in the arguments as base64 (the JSON tasks that take images). */
function base64Files(args: BodyObject): BodyObject {
  // most arguments hold no file: they are sent as they are (nothing downstream changes a body)
  if (!hasFiles(args)) return args;
  const encode = (value: BodyObject[string]): BodyObject[string] => {
    if (value instanceof LocalFile) return value.as("base64");
    if (Array.isArray(value)) return value.map(encode);
    if (isBodyObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encode(v)]));
    return value;
  };
  return encode(args) as BodyObject;
}

function genericTask(task: InferenceTask, response: TaskHelper["response"] = "json"): TaskHelper {
  return {
    route: modelRoute,
    endpoint: (url) => url,
    response,
    body: ({ args }) => {
      const { inputs, parameters } = splitArgs(args);
      const withoutParameters = Object.keys(parameters).length === 0;
      if (
        inputs instanceof LocalFile &&
        (FILE_BODY_TASKS.has(task) || (task === "image-to-image" && withoutParameters))
      ) {
        return { type: "file", file: inputs, contentType: mimeTypeOf(inputs.path) };
      }
      return { type: "json", value: base64Files(args) };
    },
  };
}

function pipelineTask(task: "feature-extraction" | "sentence-similarity"): TaskHelper {
  return { ...genericTask(task), route: (ctx) => `${modelRoute(ctx)}/pipeline/${task}` };
}

/** `…/v1` → `…/v1/<suffix>`; a URL already ending in the suffix is kept; otherwise `/v1/<suffix>` is added. */
function openAiEndpoint(url: string, suffix: string): string {
  const base = url.replace(/\/+$/, "");
  if (base.endsWith(`/${suffix}`)) return base;
  if (base.endsWith("/v1")) return `${base}/${suffix}`;
  return `${base}/v1/${suffix}`;
}

const conversational: TaskHelper = {
  route: (ctx) => `${modelRoute(ctx)}/v1/chat/completions`,
  endpoint: (url) => openAiEndpoint(url, "chat/completions"),
  response: "chat",
  body: ({ args, providerModelId }) => {
    const { model: _ignored, ...rest } = args;
    return { type: "json", value: { ...rest, model: providerModelId } };
  },
};

const textGeneration: TaskHelper = {
  route: (ctx) => `${modelRoute(ctx)}/v1/completions`,
  endpoint: (url) => openAiEndpoint(url, "completions"),
  response: "json",
  body: ({ args, providerModelId }) => {
    const { inputs, parameters, rest } = splitArgs(args);
    const { max_new_tokens, ...otherParameters } = parameters;
    return {
      type: "json",
      value: compact({
        model: providerModelId,
        ...rest,
        max_tokens: max_new_tokens,
        ...otherParameters,
        prompt: inputs,
      }),
    };
  },
};

const JSON_TASKS: InferenceTask[] = [
  "audio-classification",
  "audio-to-audio",
  "automatic-speech-recognition",
  "document-question-answering",
  "fill-mask",
  "image-classification",
  "image-segmentation",
  "image-to-text",
  "object-detection",
  "question-answering",
  "summarization",
  "table-question-answering",
  "tabular-classification",
  "tabular-regression",
  "text-classification",
  "token-classification",
  "translation",
  "visual-question-answering",
  "zero-shot-classification",
  "zero-shot-image-classification",
  "depth-estimation",
  "image-feature-extraction",
  "zero-shot-object-detection",
];
const BINARY_TASKS: InferenceTask[] = ["image-to-image", "text-to-audio", "text-to-image", "text-to-speech"];

const tasks: TaskHelpers = {
  ...Object.fromEntries(JSON_TASKS.map((task) => [task, genericTask(task)])),
  ...Object.fromEntries(BINARY_TASKS.map((task) => [task, genericTask(task, "binary")])),
  "feature-extraction": pipelineTask("feature-extraction"),
  "sentence-similarity": pipelineTask("sentence-similarity"),
  conversational,
  "text-generation": textGeneration,
};

export const hfInference = defineProvider({
  id: "hf-inference",
  hubOrg: "hf-inference",
  directBaseUrl: BASE,
  acceptsEndpointUrl: true,
  tasks,
});
