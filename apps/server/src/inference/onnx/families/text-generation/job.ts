/** The text-generation family's job, shared by its request half and its runner. */

export const TEXT_GENERATION_FAMILY = "text-generation";

export interface ChatMessage {
  role: string;
  content: string;
}

/** transformers.js generation options the hub passes (the pipeline's own names). */
export interface GenerationOptions {
  max_new_tokens?: number;
  do_sample: boolean;
  temperature?: number;
  top_k?: number;
  top_p?: number;
  repetition_penalty?: number;
  return_full_text: boolean;
}

export interface GenerationInput {
  /** Texts to continue, or conversations for the chat template (`chat`). */
  prompts: string[] | ChatMessage[][];
  chat: boolean;
  /** One text given (the answer is one list), not a list of them. */
  single: boolean;
  options: GenerationOptions;
  /** Seeds transformers.js's sampler for this call: the same seed gives the same tokens. */
  seed?: number;
  /** Generation ends at the first of these strings; the answer stops before it. */
  stop: string[];
}

/** One streamed token: its id, the text it adds (may be empty while a character is incomplete). */
export interface TokenChunk {
  /** Position of the token among the generated ones. */
  index: number;
  id: number;
  text: string;
  special: boolean;
}

/** The runner's output: one entry per prompt. */
export interface GeneratedText {
  text: string;
  /** Tokens generated (EOS included when it ended the text). */
  tokens: number;
  finish: "length" | "eos_token" | "stop_sequence";
}
