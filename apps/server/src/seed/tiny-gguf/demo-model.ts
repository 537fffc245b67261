/** The demo catalogue's runnable chat model: a tiny GGUF the embedded inference backend serves out of the box. */
export const TINY_CHAT_MODEL_ID = "modelhub-demo/tiny-llama-chat-GGUF";

/** The demo catalogue's runnable embedding model (POST /v1/embeddings), served the same way. */
export const TINY_EMBEDDING_MODEL_ID = "modelhub-demo/tiny-llama-embed-GGUF";

/** The flag of its catalogue row: the GGUF is a real, loadable model (see tiny-llama.ts), not a header. */
export const RUNNABLE_FLAG = "runnable";

/** With `runnable`: the GGUF is the tiny embedding model (see tiny-embedding.ts). */
export const EMBEDDING_FLAG = "embedding";
