import type { ModelData } from "./model-data.js";

/** Whether the model is tagged as a chat model. */
export function isConversational(model: ModelData): boolean {
  return model.tags?.includes("conversational") ?? false;
}

/** The first base model of a card, whichever form (string or list) the card uses. */
export function firstBaseModel(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  if (Array.isArray(base)) return base[0];
  return base ?? undefined;
}

/** Whether the model ships custom modelling code (needs `trust_remote_code`). */
export function needsRemoteCode(model: ModelData): boolean {
  return Boolean(model.config?.auto_map) || (model.tags?.includes("custom_code") ?? false);
}

function tokenText(token: string | { content: string } | undefined): string | undefined {
  if (token === undefined) return undefined;
  return typeof token === "string" ? token : token.content;
}

/** The model's mask token: the record's own, then its tokenizer's, else undefined. */
export function maskTokenOf(model: ModelData): string | undefined {
  return model.mask_token ?? tokenText(model.config?.tokenizer_config?.mask_token);
}
