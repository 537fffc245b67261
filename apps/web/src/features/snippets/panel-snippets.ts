import type { InferenceSnippet, RepoInfo } from "@modelhub/api-types";
import type { ProviderMappingListItem } from "@modelhub/api-types";
import { localInferenceSnippets } from "../../lib/snippets/generator.js";
import {
  generatorTarget,
  hubBackendOf,
  hubEndpointUrl,
  isHubChoice,
  SELF_HOSTED,
  snippetOptionsFor,
  type PanelState,
} from "../../lib/snippets/panel-options.js";

/**
 * The inference snippets the panel shows for `provider`. A self-hosted server without a valid URL
 * gets none: without `endpointUrl` the generator would fall back to the public router. The hub
 * choices call this hub (`hubOrigin`), and get none without it.
 */
export function panelInferenceSnippets(
  model: RepoInfo,
  mappings: ProviderMappingListItem[],
  state: PanelState,
  provider: string,
  conversational: boolean,
  hubOrigin?: string,
): InferenceSnippet[] {
  const options = snippetOptionsFor({ ...state, provider }, conversational);
  if (provider === SELF_HOSTED && options.endpointUrl === undefined) return [];
  if (isHubChoice(provider)) {
    if (hubOrigin === undefined) return [];
    // The gateway takes the hub id, or `id:backend` for one backend (the generator writes `model.id`),
    // and a token of this hub, which the Hugging Face clients read from HF_TOKEN.
    const backend = hubBackendOf(provider);
    const target = backend === undefined ? model : { ...model, id: `${model.id}:${backend}` };
    return localInferenceSnippets(target, "hf-inference", undefined, {
      ...options,
      endpointUrl: hubEndpointUrl(hubOrigin, model.id, conversational),
      tokenVariable: "HF_TOKEN",
    });
  }
  const target = generatorTarget(model, provider, mappings);
  return localInferenceSnippets(model, target.provider, target.mapping, options);
}
