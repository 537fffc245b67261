/** The demo catalogue's runnable chat model: a tiny GGUF the embedded inference backend serves out of the box. */
export const TINY_CHAT_MODEL_ID = "modelhub-demo/tiny-llama-chat-GGUF";

/** The flag of its catalogue row: the GGUF is a real, loadable model (see tiny-llama.ts), not a header. */
export const RUNNABLE_FLAG = "runnable";
