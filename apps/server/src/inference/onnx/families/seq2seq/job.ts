import type { GenerationOptions } from "../text-generation/job.js";

/** The encoder-decoder text family's job (text2text-generation, summarization, translation). */

export const SEQ2SEQ_FAMILY = "seq2seq";

export interface Seq2SeqInput {
  texts: string[];
  single: boolean;
  options: Omit<GenerationOptions, "return_full_text">;
  seed?: number;
  /** Translation only: language codes of the model's tokenizer (NLLB, M2M100, mBART). */
  srcLang?: string;
  tgtLang?: string;
}

/** The key of each answer entry per task, as the Inference API names it. */
export const ANSWER_KEY: Record<string, string> = {
  "text2text-generation": "generated_text",
  summarization: "summary_text",
  translation: "translation_text",
};
