import { isConversational, type ModelData, type PipelineType } from "@modelhub/tasks";
import { buildInferenceRequest, type InferenceRequest } from "../request/build-request.js";
import type { InferenceProviderMapping, InferenceSnippet, InferenceTask, SnippetOptions } from "../types.js";
import { findProvider } from "../providers/index.js";
import { logError } from "../log.js";
import type { ClientTemplate, SnippetContext } from "./context.js";
import { exampleInput } from "./example-inputs.js";
import { argsOf, prepareInput } from "./prepared-input.js";
import { ENDPOINT_KIND_OF_PIPELINE, KIND_OF_PIPELINE, type SnippetKind } from "./task-kinds.js";
import { chooseTokenSource } from "./token.js";
import { pythonOpenai } from "./clients/python-openai.js";
import { pythonHuggingfaceHub } from "./clients/python-huggingface-hub.js";
import { pythonFalClient } from "./clients/python-fal-client.js";
import { pythonRequests } from "./clients/python-requests.js";
import { jsOpenai } from "./clients/js-openai.js";
import { jsHuggingface } from "./clients/js-huggingface.js";
import { jsFetch } from "./clients/js-fetch.js";
import { shCurl } from "./clients/sh-curl.js";

/** Output order: python, js, sh; within each language, this client order. */
const CLIENTS: readonly ClientTemplate[] = [
  pythonOpenai,
  pythonHuggingfaceHub,
  pythonFalClient,
  pythonRequests,
  jsOpenai,
  jsHuggingface,
  jsFetch,
  shCurl,
];

/** With `auto`, only the hub clients can let the router pick a provider for non-chat tasks. */
const AUTO_POLICY_CLIENTS = new Set(["huggingface_hub", "huggingface.js"]);

/** The provider whose request shapes an `endpointUrl` follows. */
const ENDPOINT_PROVIDER = "hf-inference";

const CHAT_COMPLETIONS = "/chat/completions";

const ROUTED_PLACEHOLDER = "hf_token_placeholder";
const DIRECT_PLACEHOLDER = "not_hf_token_placeholder";

/** Kinds whose example is structured data, possibly given as JSON text. */
const STRUCTURED_KINDS = new Set<SnippetKind>([
  "questionAnswering",
  "tableQuestionAnswering",
  "documentQuestionAnswering",
  "imageToImage",
  "imageToVideo",
  "tabular",
]);

const OUTPUT_FILES: Partial<Record<PipelineType, string>> = {
  "text-to-image": "output.png",
  "image-to-image": "output.png",
  "image-text-to-image": "output.png",
  "text-to-speech": "output.flac",
  "text-to-audio": "output.flac",
  "audio-to-audio": "output.flac",
  "text-to-video": "output.mp4",
  "image-to-video": "output.mp4",
  "image-text-to-video": "output.mp4",
};

/**
 * Whether the provider mapping serves the model as a chat model: the mapping of that provider says
 * `task: "conversational"` (for `auto`, the mapping given is the first live one, so it must be live).
 */
function mappingIsChat(provider: string, mapping: InferenceProviderMapping | undefined): boolean {
  if (mapping?.task !== "conversational") return false;
  return provider === "auto" ? mapping.status === "live" : mapping.provider === provider;
}

function snippetKind(
  model: ModelData,
  pipeline: PipelineType,
  streaming: boolean,
  chatMapping: boolean,
  endpoint: boolean,
): { kind: SnippetKind; task: InferenceTask } | undefined {
  const kind = KIND_OF_PIPELINE[pipeline] ?? (endpoint ? ENDPOINT_KIND_OF_PIPELINE[pipeline] : undefined);
  if (!kind) return undefined;
  const chatPipeline = pipeline === "text-generation" || pipeline === "image-text-to-text";
  if (chatPipeline && (isConversational(model) || chatMapping)) {
    return { kind: streaming ? "conversationalStream" : "conversational", task: "conversational" };
  }
  // image-text-to-text without the chat tag keeps its own task, which only `auto` can serve.
  return { kind: kind === "conversational" && streaming ? "conversationalStream" : kind, task: pipeline };
}

/** JSON text given for a structured input is parsed; text that is not JSON is logged and used as is. */
function structuredExample(kind: SnippetKind, pipeline: PipelineType, value: unknown): unknown {
  const structured = STRUCTURED_KINDS.has(kind) || pipeline === "sentence-similarity";
  if (!structured || typeof value !== "string" || !/^\s*[{[]/.test(value)) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch (error) {
    logError(`Failed to parse the inputs as JSON, using them as they are: ${(error as Error).message}`);
    return value;
  }
}

function tryBuildRequest(
  build: () => InferenceRequest,
  provider: string,
  task: InferenceTask,
): InferenceRequest | undefined {
  try {
    return build();
  } catch (error) {
    logError(`Failed to get provider helper for ${provider} (${task}): ${(error as Error).message}`);
    return undefined;
  }
}

/**
 * Code snippets (python, js, sh) calling `model` through `provider` (a provider name or `auto`).
 * Returns [] (and logs why) when the provider cannot serve the model's task.
 */
export function getInferenceSnippets(
  model: ModelData,
  requestedProvider: string,
  requestedMapping?: InferenceProviderMapping,
  opts: SnippetOptions = {},
): InferenceSnippet[] {
  const pipeline = model.pipeline_tag;
  if (!pipeline) return [];
  const chatMapping = mappingIsChat(requestedProvider, requestedMapping);
  const resolved = snippetKind(model, pipeline, opts.streaming === true, chatMapping, !!opts.endpointUrl);
  if (!resolved) return [];
  // An endpoint is the user's own server (TGI, vLLM, llama.cpp, Ollama, an Inference Endpoint): it
  // speaks the endpoint protocol whichever provider was picked, and serves the model under its Hub id.
  const provider = opts.endpointUrl ? ENDPOINT_PROVIDER : requestedProvider;
  const providerMapping = opts.endpointUrl ? undefined : requestedMapping;
  const { kind, task } = resolved;
  // Refuse before preparing anything: most providers serve only a few tasks.
  const definition = findProvider(provider);
  if (definition && !definition.tasks[task]) {
    logError(
      `Failed to get provider helper for ${provider} (${task}): Task '${task}' not supported for provider '${provider}'.`,
    );
    return [];
  }
  const chat = kind === "conversational" || kind === "conversationalStream";
  const example = exampleInput(model, chat);
  const value = !chat && opts.inputs !== undefined ? opts.inputs : example.value;
  const input = prepareInput(kind, structuredExample(kind, pipeline, value), opts, example.parameters);

  const routable = provider === "auto" || (definition?.routable ?? true);
  const directRequested = opts.directRequest === true || !routable;
  const request = tryBuildRequest(
    () =>
      buildInferenceRequest({
        provider,
        task,
        model: model.id,
        mapping: providerMapping,
        args: argsOf(input),
        accessToken: opts.accessToken ?? (directRequested ? DIRECT_PLACEHOLDER : ROUTED_PLACEHOLDER),
        directRequest: directRequested,
        endpointUrl: opts.endpointUrl,
        billTo: opts.billTo,
        stream: kind === "conversationalStream",
        autoRouter: true,
        hubUrl: opts.hubUrl,
      }),
    provider,
    task,
  );
  if (!request) return [];

  const ctx: SnippetContext = {
    model,
    pipeline,
    provider,
    task,
    input,
    request,
    token: chooseTokenSource({
      accessToken: opts.accessToken,
      endpointUrl: opts.endpointUrl,
      tokenVariable: opts.tokenVariable,
      direct: request.direct,
      provider: request.provider,
    }),
    options: opts,
    direct: request.direct,
    chatModel: request.providerModelId,
    openAiBaseUrl: request.url.endsWith(CHAT_COMPLETIONS)
      ? request.url.slice(0, -CHAT_COMPLETIONS.length)
      : request.url,
    outputFile: OUTPUT_FILES[pipeline] ?? "output.bin",
  };

  const snippets: InferenceSnippet[] = [];
  for (const template of CLIENTS) {
    if (provider === "auto" && task !== "conversational" && !AUTO_POLICY_CLIENTS.has(template.client))
      continue;
    // Templates write no leading or trailing white space (the matrix test checks it).
    const content = template.render(ctx);
    if (content) snippets.push({ language: template.language, client: template.client, content });
  }
  return snippets;
}
