import type { ModelData } from "../../../model/model-data.js";
import { filesWithExtension, textInputOf } from "../helpers.js";

/** Whether the model record carries `tag`. */
export function hasTag(model: ModelData, tag: string): boolean {
  return model.tags?.includes(tag) ?? false;
}

/** The first repository file with `extension`, or `fallback` when the record lists none. */
export function firstFileOr(model: ModelData, extension: string, fallback: string): string {
  return filesWithExtension(model, extension)[0] ?? fallback;
}

/** The model's example text (widget or task default), or `fallback`. */
export function sampleTextOr(model: ModelData, fallback: string): string {
  return textInputOf(model) ?? fallback;
}

/** The model's first base model from its card, if any. */
export function baseModelOf(model: ModelData): string | undefined {
  const base = model.cardData?.base_model;
  const first = Array.isArray(base) ? base[0] : base;
  return typeof first === "string" && first !== "" ? first : undefined;
}

/** A string field nested in the record's config (`config[section][field]`), if it is a string. */
export function configString(model: ModelData, section: string, field: string): string | undefined {
  const block = model.config?.[section];
  if (typeof block !== "object" || block === null) return undefined;
  const value = (block as Record<string, unknown>)[field];
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Whether the repository id contains `part`, ignoring case. */
export function idMentions(model: ModelData, part: string): boolean {
  return model.id.toLowerCase().includes(part.toLowerCase());
}

export const SAMPLE_SPEECH_TEXT = "Hello! This sentence was spoken by a model downloaded from the Hub.";
export const SAMPLE_PHOTO_URL =
  "https://huggingface.co/datasets/huggingface/documentation-images/resolve/main/hub/parrots.png";
