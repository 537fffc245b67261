import { python, type ModelData } from "@modelhub/tasks";
import type { SnippetSetJson } from "../hub-api/wire.js";
import type { ProviderMappingRow } from "./repos.js";
import { inferenceSnippets, librarySnippets, type ProviderMappingArg } from "./snippet-sources.js";

/** Inference snippets for the chosen provider, library snippets (one group: the model's library). */
export type SnippetSet = SnippetSetJson;

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

function isHuggingFace(url: string): boolean {
  return /^https:\/\/(www\.)?huggingface\.co$/i.test(url.replace(/\/+$/, ""));
}

/**
 * Python library snippets load files through huggingface_hub, which reads HF_ENDPOINT when imported;
 * setting it first makes the snippet fetch from this hub.
 */
function withEndpointHint(snippet: string, hubUrl: string): string {
  const looksPython = /^(from \S+ import |import \S+)/m.test(snippet);
  if (!looksPython) return snippet;
  const hint = python`import os
os.environ["HF_ENDPOINT"] = ${hubUrl}
`;
  return `${hint}\n${snippet}`;
}

export function buildSnippets(
  model: ModelData,
  mappings: ProviderMappingRow[],
  request: SnippetRequest,
): SnippetSet {
  const live = mappings.filter((m) => m.status === "live");
  const requested = request.provider && request.provider !== "" ? request.provider : "auto";
  const mapping =
    requested === "auto" ? (live[0] ?? mappings[0]) : mappings.find((m) => m.provider === requested);
  const inference = inferenceSnippets(
    model,
    requested,
    mapping ? toMappingArg(model.id, mapping) : undefined,
    {
      streaming: request.streaming,
    },
  );
  const library = librarySnippets(model);
  const external = !isHuggingFace(request.hubUrl);
  return {
    model: model.id,
    provider: requested,
    providers: mappings.map((m) => m.provider),
    inference,
    libraries: library
      ? [
          {
            ...library,
            snippets: external
              ? library.snippets.map((s) => withEndpointHint(s, request.hubUrl))
              : library.snippets,
          },
        ]
      : [],
    ...(external ? { hubUrl: request.hubUrl } : {}),
  };
}
