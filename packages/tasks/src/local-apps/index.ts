export { LOCAL_APPS, localAppsForModel, isMLXModel, isTransformersLLM, type LocalAppKey } from "./apps.js";
export {
  ggufChoices,
  defaultGGUFChoice,
  pickGGUFChoice,
  isGGUFModel,
  DEFAULT_GGUF_QUANT,
  type GGUFChoice,
} from "./gguf-choices.js";
export { isPublicHub, resolveUrl, localFileName, localModelReference } from "./shell-parts.js";
export type { LocalApp, LocalAppOptions, LocalAppSnippet, LocalAppSource } from "./types.js";
