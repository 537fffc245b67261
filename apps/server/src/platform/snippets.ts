import type { ModelData } from "@modelhub/tasks";
import type { SnippetSet } from "@modelhub/api-types";
import type { ProviderMappingRow } from "./repos.js";
import { inferenceSnippets, librarySnippets, type ProviderMappingArg } from "./snippet-sources.js";

export interface SnippetRequest {
  provider?: string;
  streaming?: boolean;
  /** The hub's public URL. */
  hubUrl: string;
}

function toMappingArg(modelId: string, row: ProviderMappingRow): ProviderMappingArg {
  return {
    provider: row.provider,
    hfModelId: modelId,
    providerId: row.provider_id,
    status: row.status === "staging" ? "staging" : "live",
    task: row.task,
    ...(row.adapter ? { adapter: row.adapter } : {}),
    ...(row.adapter_weights_path ? { adapterWeightsPath: row.adapter_weights_path } : {}),
  };
}

/**
 * Snippets for one of this hub's own backends: they call the hub's gateway with the hub token in
 * HF_TOKEN. Chat models go through `<hub>/v1`; other text-generation models through the router-shaped
 * `<hub>/hf-inference/models/{id}` (its `/v1/completions`, or the `inputs` task API). Naming the backend
 * (`id:backend`) pins it; `auto` lets the gateway choose.
 */
function gatewaySnippets(
  model: ModelData,
  mapping: ProviderMappingRow,
  pinBackend: boolean,
  request: SnippetRequest,
) {
  const hub = request.hubUrl.replace(/\/+$/, "");
  const chat = mapping.task === "conversational";
  const target = pinBackend ? { ...model, id: `${model.id}:${mapping.provider}` } : model;
  return inferenceSnippets(target, "hf-inference", undefined, {
    streaming: request.streaming,
    endpointUrl: chat ? `${hub}/v1` : `${hub}/hf-inference/models/${model.id}`,
    tokenVariable: "HF_TOKEN",
  });
}

function isHuggingFace(url: string): boolean {
  return /^https:\/\/(www\.)?huggingface\.co$/i.test(url.replace(/\/+$/, ""));
}

/**
 * Inference snippets for the chosen provider (none when no provider serves the model: the router would
 * not know it, as on the Hub, and `deployed` is false) and the model's library snippets, pointed at this
 * hub when it is not huggingface.co.
 */
export function buildSnippets(
  model: ModelData,
  mappings: ProviderMappingRow[],
  request: SnippetRequest,
): SnippetSet {
  const live = mappings.filter((m) => m.status === "live");
  const requested = request.provider && request.provider !== "" ? request.provider : "auto";
  const mapping =
    requested === "auto" ? (live[0] ?? mappings[0]) : mappings.find((m) => m.provider === requested);
  const deployed = mappings.length > 0;
  const inference = !deployed
    ? []
    : mapping?.served_by_hub === 1
      ? gatewaySnippets(model, mapping, requested !== "auto", request)
      : inferenceSnippets(model, requested, mapping ? toMappingArg(model.id, mapping) : undefined, {
          streaming: request.streaming,
        });
  const external = !isHuggingFace(request.hubUrl);
  const library = librarySnippets(model, external ? request.hubUrl : undefined);
  return {
    model: model.id,
    provider: requested,
    providers: mappings.map((m) => m.provider),
    deployed,
    inference,
    libraries: library ? [library] : [],
    ...(external ? { hubUrl: request.hubUrl } : {}),
  };
}
