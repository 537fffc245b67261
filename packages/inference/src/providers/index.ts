import type { ProviderDefinition } from "./define-provider.js";
import { baseten } from "./baseten.js";
import { cerebras } from "./cerebras.js";
import { cohere } from "./cohere.js";
import { deepinfra } from "./deepinfra.js";
import { falAi } from "./fal-ai.js";
import { featherlessAi } from "./featherless-ai.js";
import { fireworksAi } from "./fireworks-ai.js";
import { groq } from "./groq.js";
import { hfInference } from "./hf-inference.js";
import { novita } from "./novita.js";
import { nscale } from "./nscale.js";
import { openai } from "./openai.js";
import { ovhcloud } from "./ovhcloud.js";
import { publicai } from "./publicai.js";
import { replicate } from "./replicate.js";
import { scaleway } from "./scaleway.js";
import { together } from "./together.js";
import { wavespeed } from "./wavespeed.js";
import { zaiOrg } from "./zai-org.js";

/** Every provider, in the order `INFERENCE_PROVIDERS` lists them. Adding a provider = one line here. */
export const PROVIDERS = [
  baseten,
  cerebras,
  cohere,
  deepinfra,
  falAi,
  featherlessAi,
  fireworksAi,
  groq,
  hfInference,
  novita,
  nscale,
  openai,
  ovhcloud,
  publicai,
  replicate,
  scaleway,
  together,
  wavespeed,
  zaiOrg,
] as const satisfies readonly ProviderDefinition[];

export type InferenceProvider = (typeof PROVIDERS)[number]["id"];
export type InferenceProviderOrPolicy = InferenceProvider | "auto";

export const INFERENCE_PROVIDERS: readonly InferenceProvider[] = PROVIDERS.map((p) => p.id);

const BY_ID: ReadonlyMap<string, ProviderDefinition> = new Map(PROVIDERS.map((p) => [p.id, p]));

/** The provider named `id`, or undefined. */
export function findProvider(id: string): ProviderDefinition | undefined {
  return BY_ID.get(id);
}

export {
  defineProvider,
  type ProviderDefinition,
  type TaskHelper,
  type ResponseKind,
} from "./define-provider.js";
