/** What a model needs for a local app to run it (the Local apps card's rules, as listing filters). */
export type AppRequirement =
  { kind: "tag"; anyOf: string[] } | { kind: "llm"; library: string; tasks: string[] };

const GGUF: AppRequirement = { kind: "tag", anyOf: ["gguf"] };
const CHAT_TASKS = ["text-generation", "image-text-to-text"];

/** `apps=` values the listing understands (the Hub's app ids, as in the Local apps card). */
export const APP_REQUIREMENTS: Record<string, AppRequirement> = {
  "llama.cpp": GGUF,
  ollama: GGUF,
  jan: GGUF,
  llamafile: GGUF,
  "docker-model-runner": GGUF,
  "lm-studio": { kind: "tag", anyOf: ["gguf", "mlx"] },
  "mlx-lm": { kind: "tag", anyOf: ["mlx"] },
  vllm: { kind: "llm", library: "transformers", tasks: CHAT_TASKS },
  sglang: { kind: "llm", library: "transformers", tasks: CHAT_TASKS },
};
