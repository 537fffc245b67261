import type { InferenceSnippet, RepoInfo } from "../../lib/api-types.js";
import type { ProviderMapping } from "../repos/api/get-provider-mapping.js";
import { localInferenceSnippets } from "./generator.js";
import { generatorTarget, SELF_HOSTED, snippetOptionsFor, type PanelState } from "./panel-options.js";

/**
 * The inference snippets the panel shows for `provider`. A self-hosted server without a valid URL
 * gets none: without `endpointUrl` the generator would fall back to the public router.
 */
export function panelInferenceSnippets(
  model: RepoInfo,
  mappings: ProviderMapping[],
  state: PanelState,
  provider: string,
  conversational: boolean,
): InferenceSnippet[] {
  const options = snippetOptionsFor({ ...state, provider }, conversational);
  if (provider === SELF_HOSTED && options.endpointUrl === undefined) return [];
  const target = generatorTarget(model, provider, mappings);
  return localInferenceSnippets(model, target.provider, target.mapping, options);
}
