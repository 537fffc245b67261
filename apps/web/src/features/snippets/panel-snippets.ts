import type { InferenceSnippet, RepoInfo } from "../../lib/api-types.js";
import type { ProviderMapping } from "../repos/api/get-provider-mapping.js";
import { localInferenceSnippets } from "./generator.js";
import {
  generatorTarget,
  hubBackendOf,
  isHubChoice,
  SELF_HOSTED,
  snippetOptionsFor,
  type PanelState,
} from "./panel-options.js";

/**
 * An endpoint snippet reads `API_TOKEN`; this hub's gateway takes a hub token, which the Hugging Face
 * clients already read from `HF_TOKEN` (and which a hub token of the `hf_` form looks like).
 */
function readingHubToken(snippet: InferenceSnippet): InferenceSnippet {
  return { ...snippet, content: snippet.content.replace(/\bAPI_TOKEN\b/g, "HF_TOKEN") };
}

/**
 * The inference snippets the panel shows for `provider`. A self-hosted server without a valid URL
 * gets none: without `endpointUrl` the generator would fall back to the public router. The hub
 * choices call `${hubOrigin}/v1`.
 */
export function panelInferenceSnippets(
  model: RepoInfo,
  mappings: ProviderMapping[],
  state: PanelState,
  provider: string,
  conversational: boolean,
  hubOrigin?: string,
): InferenceSnippet[] {
  const options = snippetOptionsFor({ ...state, provider }, conversational, hubOrigin);
  if ((provider === SELF_HOSTED || isHubChoice(provider)) && options.endpointUrl === undefined) return [];
  if (isHubChoice(provider)) {
    // The gateway takes the hub id, or `id:backend` for one backend (the generator writes `model.id`).
    const backend = hubBackendOf(provider);
    const target = backend === undefined ? model : { ...model, id: `${model.id}:${backend}` };
    return localInferenceSnippets(target, "hf-inference", undefined, options).map(readingHubToken);
  }
  const target = generatorTarget(model, provider, mappings);
  return localInferenceSnippets(model, target.provider, target.mapping, options);
}
